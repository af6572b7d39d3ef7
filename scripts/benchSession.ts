/**
 * How soon a first visit saves its guest, the app against a bare page, side by side in one
 * Chromium: the built app (scripts/builtSite.ts serves `dist/` as deployed) and a page that only
 * calls `initializeAuth` and `signInAnonymously` (scripts/bareGuestPage, built with Vite here),
 * both against the same Auth Emulator. Each visit is a first visit in a fresh browser context, the
 * two alternating which goes first; the time is from navigation start to the end of the
 * `accounts:signUp` response (Resource Timing). After each first visit, the app is visited again
 * in the same context: the time until the header's session link shows the restored session.
 * Prints each visit, then medians, p90 and app − bare. Unthrottled: these are ratios and
 * differences on this machine, not phone timings.
 * Usage: npm run build && npm run bench:session   (BENCH_RUNS=<n>, default 15; BENCH_PATH=<route>,
 * default /; BUILD_DIR as for Lighthouse)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { serveBuiltSite } from './builtSite';
import { launchChromium, OFFLINE_GOOGLE_FLAG } from './chromium';
import { freePort } from './freePort';
import { HEADER_KNOWN } from './pageSignals';
import { describeMachine, formatMs, median, percentile, runsFromEnv } from './stats';

const BARE_PAGE_ROOT = path.join(import.meta.dirname, 'bareGuestPage');
const DEFAULT_RUNS = 15;
const VISIT_TIMEOUT_MS = 30_000;
const SIGN_UP = 'accounts:signUp';

type Subject = 'app' | 'bare';

interface Visits {
  firstVisitMs: Record<Subject, number[]>;
  /** The app's repeat visits: when the header showed the session, and the first paint. */
  headerKnownMs: number[];
  firstPaintMs: number[];
  /** Repeat visits that signed up again (the session was not restored). */
  repeatSignUps: number;
}

declare global {
  interface Window {
    /** Set by the benchmark's init script: when the header first showed a known session. */
    __headerKnownAt?: number;
  }
}

/** Builds the bare page into `outDir` and serves it on 127.0.0.1:`port`. */
async function buildAndPreview(
  outDir: string,
  port: number,
  authEmulatorUrl: string,
): Promise<PreviewServer> {
  const shared = { root: BARE_PAGE_ROOT, configFile: false as const, logLevel: 'warn' as const };
  await build({
    ...shared,
    define: { __AUTH_EMULATOR_URL__: JSON.stringify(authEmulatorUrl) },
    build: { outDir, emptyOutDir: true },
  });
  return preview({
    ...shared,
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
}

/** The bare page, built into a temporary folder and served on a free port. */
async function serveBarePage(
  authEmulatorUrl: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'applyfirst-bare-page-'));
  const removeOutDir = () => rm(outDir, { recursive: true, force: true });
  const port = await freePort();
  const server = await buildAndPreview(outDir, port, authEmulatorUrl).catch(
    async (error: unknown) => {
      await removeOutDir();
      throw error;
    },
  );
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      await server.close();
      await removeOutDir();
    },
  };
}

/**
 * Notes, in the page, the moment the header's session link first shows a known session. Runs in
 * the browser, so no named inner functions: tsx would wrap them in a helper the page lacks.
 */
function watchHeader(selector: string): void {
  const observer = new MutationObserver(() => {
    if (window.__headerKnownAt !== undefined || !document.querySelector(selector)) return;
    window.__headerKnownAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

function isSignUp(url: string): boolean {
  return url.includes(SIGN_UP);
}

/** When the sign-up response ended, in ms from navigation start (the page's time origin). */
async function signUpEnd(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    (name) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
        (entry) => entry.name.includes(name) && entry.responseEnd > 0,
      )?.responseEnd,
    SIGN_UP,
    { timeout: VISIT_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) ?? Number.NaN;
}

/** A first visit in a fresh context: ms until the guest's sign-up response ended. */
async function firstVisit(
  context: BrowserContext,
  url: string,
): Promise<{ page: Page; ms: number }> {
  const page = await context.newPage();
  const signedUp = page.waitForResponse((response) => isSignUp(response.url()), {
    timeout: VISIT_TIMEOUT_MS,
  });
  await page.goto(url, { waitUntil: 'commit' });
  await (await signedUp).finished();
  return { page, ms: await signUpEnd(page) };
}

/** The app again in the same context: when the header showed the session, and the first paint. */
async function repeatVisit(
  page: Page,
  url: string,
): Promise<{ headerMs: number; paintMs: number; signedUp: boolean }> {
  await page.locator(HEADER_KNOWN).waitFor({ timeout: VISIT_TIMEOUT_MS });
  let signedUp = false;
  const onResponse = (response: { url(): string }): void => {
    if (isSignUp(response.url())) signedUp = true;
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'load' });
  const known = await page.waitForFunction(
    () => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const header = window.__headerKnownAt;
      return paint && header !== undefined ? { headerMs: header, paintMs: paint.startTime } : null;
    },
    undefined,
    { timeout: VISIT_TIMEOUT_MS },
  );
  const { headerMs, paintMs } = (await known.jsonValue()) ?? { headerMs: NaN, paintMs: NaN };
  page.off('response', onResponse);
  return { headerMs, paintMs, signedUp };
}

async function measureApp(browser: Browser, url: string, visits: Visits): Promise<string> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(watchHeader, HEADER_KNOWN);
    const first = await firstVisit(context, url);
    const repeat = await repeatVisit(first.page, url);
    visits.firstVisitMs.app.push(first.ms);
    visits.headerKnownMs.push(repeat.headerMs);
    visits.firstPaintMs.push(repeat.paintMs);
    if (repeat.signedUp) visits.repeatSignUps += 1;
    return `app ${formatMs(first.ms)} (repeat: header ${formatMs(repeat.headerMs)}, first paint ${formatMs(repeat.paintMs)})`;
  } finally {
    await context.close();
  }
}

async function measureBare(browser: Browser, url: string, visits: Visits): Promise<string> {
  const context = await browser.newContext();
  try {
    const first = await firstVisit(context, url);
    visits.firstVisitMs.bare.push(first.ms);
    return `bare ${formatMs(first.ms)}`;
  } finally {
    await context.close();
  }
}

function summary(label: string, values: readonly number[]): string {
  return `${label.padEnd(44)} median ${formatMs(median(values)).padStart(8)}   p90 ${formatMs(percentile(values, 90)).padStart(8)}`;
}

function printSummary(visits: Visits, runs: number): void {
  const app = median(visits.firstVisitMs.app);
  const bare = median(visits.firstVisitMs.bare);
  console.log(`\n${runs} first visit(s) each, from navigation start to the end of ${SIGN_UP}:`);
  console.log(summary('app', visits.firstVisitMs.app));
  console.log(summary('bare page', visits.firstVisitMs.bare));
  console.log(
    `app − bare ${formatMs(app - bare)} (medians), app / bare ${(app / bare).toFixed(2)}`,
  );
  console.log(`\nThe app's repeat visit (the same context, its guest stored):`);
  console.log(summary('header shows the session', visits.headerKnownMs));
  console.log(summary('first contentful paint', visits.firstPaintMs));
  if (visits.repeatSignUps > 0)
    console.log(
      `${visits.repeatSignUps} repeat visit(s) signed up again: the session was not restored.`,
    );
}

async function main(): Promise<void> {
  const runs = runsFromEnv('BENCH_RUNS', DEFAULT_RUNS);
  const route = process.env.BENCH_PATH ?? '/';
  const site = await serveBuiltSite();
  const stops: Array<() => Promise<void>> = [site.stop];
  try {
    const bare = await serveBarePage(site.authEmulatorUrl);
    stops.unshift(bare.stop);
    const browser = await launchChromium([OFFLINE_GOOGLE_FLAG]);
    stops.unshift(() => browser.close());
    const appUrl = `${site.origin}${route}`;
    console.log(`App ${appUrl} against bare page ${bare.url}, Chromium ${browser.version()}.`);
    console.log(`Machine: ${describeMachine(cpus(), loadavg())}.`);
    const visits: Visits = {
      firstVisitMs: { app: [], bare: [] },
      headerKnownMs: [],
      firstPaintMs: [],
      repeatSignUps: 0,
    };
    for (let run = 0; run < runs; run += 1) {
      const order: Subject[] = run % 2 === 0 ? ['app', 'bare'] : ['bare', 'app'];
      const lines: string[] = [];
      for (const subject of order)
        lines.push(
          subject === 'app'
            ? await measureApp(browser, appUrl, visits)
            : await measureBare(browser, bare.url, visits),
        );
      console.log(`[${run + 1}/${runs}] ${lines.join('   ')}`);
    }
    printSummary(visits, runs);
    console.log(`Machine at the end: ${describeMachine(cpus(), loadavg())}.`);
  } finally {
    for (const stop of stops) await stop();
  }
}

await main();

/**
 * How fast the installed app opens to the matches: `/matches` of the built site
 * (scripts/builtSite.ts serves `dist/` as deployed) for a guest with a profile and a list of
 * matches, from the backend in this process (in-memory PGlite, on :8080) polling the job-board
 * stand-in's recorded boards. Three kinds of visit, each with and without 4× CPU throttling
 * (CDP `Emulation.setCPUThrottlingRate`, a phone's CPU; the service worker's own thread is not
 * throttled):
 * - cold: a fresh context holding only the signed-in guest (no service worker, empty HTTP cache);
 * - repeat, worker stopped: the context whose service worker was installed and warmed, the worker
 *   stopped first (CDP `ServiceWorker.stopAllWorkers`), as when the app is opened again later;
 * - repeat, worker running: the same, right after another visit.
 * Each visit is a new tab, measured from navigation start to the first contentful paint and to the
 * first match card (or an empty state) being visible; whether the document came through the
 * service worker (`workerStart`) and how long the worker took to answer it (`responseStart` −
 * `workerStart`: the pages are network-first), and when `GET /v1/matches` was asked and answered
 * (Resource Timing). Prints medians and p90, the calls of the last repeat visit (what the list
 * waits for) and the machine's load.
 * Usage: npm run build && npm run bench:open   (BENCH_RUNS=<n> visits of each kind, default 20;
 * BUILD_DIR as for Lighthouse)
 */
import { cpus, loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AlertProfileInput, GetMatchesResponse } from '../contract';
import { withBuiltSiteAndBackend } from './backendWithPostings';
import { describeMachine, formatMs, median, percentile, runsFromEnv } from './stats';

const VISIT_TIMEOUT_MS = 30_000;
const PHONE_CPU_SLOWDOWN = 4;
/** A match card, or the page's word that there is none (src/ui/matches/MatchesPage.tsx). */
const LISTED = '.matches-page__list > li, .matches-page .card';
const MATCH_CARD = '.matches-page__list > li';

/** Fits some of the stand-in's recorded postings: a list to show, as a seeker's would. */
const PROFILE: AlertProfileInput = {
  targetRoles: ['Software Engineer', 'Backend Engineer', 'Frontend Engineer'],
  skills: ['TypeScript', 'Python', 'React', 'PostgreSQL', 'Go', 'AWS'],
  where: { remoteUs: true, remoteWorldwide: false, usStates: ['CA', 'NY'], usCities: [] },
  seniority: 'senior',
  minSalary: null,
  needsVisaSponsorship: false,
};

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

type Kind = 'cold' | 'repeat, worker stopped' | 'repeat, worker running';
const KINDS: readonly Kind[] = ['cold', 'repeat, worker stopped', 'repeat, worker running'];

interface Visit {
  paintMs: number;
  listedMs: number;
  /** The document came through the service worker. */
  fromWorker: boolean;
  /** From the worker's start to the document's first byte (0 without a worker). */
  workerAnswerMs: number;
  /** When the page's last script (lazy chunks too) had come; on a repeat visit, from the cache. */
  scriptsLoadedMs: number;
  /** When the matches were asked of the backend, and when the answer had come. */
  matchesAskedMs: number;
  matchesAnsweredMs: number;
  /** The calls to the backend and the Auth Emulator: path, start and end (ms). */
  calls: [string, number, number][];
}

declare global {
  interface Window {
    /** Set by the benchmark's init script: when a match card or an empty state first showed. */
    __listedAt?: number;
  }
}

/**
 * Notes, in the page, when the list (or its empty state) is first visible. Runs in the browser, so
 * no named inner functions: tsx would wrap them in a helper the page lacks.
 */
function watchList(selector: string): void {
  const observer = new MutationObserver(() => {
    const shown = document.querySelector(selector);
    if (window.__listedAt !== undefined || !shown?.checkVisibility()) return;
    window.__listedAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

/** The signed-in user's ID token, read where the Firebase SDK keeps it (IndexedDB). */
function idTokenOf(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const opening = indexedDB.open('firebaseLocalStorageDb');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const reading = opening.result
            .transaction('firebaseLocalStorage', 'readonly')
            .objectStore('firebaseLocalStorage')
            .getAll();
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            opening.result.close();
            const entries = reading.result as {
              value?: { stsTokenManager?: { accessToken?: string } };
            }[];
            const tokens = entries.map((entry) => entry.value?.stsTokenManager?.accessToken);
            resolve(tokens.find((token) => typeof token === 'string') ?? null);
          };
        };
      }),
  );
}

/** One visit in a new tab of `context`: its timings, the tab closed after. */
async function visit(context: BrowserContext, url: string, cpuSlowdown: number): Promise<Visit> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit', timeout: VISIT_TIMEOUT_MS });
    const measured = await page.waitForFunction(
      () => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const listed = window.__listedAt;
        const [navigation] = performance.getEntriesByType(
          'navigation',
        ) as PerformanceNavigationTiming[];
        if (!paint || listed === undefined || !navigation) return null;
        const fromWorker = navigation.workerStart > 0;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const scripts = resources.filter(
          (entry) => new URL(entry.name).origin === location.origin && entry.name.endsWith('.js'),
        );
        const calls = resources
          .filter((entry) => new URL(entry.name).origin !== location.origin)
          .map((entry): [string, number, number] => [
            new URL(entry.name).pathname,
            Math.round(entry.startTime),
            Math.round(entry.responseEnd),
          ]);
        const matches = calls.find(([path]) => path === '/v1/matches');
        return {
          scriptsLoadedMs: Math.max(...scripts.map((entry) => entry.responseEnd)),
          matchesAskedMs: matches?.[1] ?? Number.NaN,
          matchesAnsweredMs: matches?.[2] ?? Number.NaN,
          calls,
          paintMs: paint.startTime,
          listedMs: listed,
          fromWorker,
          workerAnswerMs: fromWorker ? navigation.responseStart - navigation.workerStart : 0,
        };
      },
      undefined,
      { timeout: VISIT_TIMEOUT_MS },
    );
    const result = await measured.jsonValue();
    if (result === null) throw new Error(`No timings for ${url}.`);
    return result;
  } finally {
    await page.close();
  }
}

/** A guest signed in by a first visit, with a saved profile that has matches: its storage. */
async function guestWithMatches(
  browser: Browser,
  url: string,
  backendUrl: string,
): Promise<{ storage: StorageState; matches: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('.matches-page .card').first().waitFor({ timeout: VISIT_TIMEOUT_MS });
    const token = await idTokenOf(page);
    if (token === null) throw new Error('The first visit left no signed-in guest.');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const saved = await fetch(`${backendUrl}/v1/profile`, {
      method: 'PUT',
      headers,
      body: JSON.stringify(PROFILE),
    });
    if (!saved.ok) throw new Error(`Saving the profile: ${saved.status} ${await saved.text()}`);
    const listed = await fetch(`${backendUrl}/v1/matches`, { headers });
    const { matches } = (await listed.json()) as GetMatchesResponse;
    if (matches.length === 0) throw new Error('The profile has no matches to list.');
    // The service worker (if this visit installed one) stays out of the saved storage.
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister();
      for (const name of await caches.keys()) await caches.delete(name);
    });
    return { storage: await context.storageState({ indexedDB: true }), matches: matches.length };
  } finally {
    await context.close();
  }
}

/** Until the page's service worker controls it (it registers itself after hydration). */
async function waitForWorker(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null || null;
    });
  } finally {
    await page.close();
  }
}

/** `BENCH_RUNS` visits of each kind at one CPU speed, alternating the kinds. */
async function measure(
  browser: Browser,
  storage: StorageState,
  url: string,
  runs: number,
  cpuSlowdown: number,
): Promise<Map<Kind, Visit[]>> {
  const visits = new Map<Kind, Visit[]>(KINDS.map((kind) => [kind, []]));
  const installed = await browser.newContext({ storageState: storage });
  try {
    await installed.addInitScript(watchList, LISTED);
    await waitForWorker(installed, url);
    // A first controlled visit puts the page in the worker's cache, as the installed app's would be.
    await visit(installed, url, 1);
    for (let run = 0; run < runs; run += 1) {
      const cold = await browser.newContext({ storageState: storage });
      try {
        await cold.addInitScript(watchList, LISTED);
        visits.get('cold')?.push(await visit(cold, url, cpuSlowdown));
      } finally {
        await cold.close();
      }
      await stopWorkers(installed);
      visits.get('repeat, worker stopped')?.push(await visit(installed, url, cpuSlowdown));
      visits.get('repeat, worker running')?.push(await visit(installed, url, cpuSlowdown));
      process.stdout.write('.');
    }
    process.stdout.write('\n');
  } finally {
    await installed.close();
  }
  return visits;
}

/** Stops the context's service workers (CDP, through a tab of its own). */
async function stopWorkers(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
  } finally {
    await page.close();
  }
}

function row(label: string, values: readonly number[]): string {
  return `${label.padEnd(30)} median ${formatMs(median(values)).padStart(8)}   p90 ${formatMs(percentile(values, 90)).padStart(8)}`;
}

/** What each printed row reads from a visit. */
const ROWS: readonly [string, (visit: Visit) => number][] = [
  ['first contentful paint', (one) => one.paintMs],
  ['last script of the page loaded', (one) => one.scriptsLoadedMs],
  ['GET /v1/matches asked', (one) => one.matchesAskedMs],
  ['GET /v1/matches answered', (one) => one.matchesAnsweredMs],
  ['matches listed', (one) => one.listedMs],
];

function printKind(kind: Kind, visits: readonly Visit[]): void {
  const fromWorker = visits.filter((one) => one.fromWorker);
  console.log(`  ${kind} (${fromWorker.length} of ${visits.length} through the service worker)`);
  for (const [label, read] of ROWS) console.log(`    ${row(label, visits.map(read))}`);
  if (fromWorker.length > 0)
    console.log(
      `    ${row(
        'worker answered the page',
        fromWorker.map((one) => one.workerAnswerMs),
      )}`,
    );
}

async function main(): Promise<void> {
  const runs = runsFromEnv('BENCH_RUNS', 20);
  await withBuiltSiteAndBackend(async ({ backend, site, browser }) => {
    const url = `${site.origin}/matches`;
    const guest = await guestWithMatches(browser, url, backend.url);
    console.log(`${url}, a guest with ${guest.matches} matches, Chromium ${browser.version()}.`);
    console.log(`Machine: ${describeMachine(cpus(), loadavg())}.`);
    for (const cpuSlowdown of [1, PHONE_CPU_SLOWDOWN]) {
      const visits = await measure(browser, guest.storage, url, runs, cpuSlowdown);
      console.log(
        `\n${runs} visit(s) of each kind, CPU ${cpuSlowdown === 1 ? 'unthrottled' : `${cpuSlowdown}× slower`}, from navigation start:`,
      );
      for (const kind of KINDS) printKind(kind, visits.get(kind) ?? []);
      const last = visits.get('repeat, worker running')?.at(-1);
      const calls = last?.calls.map(([path, start, end]) => `${path} ${start}–${end}`);
      console.log(`  the last repeat visit's calls (ms): ${calls?.join(', ') ?? 'none'}`);
      const cards = await cardShown(browser, guest.storage, url);
      if (!cards) console.log('  (the list showed its empty state, not match cards)');
    }
    console.log(`\nMachine at the end: ${describeMachine(cpus(), loadavg())}.`);
  });
}

/** Whether the page shows match cards (not an empty state) for the guest. */
async function cardShown(browser: Browser, storage: StorageState, url: string): Promise<boolean> {
  const context = await browser.newContext({ storageState: storage });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator(LISTED).first().waitFor({ timeout: VISIT_TIMEOUT_MS });
    return (await page.locator(MATCH_CARD).count()) > 0;
  } finally {
    await context.close();
  }
}

await main();

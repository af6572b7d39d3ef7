/**
 * Main-thread blocking on a first visit, measured rather than simulated: every page of the built
 * `dist/` (scripts/builtSite.ts serves it as deployed) in Chromium with its CPU slowed down 4×, as
 * Lighthouse's mobile profile assumes. Each visit is a first visit in a fresh browser context and
 * lasts until the header shows the session and the main thread has been free of long tasks for a
 * while. The blocking time is Total Blocking Time's sum (each long task's time over 50 ms, from the
 * first contentful paint on), measured where Lighthouse simulates it from one unthrottled trace.
 * Prints each visit (with how many long tasks followed FCP), then the medians per page. Both figures
 * follow a shared machine's load: compare two builds in runs close together.
 * Usage: npm run build && npm run bench:blocking [-- /login '/blog/*']   (BENCH_RUNS=<n>,
 * default 7; BUILD_DIR as for Lighthouse, e.g. a build of another commit to compare with)
 */
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { builtPages, selectPages, type BuiltPage } from './builtPages';
import { DIST_DIR, serveBuiltSite } from './builtSite';
import { launchChromium, OFFLINE_GOOGLE_FLAG } from './chromium';
import { HEADER_KNOWN } from './pageSignals';
import { describeMachine, formatMs, median, runsFromEnv } from './stats';

const DEFAULT_RUNS = 7;
const CPU_SLOWDOWN = 4;
/** A task longer than this blocks input (the long-task threshold of TBT). */
const BLOCKING_THRESHOLD_MS = 50;
/** The visit ends once no long task has ended for this long... */
const QUIET_MS = 2_000;
/** ...or at this time limit from navigation start, whichever comes first. */
const VISIT_LIMIT_MS = 20_000;

interface LongTask {
  start: number;
  duration: number;
}

interface VisitFigures {
  blockingMs: number;
  /** Long tasks from FCP on. */
  longTasks: number;
  longestMs: number;
  firstPaintMs: number;
}

declare global {
  interface Window {
    /** Set by the benchmark's init script: every long task of the page, as it happens. */
    __longTasks?: LongTask[];
  }
}

/** Collects the page's long tasks. Runs in the browser: no named inner functions (see benchSession). */
function recordLongTasks(): void {
  const tasks: LongTask[] = [];
  window.__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** Waits until the last long task ended `QUIET_MS` ago (or the visit's time limit). */
async function waitForQuiet(page: Page): Promise<void> {
  await page.waitForFunction(
    ({ quietMs, limitMs }) => {
      const now = performance.now();
      const ends = (window.__longTasks ?? []).map((task) => task.start + task.duration);
      return now >= limitMs || now - Math.max(0, ...ends) >= quietMs;
    },
    { quietMs: QUIET_MS, limitMs: VISIT_LIMIT_MS },
    { polling: 250, timeout: VISIT_LIMIT_MS + 5_000 },
  );
}

async function visit(browser: Browser, url: string): Promise<VisitFigures> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(recordLongTasks);
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(HEADER_KNOWN).waitFor({ timeout: VISIT_LIMIT_MS });
    await waitForQuiet(page);
    const { tasks, firstPaintMs } = await page.evaluate(() => ({
      tasks: window.__longTasks ?? [],
      firstPaintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const afterPaint = tasks.filter((task) => task.start >= firstPaintMs);
    return {
      blockingMs: afterPaint.reduce(
        (sum, task) => sum + Math.max(0, task.duration - BLOCKING_THRESHOLD_MS),
        0,
      ),
      longTasks: afterPaint.length,
      longestMs: Math.max(0, ...afterPaint.map((task) => task.duration)),
      firstPaintMs,
    };
  } finally {
    await context.close();
  }
}

function ms(value: number): string {
  return formatMs(value).padStart(8);
}

function describeVisit(figures: VisitFigures): string {
  return `blocking ${ms(figures.blockingMs)} in ${figures.longTasks} long task(s)  longest ${ms(figures.longestMs)}  FCP ${ms(figures.firstPaintMs)}`;
}

/** Every page once per round, so a busy spell on the machine spreads over all pages. */
async function measure(
  browser: Browser,
  origin: string,
  pages: readonly BuiltPage[],
  runs: number,
): Promise<Map<string, VisitFigures[]>> {
  const results = new Map(pages.map((page) => [page.path, [] as VisitFigures[]]));
  for (let round = 1; round <= runs; round += 1) {
    for (const page of pages) {
      const figures = await visit(browser, `${origin}${page.path}`);
      results.get(page.path)?.push(figures);
      console.log(`[${round}/${runs}] ${page.path.padEnd(42)} ${describeVisit(figures)}`);
    }
  }
  return results;
}

function printSummary(results: Map<string, VisitFigures[]>, runs: number): void {
  console.log(
    `\nMedians of ${runs} first visit(s) per page, CPU slowed down ${CPU_SLOWDOWN}×, from FCP on:`,
  );
  for (const [pagePath, visits] of results) {
    const medianOf = (figure: keyof VisitFigures) => median(visits.map((visit) => visit[figure]));
    const medians: VisitFigures = {
      blockingMs: medianOf('blockingMs'),
      longTasks: medianOf('longTasks'),
      longestMs: medianOf('longestMs'),
      firstPaintMs: medianOf('firstPaintMs'),
    };
    console.log(`${pagePath.padEnd(42)} ${describeVisit(medians)}`);
  }
}

async function main(): Promise<void> {
  const runs = runsFromEnv('BENCH_RUNS', DEFAULT_RUNS);
  const pages = selectPages(await builtPages(DIST_DIR), process.argv.slice(2));
  const site = await serveBuiltSite();
  let browser: Browser | null = null;
  try {
    browser = await launchChromium([OFFLINE_GOOGLE_FLAG]);
    console.log(
      `${pages.length} page(s) of ${site.origin} (${DIST_DIR}), ${runs} run(s) each, ` +
        `Chromium ${browser.version()}.`,
    );
    console.log(`Machine: ${describeMachine(cpus(), loadavg())}.`);
    printSummary(await measure(browser, site.origin, pages, runs), runs);
    console.log(`Machine at the end: ${describeMachine(cpus(), loadavg())}.`);
  } finally {
    await browser?.close();
    await site.stop();
  }
}

await main();

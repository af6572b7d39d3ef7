/**
 * Lighthouse (mobile, its default simulated throttling) on every page of the built `dist/`
 * (scripts/builtSite.ts serves it as deployed), each page `LIGHTHOUSE_RUNS` times (default 5) in
 * rounds, all in one Chromium. Prints every run's scores, TBT, CLS, LCP and Lighthouse's machine
 * benchmark (`benchmarkIndex`), then each page's medians and the audits that failed. Fails when a
 * required median is below 100: all four categories, SEO only reported on `noindex` pages.
 * Google's gapi script (apis.google.com) is blocked: this machine is offline.
 * Usage: npm run build && npm run lighthouse [-- /account '/blog/*']   (CHROME_PATH, else the
 * system's Chromium; LIGHTHOUSE_REPORT=<dir> keeps every run's full report;
 * LIGHTHOUSE_CPU_SLOWDOWN=<n> sets the simulated CPU slowdown, Lighthouse's 4 by default: a host
 * k times faster than another, by benchmarkIndex, stands in for it at 4 × k)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { builtPages, selectPages, type BuiltPage } from './builtPages';
import { DIST_DIR, serveBuiltSite } from './builtSite';
import { CHROMIUM_FLAGS, findChromium, NO_CHROMIUM_MESSAGE } from './chromium';
import { describeMachine, median, runsFromEnv } from './stats';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const SHORT_NAMES: Record<Category, string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'bp',
  seo: 'seo',
};
const GAPI_SCRIPT = 'https://apis.google.com/js/api.js*';
const DEFAULT_RUNS = 5;
const DEFAULT_CPU_SLOWDOWN = 4;

/** The simulated CPU slowdown: Lighthouse's mobile default unless the environment asks another. */
function cpuSlowdown(): number {
  const asked = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? DEFAULT_CPU_SLOWDOWN);
  if (!(asked >= 1)) throw new Error('LIGHTHOUSE_CPU_SLOWDOWN must be a number from 1 up.');
  return asked;
}
/** A run Lighthouse itself gave up on (e.g. NO_NAVSTART, a lost trace) is tried this often. */
const ATTEMPTS = 3;

/** Lighthouse finished but could not measure the page; another try usually can. */
class LighthouseRunError extends Error {}

/** What one run measured. */
interface RunFigures {
  scores: Record<Category, number>;
  tbtMs: number;
  cls: number;
  lcpMs: number;
  benchmarkIndex: number;
  lighthouseVersion: string;
  /** Per category, the audits that did not pass, by id. */
  failed: Record<Category, Map<string, FailedAudit>>;
}

interface FailedAudit {
  title: string;
  /** What it measured, e.g. `1,250 ms`; empty for a yes/no audit. */
  value: string;
}

interface PageRuns {
  page: BuiltPage;
  runs: RunFigures[];
}

function required(page: BuiltPage, category: Category): boolean {
  return !(category === 'seo' && page.noindex);
}

function failedAudits(lhr: Result, category: Category): Map<string, FailedAudit> {
  const failed = new Map<string, FailedAudit>();
  for (const { id, weight } of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[id];
    if (weight === 0 || audit === undefined || (audit.score ?? 1) >= 1) continue;
    failed.set(id, { title: audit.title, value: audit.displayValue ?? '' });
  }
  return failed;
}

function figuresOf(lhr: Result): RunFigures {
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  const perCategory = <T>(value: (category: Category) => T) =>
    Object.fromEntries(CATEGORIES.map((category) => [category, value(category)])) as Record<
      Category,
      T
    >;
  return {
    scores: perCategory((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    failed: perCategory((category) => failedAudits(lhr, category)),
  };
}

function formatMetrics(tbtMs: number, cls: number, lcpMs: number): string {
  return [
    `TBT ${Math.round(tbtMs).toString().padStart(4)} ms`,
    `CLS ${cls.toFixed(3)}`,
    `LCP ${(lcpMs / 1000).toFixed(2)} s`,
  ].join('  ');
}

function formatRun(figures: RunFigures): string {
  const scores = CATEGORIES.map(
    (category) => `${SHORT_NAMES[category]} ${String(figures.scores[category]).padStart(3)}`,
  ).join(' ');
  return `benchmarkIndex ${Math.round(figures.benchmarkIndex)}  ${scores}  ${formatMetrics(figures.tbtMs, figures.cls, figures.lcpMs)}`;
}

/** One Lighthouse run on `url` in the running Chromium; its report is kept when asked to. */
async function audit(url: string, port: number, reportName: string): Promise<RunFigures> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // On mobile the Firebase SDK preloads Google's gapi script, which this machine cannot reach
    // (offline): Lighthouse blocks it itself, and ignores the requests it blocks.
    blockedUrlPatterns: [GAPI_SCRIPT],
    throttling: { cpuSlowdownMultiplier: cpuSlowdown() },
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  if (result.lhr.runtimeError)
    throw new LighthouseRunError(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  const reportDir = process.env.LIGHTHOUSE_REPORT;
  if (reportDir && typeof result.report === 'string') {
    await mkdir(path.resolve(reportDir), { recursive: true });
    await writeFile(path.resolve(reportDir, `${reportName}.json`), result.report);
  }
  return figuresOf(result.lhr);
}

async function auditWithRetries(url: string, port: number, name: string): Promise<RunFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port, name);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === ATTEMPTS) throw error;
      console.log(`  (${error.message} Running it again.)`);
    }
  }
}

function reportName(page: BuiltPage, run: number): string {
  const name = page.path === '/' ? 'home' : page.path.slice(1).replaceAll('/', '_');
  return `${name}-run${run}`;
}

/** Runs every page once per round, so a busy spell on the machine spreads over all pages. */
async function measure(
  pages: readonly BuiltPage[],
  origin: string,
  port: number,
  runs: number,
): Promise<PageRuns[]> {
  const results = pages.map((page) => ({ page, runs: [] as RunFigures[] }));
  const total = runs * pages.length;
  for (let round = 1; round <= runs; round += 1) {
    for (const result of results) {
      const figures = await auditWithRetries(
        `${origin}${result.page.path}`,
        port,
        reportName(result.page, round),
      );
      result.runs.push(figures);
      const done = String((round - 1) * pages.length + results.indexOf(result) + 1);
      console.log(
        `[${done.padStart(String(total).length)}/${total}] ${result.page.path.padEnd(40)} ${formatRun(figures)}`,
      );
    }
  }
  return results;
}

function medianScore(runs: readonly RunFigures[], category: Category): number {
  return median(runs.map((run) => run.scores[category]));
}

/** `100`, `(93)` for a score only reported, `93!` for a required one below 100. */
function formatMedianScore(page: BuiltPage, category: Category, score: number): string {
  const shown = String(Math.round(score));
  if (!required(page, category)) return `(${shown})`.padStart(6);
  return (score < 100 ? `${shown}!` : shown).padStart(6);
}

function medianLine({ page, runs }: PageRuns): string {
  const scores = CATEGORIES.map((category) =>
    formatMedianScore(page, category, medianScore(runs, category)),
  ).join('');
  const metrics = formatMetrics(
    median(runs.map((run) => run.tbtMs)),
    median(runs.map((run) => run.cls)),
    median(runs.map((run) => run.lcpMs)),
  );
  return `${page.path.padEnd(40)}${scores}   ${metrics}`;
}

/** The audits that failed in any run of a category whose median is below 100. */
function failureLines({ page, runs }: PageRuns): string[] {
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    if (medianScore(runs, category) >= 100) continue;
    const failures = new Map<string, { title: string; values: string[] }>();
    for (const run of runs) {
      for (const [id, { title, value }] of run.failed[category]) {
        failures.set(id, { title, values: [...(failures.get(id)?.values ?? []), value] });
      }
    }
    const note = required(page, category) ? '' : ' (reported only)';
    lines.push(`  ${page.path} ${category}${note}:`);
    for (const { title, values } of failures.values()) {
      const measured = values.some(Boolean) ? `: ${values.join(', ')}` : '';
      lines.push(`    - ${title}: failed in ${values.length} of ${runs.length} runs${measured}`);
    }
  }
  return lines;
}

function printSummary(results: readonly PageRuns[], runs: number): boolean {
  const indexes = results.flatMap((result) => result.runs.map((run) => run.benchmarkIndex));
  console.log(
    `\nMedians of ${runs} run(s) per page. benchmarkIndex over all runs: median ` +
      `${Math.round(median(indexes))}, min ${Math.round(Math.min(...indexes))}, max ` +
      `${Math.round(Math.max(...indexes))}. Machine: ${describeMachine(cpus(), loadavg())}.`,
  );
  console.log(`${'page'.padEnd(40)}${CATEGORIES.map((c) => SHORT_NAMES[c].padStart(6)).join('')}`);
  for (const result of results) console.log(medianLine(result));
  const failures = results.flatMap(failureLines);
  if (failures.length > 0)
    console.log(`\nAudits that failed (! marks a required median below 100):`);
  for (const line of failures) console.log(line);
  const allPerfect = results.every(({ page, runs: pageRuns }) =>
    CATEGORIES.every(
      (category) => !required(page, category) || medianScore(pageRuns, category) === 100,
    ),
  );
  console.log(allPerfect ? '\nEvery required median is 100.' : '\nA required median is below 100.');
  return allPerfect;
}

/** The browser's full version (its user agent says only the major one). */
async function browserVersion(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/json/version`);
  return ((await response.json()) as { Browser?: string }).Browser ?? 'unknown browser';
}

async function main(): Promise<number> {
  const runs = runsFromEnv('LIGHTHOUSE_RUNS', DEFAULT_RUNS);
  const pages = selectPages(await builtPages(DIST_DIR), process.argv.slice(2));
  const chromePath = findChromium();
  if (!chromePath) throw new Error(NO_CHROMIUM_MESSAGE);
  const site = await serveBuiltSite();
  let chrome: LaunchedChrome | null = null;
  try {
    chrome = await launch({ chromePath, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
    console.log(
      `Lighthouse (mobile) on ${pages.length} page(s) of ${site.origin}, ${runs} run(s) each, ` +
        `in one Chromium (${chromePath}), simulated CPU ${cpuSlowdown()}× slower.`,
    );
    // The first navigation of a fresh browser is slower (cold caches): measured, not counted.
    const warmUp = await auditWithRetries(
      `${site.origin}${pages[0]?.path ?? '/'}`,
      chrome.port,
      'warm-up',
    );
    console.log(`[warm-up, not counted] ${formatRun(warmUp)}`);
    console.log(`Lighthouse ${warmUp.lighthouseVersion}, ${await browserVersion(chrome.port)}.`);
    const results = await measure(pages, site.origin, chrome.port, runs);
    return printSummary(results, runs) ? 0 : 1;
  } finally {
    chrome?.kill();
    await site.stop();
  }
}

process.exitCode = await main();

/**
 * The product's own time on the CV-first journey: a new visitor of the built site
 * (scripts/builtSite.ts) at 390 px presses "Start free", chooses a CV (PDF or Word), and presses
 * "Show my matches" on the proposals as they come. The backend runs in this process on in-memory
 * PGlite with the job-board stand-in's boards polled once (scripts/backendWithPostings.ts). Each
 * run is a fresh context (a new guest, empty caches, no service worker), unthrottled and with 4×
 * CPU throttling (a phone's CPU). Three waits are timed from the person's action to what they wait
 * for, in Node around Playwright's calls:
 * - step ready: "Start free" pressed → the CV button and "Start without a CV" shown (the guest
 *   session and its empty profile are known);
 * - CV read: the file chosen → "We read your CV. Check what it proposes below.";
 * - matches listed: "Show my matches" pressed → `/matches` with its first match card.
 * Their sum is the product's time; the person's own time (reading, choosing the file) is not in
 * it. Prints medians and p90 per CV format and CPU speed, and the machine's load.
 * Usage: npm run build && npm run bench:journey   (BENCH_RUNS=<n> per row, default 10; BUILD_DIR
 * as for Lighthouse)
 */
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { docxWithText, pdfWithText } from '../test/server/support/cvFiles';
import { PATHS } from '../src/paths';
import { withBuiltSiteAndBackend } from './backendWithPostings';
import { describeMachine, formatMs, median, percentile, runsFromEnv } from './stats';

const WAIT_MS = 30_000;
const PHONE_CPU_SLOWDOWN = 4;
const MATCH_CARD = '.matches-page__list > li';

/** A one-page CV as a seeker writes it: fictional, shaped to fit some of the stand-in's postings. */
const CV_LINES = [
  'Sam Rivera',
  'San Francisco, CA · sam.rivera@example.com',
  'Senior Software Engineer',
  'Experience',
  'Senior Software Engineer, Northwind Labs, 2021 - Present',
  '- Built the TypeScript and React front end of a billing product used by 40,000 teams.',
  '- Designed Node.js services on PostgreSQL and AWS; cut p95 latency by half.',
  'Backend Engineer, Globex, 2017 - 2021',
  '- Go and Python services, Kubernetes, Terraform, GraphQL APIs.',
  'Skills',
  'TypeScript, React, Node.js, Go, Python, PostgreSQL, AWS, Kubernetes, GraphQL',
  'Education',
  'B.S. Computer Science, University of Texas at Austin',
];

const CVS = [
  { name: 'sam-rivera.pdf', mimeType: 'application/pdf', buffer: pdfWithText(CV_LINES) },
  {
    name: 'sam-rivera.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docxWithText(CV_LINES),
  },
] as const;

type Cv = (typeof CVS)[number];

interface Journey {
  stepReadyMs: number;
  cvReadMs: number;
  matchesListedMs: number;
}

/** Milliseconds from the action to the wait's end. */
async function timed(action: () => Promise<unknown>, wait: () => Promise<unknown>) {
  const started = performance.now();
  await action();
  await wait();
  return performance.now() - started;
}

async function journey(browser: Browser, origin: string, cv: Cv, cpu: number): Promise<Journey> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 800 },
    serviceWorkers: 'block',
  });
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(`${origin}/`, { timeout: WAIT_MS });
    const startFree = page.getByRole('link', { name: 'Start free' }).first();
    await startFree.waitFor({ timeout: WAIT_MS });
    const stepReadyMs = await timed(
      () => startFree.click(),
      () => page.getByRole('button', { name: 'Start without a CV' }).waitFor({ timeout: WAIT_MS }),
    );
    const cvReadMs = await timed(
      () => page.getByLabel('Choose your CV').setInputFiles(cv),
      () =>
        page
          .getByRole('status')
          .filter({ hasText: 'We read your CV. Check what it proposes below.' })
          .waitFor({ timeout: WAIT_MS }),
    );
    const matchesListedMs = await timed(
      () => page.getByRole('button', { name: 'Show my matches' }).click(),
      async () => {
        await page.waitForURL(`${origin}${PATHS.matches}`, { timeout: WAIT_MS });
        await page.locator(MATCH_CARD).first().waitFor({ timeout: WAIT_MS });
      },
    );
    return { stepReadyMs, cvReadMs, matchesListedMs };
  } finally {
    await context.close();
  }
}

const ROWS: readonly [string, (one: Journey) => number][] = [
  ['step ready', (one) => one.stepReadyMs],
  ['CV read', (one) => one.cvReadMs],
  ['matches listed', (one) => one.matchesListedMs],
  ['product time (sum)', (one) => one.stepReadyMs + one.cvReadMs + one.matchesListedMs],
];

function print(label: string, journeys: readonly Journey[]): void {
  console.log(`  ${label}`);
  for (const [name, read] of ROWS) {
    const values = journeys.map(read);
    console.log(
      `    ${name.padEnd(20)} median ${formatMs(median(values)).padStart(8)}   p90 ${formatMs(percentile(values, 90)).padStart(8)}`,
    );
  }
}

async function main(): Promise<void> {
  const runs = runsFromEnv('BENCH_RUNS', 10);
  await withBuiltSiteAndBackend(async ({ site, browser }) => {
    console.log(`${site.origin}, Chromium ${browser.version()}, ${runs} journeys a row.`);
    console.log(`Machine: ${describeMachine(cpus(), loadavg())}.`);
    for (const cpu of [1, PHONE_CPU_SLOWDOWN]) {
      // The formats take turns, so a change in the machine's load falls on both alike.
      const byCv = new Map<Cv, Journey[]>(CVS.map((cv) => [cv, []]));
      for (let run = 0; run < runs; run += 1)
        for (const cv of CVS) byCv.get(cv)?.push(await journey(browser, site.origin, cv, cpu));
      const speed = cpu === 1 ? 'CPU unthrottled' : `CPU ${cpu}× slower`;
      for (const [cv, journeys] of byCv) print(`${cv.name}, ${speed}`, journeys);
    }
    console.log(`Machine at the end: ${describeMachine(cpus(), loadavg())}.`);
  });
}

await main();

/**
 * `npm run bench:intl`: what the first `Intl` object of a page costs in Chromium, beside the second
 * of the same kind, for each kind the site uses. Each run is a fresh page (a fresh renderer), so
 * every first is a page's first. Prints the medians with the machine; see docs/architecture.md,
 * "Intl at load". Usage: npm run bench:intl  (INTL_RUNS=<n>, default 5)
 */
import { cpus, loadavg } from 'node:os';
import { launchChromium } from './chromium';
import { describeMachine, median, runsFromEnv } from './stats';

const FORMATTERS: Readonly<Record<string, string>> = {
  'DateTimeFormat (date and time)':
    "new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })",
  RelativeTimeFormat: "new Intl.RelativeTimeFormat('en', { numeric: 'always' })",
  'DisplayNames (regions)': "new Intl.DisplayNames(['en'], { type: 'region' })",
  Collator: "new Intl.Collator('en')",
  NumberFormat: "new Intl.NumberFormat('en-US')",
};

const runs = runsFromEnv('INTL_RUNS', 5);
const browser = await launchChromium();
try {
  console.log(describeMachine(cpus(), loadavg()));
  for (const [name, source] of Object.entries(FORMATTERS)) {
    const first: number[] = [];
    const second: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const page = await browser.newPage();
      await page.goto('data:text/html,<p>Intl</p>');
      // A string, not a function: the bundler's helpers do not exist in the page.
      const [once, again] = (await page.evaluate(
        `(() => { const t0 = performance.now(); ${source}; const t1 = performance.now(); ${source}; return [t1 - t0, performance.now() - t1]; })()`,
      )) as [number, number];
      first.push(once);
      second.push(again);
      await page.close();
    }
    console.log(
      `${name.padEnd(32)} first ${median(first).toFixed(1)} ms, second ${median(second).toFixed(2)} ms (medians of ${runs})`,
    );
  }
} finally {
  await browser.close();
}

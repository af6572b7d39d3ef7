/**
 * `npm run profile:load -- /profile`: where a page's load spends the main thread, by function. The
 * built site (`BUILD_DIR`, default dist/) is served as Lighthouse sees it (scripts/builtSite.ts), a
 * new visitor opens the page at 412 px in Chromium with V8's sampling profiler on, and after
 * `PROFILE_SECONDS` (default 5) the script prints the functions with the most self and inclusive
 * time, with their chunk, over `PROFILE_RUNS` fresh visits (default 2). Unthrottled: Lighthouse's
 * simulated 4x slowdown multiplies what this shows. Names are minified except where a library keeps
 * them (`createMachine`, `_initState`); a function's chunk and line say where to look.
 */
import { cpus, loadavg } from 'node:os';
import { serveBuiltSite } from './builtSite';
import { launchChromium } from './chromium';
import { describeMachine, runsFromEnv } from './stats';

/** The parts of V8's CPU profile (the DevTools protocol's `Profiler.Profile`) read here. */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

const SHOWN = 20;
const NOT_WORK = new Set(['(idle)', '(program)', '(root)']);

const nameOf = ({ callFrame }: ProfileNode): string =>
  `${callFrame.functionName || '(top level)'} ${callFrame.url.split('/').pop() ?? ''}:${callFrame.lineNumber}`;

/** Self and inclusive milliseconds per function name, from one CPU profile. */
function timesOf(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (into: Map<string, number>, name: string, ms: number) =>
    into.set(name, (into.get(name) ?? 0) + ms);
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, at) => {
    const node = byId.get(id);
    const ms = (deltas[at + 1] ?? 0) / 1000;
    if (node === undefined || NOT_WORK.has(node.callFrame.functionName)) return;
    add(self, nameOf(node), ms);
    const seen = new Set<string>();
    for (
      let current: ProfileNode | undefined = node;
      current;
      current = byId.get(parentOf.get(current.id) ?? -1)
    ) {
      const name = nameOf(current);
      if (NOT_WORK.has(current.callFrame.functionName) || seen.has(name)) continue;
      seen.add(name);
      add(inclusive, name, ms);
    }
  });
  return { self, inclusive };
}

const top = (times: ReadonlyMap<string, number>) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, SHOWN)
    .map(([name, ms]) => `  ${ms.toFixed(1).padStart(6)} ms  ${name}`)
    .join('\n');

const pagePath = process.argv[2] ?? '/';
const runs = runsFromEnv('PROFILE_RUNS', 2);
const seconds = runsFromEnv('PROFILE_SECONDS', 5);
const site = await serveBuiltSite();
const browser = await launchChromium();
try {
  console.log(`${pagePath}, ${describeMachine(cpus(), loadavg())}`);
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${site.origin}${pagePath}`);
    await page.waitForTimeout(seconds * 1000);
    const { profile }: { profile: CpuProfile } = await cdp.send('Profiler.stop');
    const { self, inclusive } = timesOf(profile);
    console.log(
      `\nVisit ${run}, self time:\n${top(self)}\nVisit ${run}, inclusive time:\n${top(inclusive)}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}

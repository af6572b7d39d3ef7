/**
 * Lighthouse (mobile, the default form factor) on `/` of the built `dist/`, served by the Hosting
 * emulator with the production rules of firebase.json, next to the Auth Emulator the demo build
 * talks to. Prints the four category scores and fails when one is below 100.
 * Usage: npm run build && npm run lighthouse   (Chromium: CHROME_PATH, else the system's;
 * LIGHTHOUSE_REPORT=<file.json> keeps the full report)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PATHS } from '../src/paths';
import { answers } from './childProcess';
import { CHROMIUM_FLAGS, findChromium, NO_CHROMIUM_MESSAGE } from './chromium';
import { emulatorUrl, startEmulators, type EmulatorName } from './emulator';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface LighthouseResult {
  categories: Record<
    string,
    { title: string; score: number | null; auditRefs: { id: string; weight: number }[] }
  >;
  audits: Record<string, { title: string; score: number | null; displayValue?: string }>;
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: PROJECT_ROOT, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function failingAudits(result: LighthouseResult, category: string): string[] {
  return (result.categories[category]?.auditRefs ?? [])
    .filter(({ id, weight }) => weight > 0 && (result.audits[id]?.score ?? 1) < 1)
    .map(({ id }) => {
      const audit = result.audits[id];
      return `    - ${audit?.title ?? id}${audit?.displayValue ? ` (${audit.displayValue})` : ''}`;
    });
}

async function main(): Promise<number> {
  if (!existsSync(path.join(PROJECT_ROOT, 'dist/index.html')))
    throw new Error('No dist/: run `npm run build` first.');
  const chromePath = findChromium();
  if (!chromePath) throw new Error(NO_CHROMIUM_MESSAGE);

  const siteUrl = `${emulatorUrl('hosting')}${PATHS.home}`;
  // Another process (a test run, `npm start`) may already run the Auth Emulator: share it.
  const only: EmulatorName[] = (await answers(emulatorUrl('auth')))
    ? ['hosting']
    : ['hosting', 'auth'];
  const emulators = await startEmulators({ only, output: 'errors' });
  // The emulators run in their own process group, out of reach of a terminal's Ctrl-C.
  const stopOnSignal = (): void => void emulators.stop().finally(() => process.exit(130));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stopOnSignal);
  const reportDir = await mkdtemp(path.join(tmpdir(), 'applyfirst-lighthouse-'));
  try {
    const reportPath = path.join(reportDir, 'report.json');
    const cli = path.join(PROJECT_ROOT, 'node_modules/lighthouse/cli/index.js');
    const exitCode = await run(
      process.execPath,
      [
        cli,
        siteUrl,
        '--quiet',
        '--output=json',
        `--output-path=${reportPath}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { ...process.env, CHROME_PATH: chromePath },
    );
    if (exitCode !== 0) throw new Error(`Lighthouse exited with code ${exitCode}.`);

    if (process.env.LIGHTHOUSE_REPORT)
      await copyFile(reportPath, path.resolve(process.env.LIGHTHOUSE_REPORT));
    const result = JSON.parse(await readFile(reportPath, 'utf8')) as LighthouseResult;
    console.log(`Lighthouse (mobile) on ${siteUrl}`);
    let allPerfect = true;
    for (const category of CATEGORIES) {
      const score = Math.round((result.categories[category]?.score ?? 0) * 100);
      allPerfect &&= score === 100;
      console.log(
        `  ${String(score).padStart(3)}  ${result.categories[category]?.title ?? category}`,
      );
      for (const line of failingAudits(result, category)) console.log(line);
    }
    return allPerfect ? 0 : 1;
  } finally {
    await emulators.stop();
    await rm(reportDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

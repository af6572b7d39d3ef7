/**
 * Lighthouse (mobile, the default form factor) on `/` of the built `dist/`, served by the Hosting
 * emulator with the production rules of firebase.json, next to the Auth Emulator the demo build
 * talks to. Prints the four category scores and fails when one is below 100.
 * Usage: npm run build && npm run lighthouse   (Chromium: CHROME_PATH, else the system's;
 * LIGHTHOUSE_REPORT=<file.json> keeps the full report)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, findChromium, NO_CHROMIUM_MESSAGE } from './chromium';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
const PROJECT_ID = 'demo-applyfirst';
const AUTH_EMULATOR = 'http://127.0.0.1:9099';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface FirebaseJson {
  emulators: { hosting: { host: string; port: number } };
}

interface LighthouseResult {
  categories: Record<
    string,
    { title: string; score: number | null; auditRefs: { id: string; weight: number }[] }
  >;
  audits: Record<string, { title: string; score: number | null; displayValue?: string }>;
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The emulator exited with code ${child.exitCode}.`);
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
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

/** Firebase's CLI run directly (not through npx), so SIGINT reaches it and it stops its emulators. */
function startEmulators(only: string): ChildProcess {
  const cli = path.join(PROJECT_ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
  return spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', only, '--project', PROJECT_ID],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
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

  const firebaseJson = JSON.parse(
    await readFile(path.join(PROJECT_ROOT, 'firebase.json'), 'utf8'),
  ) as FirebaseJson;
  const { host, port } = firebaseJson.emulators.hosting;
  const siteUrl = `http://${host}:${port}/`;
  if (await answers(siteUrl))
    throw new Error(`${siteUrl} is already in use; stop what serves it first.`);

  // Another process (a test run, `npm start`) may already run the Auth Emulator: share it.
  const only = (await answers(AUTH_EMULATOR)) ? 'hosting' : 'hosting,auth';
  const emulators = startEmulators(only);
  const reportDir = await mkdtemp(path.join(tmpdir(), 'applyfirst-lighthouse-'));
  try {
    await waitFor(siteUrl, emulators, 60_000);
    if (only === 'hosting,auth') await waitFor(AUTH_EMULATOR, emulators, 30_000);
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
    await stop(emulators);
    await rm(reportDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

/**
 * Lighthouse (mobile, the default form factor) on pages of the built `dist/`, served by the Hosting
 * emulator with the production rules of firebase.json, next to the Auth Emulator and the backend
 * (in this process, on in-memory PGlite) the demo build talks to. Prints the four category scores
 * of each page and fails when a required one is below 100: all four on `/`; accessibility and best
 * practices on `/profile` (an app page: not for search engines, and it loads the session code).
 * Google's gapi script (apis.google.com) is blocked: this machine is offline.
 * Usage: npm run build && npm run lighthouse   (Chromium: CHROME_PATH, else the system's;
 * LIGHTHOUSE_REPORT=<dir> keeps the full reports)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { readServerConfig } from '../server/config';
import { PATHS } from '../src/paths';
import { answers } from './childProcess';
import { CHROMIUM_FLAGS, findChromium, NO_CHROMIUM_MESSAGE } from './chromium';
import { emulatorUrl, startEmulators, type EmulatorName } from './emulator';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const BACKEND_URL = 'http://127.0.0.1:8080';
const GAPI_SCRIPT = 'https://apis.google.com/js/api.js*';

/** The pages audited, and the categories each must score 100 in. */
const PAGES: ReadonlyArray<{ path: string; required: readonly Category[] }> = [
  { path: PATHS.home, required: CATEGORIES },
  { path: PATHS.profile, required: ['accessibility', 'best-practices'] },
];

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

/** The backend the build calls, in this process, unless one already answers (`npm start`). */
async function startBackend(): Promise<FastifyInstance | null> {
  if (await answers(`${BACKEND_URL}/health`)) return null;
  // The Admin SDK verifies the Auth Emulator's tokens.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(emulatorUrl('auth')).host;
  const app = await buildApp({
    config: readServerConfig(),
    database: { kind: 'pglite-memory' },
    logStream: false,
  });
  const { hostname, port } = new URL(BACKEND_URL);
  await app.listen({ host: hostname, port: Number(port) });
  return app;
}

/** Lighthouse on one page: its report, or an error. */
async function audit(url: string, chromePath: string, reportPath: string) {
  const cli = path.join(PROJECT_ROOT, 'node_modules/lighthouse/cli/index.js');
  const exitCode = await run(
    process.execPath,
    [
      cli,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${reportPath}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      // On mobile the Firebase SDK preloads Google's gapi script, which this machine cannot reach
      // (offline): Lighthouse blocks it itself, and ignores the requests it blocks.
      `--blocked-url-patterns=${GAPI_SCRIPT}`,
    ],
    { ...process.env, CHROME_PATH: chromePath },
  );
  if (exitCode !== 0) throw new Error(`Lighthouse exited with code ${exitCode} on ${url}.`);
  return JSON.parse(await readFile(reportPath, 'utf8')) as LighthouseResult;
}

async function main(): Promise<number> {
  if (!existsSync(path.join(PROJECT_ROOT, 'dist/index.html')))
    throw new Error('No dist/: run `npm run build` first.');
  const chromePath = findChromium();
  if (!chromePath) throw new Error(NO_CHROMIUM_MESSAGE);

  // Another process (a test run, `npm start`) may already run the Auth Emulator: share it.
  const only: EmulatorName[] = (await answers(emulatorUrl('auth')))
    ? ['hosting']
    : ['hosting', 'auth'];
  const emulators = await startEmulators({ only, output: 'errors' });
  const backend = await startBackend().catch(async (error: unknown) => {
    await emulators.stop();
    throw error;
  });
  const stopAll = async (): Promise<void> => {
    await backend?.close();
    await emulators.stop();
  };
  // The emulators run in their own process group, out of reach of a terminal's Ctrl-C.
  const stopOnSignal = (): void => void stopAll().finally(() => process.exit(130));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stopOnSignal);
  const reportDir = await mkdtemp(path.join(tmpdir(), 'applyfirst-lighthouse-'));
  try {
    let allRequiredPerfect = true;
    for (const page of PAGES) {
      const url = `${emulatorUrl('hosting')}${page.path}`;
      const name = page.path === PATHS.home ? 'home' : page.path.slice(1);
      const reportPath = path.join(reportDir, `${name}.json`);
      const result = await audit(url, chromePath, reportPath);
      if (process.env.LIGHTHOUSE_REPORT) {
        await mkdir(path.resolve(process.env.LIGHTHOUSE_REPORT), { recursive: true });
        await copyFile(reportPath, path.resolve(process.env.LIGHTHOUSE_REPORT, `${name}.json`));
      }
      console.log(`Lighthouse (mobile) on ${url}`);
      for (const category of CATEGORIES) {
        const score = Math.round((result.categories[category]?.score ?? 0) * 100);
        const required = page.required.includes(category);
        if (required && score !== 100) allRequiredPerfect = false;
        const title = result.categories[category]?.title ?? category;
        console.log(`  ${String(score).padStart(3)}  ${title}${required ? '' : ' (reported)'}`);
        for (const line of failingAudits(result, category)) console.log(line);
      }
    }
    return allRequiredPerfect ? 0 : 1;
  } finally {
    await stopAll();
    await rm(reportDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

/**
 * The built `dist/` as a visitor gets it, for Lighthouse and the session benchmark: served by the
 * Hosting emulator with the production rules of firebase.json, next to the Auth Emulator and the
 * backend (in this process, on in-memory PGlite) the demo build talks to. An emulator or backend
 * that already answers (a test run, `npm start`) is shared; the Hosting emulator moves to a free
 * port when its own is taken.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { readServerConfig } from '../server/config';
import { answers } from './childProcess';
import { emulatorUrl, startEmulators, type EmulatorName } from './emulator';
import { freePort, portIsFree } from './freePort';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
const DEFAULT_DIST_DIR = path.join(PROJECT_ROOT, 'dist');
/** The build served: `dist/`, or `BUILD_DIR` (a build made elsewhere, e.g. of another commit). */
export const DIST_DIR = path.resolve(process.env.BUILD_DIR ?? DEFAULT_DIST_DIR);
/** Where the demo build calls the backend (`VITE_BACKEND_URL`'s default, src/config.ts). */
const BACKEND_URL = 'http://127.0.0.1:8080';

export interface BuiltSite {
  /** The site's origin, e.g. http://127.0.0.1:4173. */
  origin: string;
  /** The Auth Emulator the build talks to. */
  authEmulatorUrl: string;
  /** Stops what this process started; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * firebase.json, or a copy in a temporary folder that serves `DIST_DIR` and whose Hosting emulator
 * listens on a free port when its own is taken.
 */
async function hostingConfig(): Promise<{ file: string; cleanUp: () => Promise<void> }> {
  const configured = Number(new URL(emulatorUrl('hosting')).port);
  if (DIST_DIR === DEFAULT_DIST_DIR && (await portIsFree(configured)))
    return { file: 'firebase.json', cleanUp: async () => {} };
  const config = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'firebase.json'), 'utf8')) as {
    hosting: Record<string, unknown>;
    emulators: Record<string, Record<string, unknown>>;
  };
  const dir = await mkdtemp(path.join(tmpdir(), 'applyfirst-hosting-'));
  // Relative: the emulator answers 404 to everything when `public` is an absolute path.
  config.hosting.public = path.relative(dir, DIST_DIR);
  if (!(await portIsFree(configured)))
    config.emulators.hosting = { ...config.emulators.hosting, port: await freePort() };
  const file = path.join(dir, 'firebase.json');
  await writeFile(file, JSON.stringify(config));
  return { file, cleanUp: () => rm(dir, { recursive: true, force: true }) };
}

/** The backend the build calls, in this process, unless one already answers (`npm start`). */
async function startBackend(siteOrigin: string): Promise<FastifyInstance | null> {
  if (await answers(`${BACKEND_URL}/health`)) return null;
  // The Admin SDK verifies the Auth Emulator's tokens.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(emulatorUrl('auth')).host;
  const config = readServerConfig();
  const app = await buildApp({
    config: {
      ...config,
      corsOrigins: [...config.corsOrigins, siteOrigin],
      // Dozens of page loads a minute from one address are the point here.
      rateLimitPerMinute: 10_000,
      refusedTokensPerMinute: 10_000,
    },
    database: { kind: 'pglite-memory' },
    logStream: false,
  });
  const { hostname, port } = new URL(BACKEND_URL);
  await app.listen({ host: hostname, port: Number(port) });
  return app;
}

/** Serves `dist/` with its emulators and backend; stops them on Ctrl-C too. */
export async function serveBuiltSite(): Promise<BuiltSite> {
  if (!existsSync(path.join(DIST_DIR, 'index.html')))
    throw new Error(`No build in ${DIST_DIR}: run \`npm run build\` first.`);
  const authEmulatorUrl = emulatorUrl('auth');
  const only: EmulatorName[] = (await answers(authEmulatorUrl)) ? ['hosting'] : ['hosting', 'auth'];
  const config = await hostingConfig();
  const emulators = await startEmulators({ only, configFile: config.file, output: 'errors' }).catch(
    async (error: unknown) => {
      await config.cleanUp();
      throw error;
    },
  );
  const origin = emulatorUrl('hosting', config.file);
  const stopEmulators = async (): Promise<void> => {
    await emulators.stop();
    await config.cleanUp();
  };
  const backend = await startBackend(origin).catch(async (error: unknown) => {
    await stopEmulators();
    throw error;
  });
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      await backend?.close();
      await stopEmulators();
    })();
    return stopping;
  };
  // The emulators run in their own process group, out of reach of a terminal's Ctrl-C.
  const stopOnSignal = (): void => void stop().finally(() => process.exit(130));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stopOnSignal);
  return { origin, authEmulatorUrl, stop };
}

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../support/oneRequestPerConnection';
import { build, preview, type Plugin, type PreviewServer } from 'vite';
import type { FastifyInstance } from 'fastify';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { readServerConfig } from '../../server/config';
import type { BoardRef } from '../../server/jobs/jobRecord';
import { everySourceAt } from '../../server/jobs/settings';
import { startStandIn, type StandIn } from '../../dev/jobBoards/standInServer';
import { prerenderSite } from '../../scripts/prerender';
import { freePort } from '../../scripts/freePort';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app, served on 127.0.0.1 (the emulator's host name). */
    appUrl: string;
    /** The product backend the build calls (in-process, in-memory PGlite). */
    backendUrl: string;
    /** The job-board stand-in the backend polls every second (POST /__admin/publish adds a posting). */
    jobBoardsUrl: string;
    /** The one board the backend polls. */
    jobBoard: BoardRef;
  }
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * Serves `/account` from `account/index.html`, as the host does (`cleanUrls`), and any address
 * without a file with `404.html` and status 404, as the host does too (paths are case-sensitive
 * there: `/LOGIN` is not `/login`); `vite preview` alone would answer every such path with the
 * home page's HTML, which then fails to hydrate.
 */
function cleanUrls(outDir: string): Plugin {
  return {
    name: 'clean-urls',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        const [pathname = '/', query] = (request.url ?? '/').split('?');
        const page = `${pathname.replace(/\/$/, '')}/index.html`;
        if (pathname !== '/' && existsSync(join(outDir, page))) {
          request.url = query ? `${page}?${query}` : page;
          return next();
        }
        if (pathname === '/' || isFile(join(outDir, pathname))) return next();
        response.statusCode = 404;
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        response.end(readFileSync(join(outDir, '404.html')));
      });
    },
  };
}

/** The one board the browser suite's backend polls: the stand-in's recorded Lever board. */
const JOB_BOARD: BoardRef = { source: 'lever', token: 'globex' };

/**
 * The backend in this process, on in-memory PGlite, trusting the emulator's tokens, polling the
 * job-board stand-in's one board every second (so a posting published there alerts within seconds).
 */
async function startBackend(
  appOrigin: string,
  standIn: StandIn,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({
    config: {
      ...readServerConfig({}),
      corsOrigins: [appOrigin],
      rateLimitPerMinute: 10_000,
      refusedTokensPerMinute: 10_000,
      jobBoards: [JOB_BOARD],
      jobSourceUrls: everySourceAt(standIn.url),
      jobPollIntervalSeconds: 1,
      jobBoardTimeoutMs: 5_000,
    },
    database: { kind: 'pglite-memory' },
    logStream: false,
  });
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  return { app, url: `http://127.0.0.1:${port}` };
}

/**
 * Builds (and prerenders) the app against the Auth Emulator that `npm test` runs around the tests,
 * and serves the build with `vite preview` for the browser tests; tears both down afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) {
    throw new Error(
      'The browser tests need the Auth Emulator: run them with `npm test`, or start one and set ' +
        'FIREBASE_AUTH_EMULATOR_HOST (e.g. 127.0.0.1:9099).',
    );
  }
  process.env.VITE_AUTH_EMULATOR_URL = `http://${emulatorHost}`;

  // The app's origin must be known before the build: the backend allows only it (CORS).
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const standIn = await startStandIn({ publishEveryMs: 0 });
  const backend = await startBackend(appUrl, standIn);
  process.env.VITE_BACKEND_URL = backend.url;
  project.provide('backendUrl', backend.url);
  project.provide('jobBoardsUrl', standIn.url);
  project.provide('jobBoard', JOB_BOARD);
  const stopServers = async () => {
    await backend.app.close();
    await standIn.close();
  };

  const outDir = mkdtempSync(join(tmpdir(), 'applyfirst-browser-'));
  // Vitest runs with NODE_ENV=test, which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    // The pages as deployed: prerendered HTML that hydrates (a mismatch would log console errors).
    await prerenderSite(outDir);
  } catch (error) {
    await stopServers();
    throw error;
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }

  let server: PreviewServer | null = null;
  try {
    server = await preview({
      logLevel: 'warn',
      plugins: [cleanUrls(outDir)],
      build: { outDir },
      preview: { host: '127.0.0.1', port: appPort, strictPort: true },
    });
    project.provide('appUrl', appUrl);
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    await stopServers();
    throw error;
  }

  return async () => {
    await server?.close();
    await stopServers();
    rmSync(outDir, { recursive: true, force: true });
  };
}

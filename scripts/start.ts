/**
 * `npm start`: the Auth Emulator, the product backend on PGlite, the offline job-board stand-in,
 * then the app's Vite dev server pointed at them, all on the same host name (127.0.0.1: with
 * `localhost` the redirect sign-in hangs). Ctrl-C stops everything; so does any one of them
 * ending. To run another process alongside, add a Service to the list.
 *
 *   npm start                                          emulator per firebase.json, app on :5173
 *   npm start -- --config /tmp/fb.json --port 5174     another emulator config / app port
 *   npm run preview                                    the built dist/ through the Hosting emulator
 *                                                      (production rules of firebase.json) instead
 *   npm run start:cluster                              as deployed: two backend processes on a
 *                                                      throwaway PostgreSQL server, behind a
 *                                                      round-robin proxy on the backend's port
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { JOB_SOURCES } from '../server/jobs/jobRecord';
import { BASE_URL_SETTINGS } from '../server/jobs/settings';
import { BoardStore } from '../dev/jobBoards/boardStore';
import { DEFAULT_FIXTURES_DIRECTORY } from '../dev/jobBoards/standInServer';
import { startChild } from './childProcess';
import { clusterServices } from './clusterServices';
import {
  emulatorUrl,
  enableImprovedEmailPrivacy,
  startEmulators,
  type EmulatorName,
} from './emulator';
import { supervise, type Service } from './supervisor';

const HOST = '127.0.0.1';
const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
const VITE_CLI = path.join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js');
const TSX_CLI = path.join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs');
const BACKEND_PORT = 8080;
/** The cluster's backend processes, behind the proxy on BACKEND_PORT. */
const CLUSTER_BACKEND_PORTS = [8081, 8082];
const JOB_BOARDS_PORT = 4010;
const MAIL_SINK_SMTP_PORT = 2525;
const MAIL_SINK_HTTP_PORT = 2580;
const PUSH_STAND_IN_PORT = 4020;

const { values: options } = parseArgs({
  options: {
    config: { type: 'string', default: 'firebase.json' },
    port: { type: 'string', default: '5173' },
    preview: { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
  },
});
const emulators: EmulatorName[] = options.preview ? ['auth', 'hosting'] : ['auth'];

const authEmulatorUrl = emulatorUrl('auth', options.config);
const appUrl = options.preview
  ? emulatorUrl('hosting', options.config)
  : `http://${HOST}:${options.port}`;
const backendUrl = `http://${HOST}:${BACKEND_PORT}`;
const jobBoardsUrl = `http://${HOST}:${JOB_BOARDS_PORT}`;
const mailSinkUrl = `http://${HOST}:${MAIL_SINK_HTTP_PORT}`;
const pushStandInUrl = `http://${HOST}:${PUSH_STAND_IN_PORT}`;

/** A TypeScript program of this repository run with tsx, ready when `readyUrl` answers. */
function tsxService(
  label: string,
  script: string,
  readyUrl: string,
  env: NodeJS.ProcessEnv,
): Service {
  return {
    label,
    url: readyUrl,
    start: (abort) =>
      startChild(
        {
          name: label,
          command: process.execPath,
          args: [TSX_CLI, script],
          cwd: PROJECT_ROOT,
          env: { ...process.env, ...env },
          readyUrls: [readyUrl],
          startTimeoutMs: 60_000,
          stopSignal: 'SIGINT',
          stopTimeoutMs: 10_000,
          output: 'prefixed',
        },
        abort,
      ),
  };
}

if (options.preview && !existsSync(path.join(PROJECT_ROOT, 'dist/index.html'))) {
  console.error('No dist/ to preview: run `npm run build` first.');
  process.exit(1);
}

/** The Vite dev server, pointed at the emulator and the backend. */
const devServer: Service = {
  label: 'app',
  url: `${appUrl}/`,
  start: (abort) =>
    startChild(
      {
        name: 'app',
        command: process.execPath,
        args: [VITE_CLI, '--host', HOST, '--port', options.port, '--strictPort'],
        cwd: PROJECT_ROOT,
        // Vite hands VITE_* variables from the environment to the app.
        env: {
          ...process.env,
          VITE_AUTH_EMULATOR_URL: authEmulatorUrl,
          VITE_BACKEND_URL: backendUrl,
        },
        readyUrls: [`${appUrl}/`],
        startTimeoutMs: 30_000,
        stopSignal: 'SIGTERM',
        stopTimeoutMs: 10_000,
        output: 'prefixed',
      },
      abort,
    ),
};

/** The product backend on `port`, with `env` on top of its development settings. */
function backendService(label: string, port: number, env: NodeJS.ProcessEnv = {}): Service {
  return tsxService(label, 'server/main.ts', `http://${HOST}:${port}/health`, {
    PORT: String(port),
    // The Admin SDK verifies the emulator's tokens; emulators:start does not export this.
    FIREBASE_AUTH_EMULATOR_HOST: new URL(authEmulatorUrl).host,
    // Every board the stand-in serves, polled often enough that a new posting shows within seconds.
    JOB_BOARDS: BoardStore.fromFixtures(DEFAULT_FIXTURES_DIRECTORY)
      .list()
      .map((board) => `${board.source}:${board.token}`)
      .join(','),
    ...Object.fromEntries(JOB_SOURCES.map((source) => [BASE_URL_SETTINGS[source], jobBoardsUrl])),
    JOB_POLL_INTERVAL_SECONDS: '3',
    SMTP_URL: `smtp://${HOST}:${MAIL_SINK_SMTP_PORT}`,
    SITE_URL: appUrl,
    PUBLIC_BACKEND_URL: backendUrl,
    ...env,
  });
}

const services: Service[] = [
  {
    label: options.preview ? 'Auth and Hosting emulators' : 'Auth Emulator',
    url: options.preview ? `${appUrl}/` : authEmulatorUrl,
    start: async (abort) => {
      const emulator = await startEmulators({ only: emulators, configFile: options.config }, abort);
      try {
        await enableImprovedEmailPrivacy(authEmulatorUrl);
      } catch (error) {
        await emulator.stop();
        throw error;
      }
      return emulator;
    },
  },
  tsxService('job boards', 'dev/jobBoards/main.ts', `${jobBoardsUrl}/`, {
    JOB_BOARDS_PORT: String(JOB_BOARDS_PORT),
  }),
  // Every alert e-mail the backend sends, kept and listed at http://127.0.0.1:2580/.
  tsxService('mail sink', 'dev/mailSink/main.ts', `${mailSinkUrl}/`, {
    MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT),
    MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT),
  }),
  // Push messages to its endpoints (POST /subscriptions makes one), kept and listed at its /.
  tsxService('push stand-in', 'dev/pushService/main.ts', `${pushStandInUrl}/`, {
    PUSH_STAND_IN_PORT: String(PUSH_STAND_IN_PORT),
  }),
  ...(options.cluster
    ? clusterServices({
        host: HOST,
        port: BACKEND_PORT,
        backendPorts: CLUSTER_BACKEND_PORTS,
        backend: backendService,
      })
    : [backendService('backend', BACKEND_PORT)]),
  // The preview's site is the Hosting emulator's.
  ...(options.preview ? [] : [devServer]),
];

process.exit(await supervise(services));

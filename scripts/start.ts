/**
 * `npm start`: the Auth Emulator, then the app's Vite dev server pointed at it, on the same host
 * name (127.0.0.1: with `localhost` the redirect sign-in hangs). Ctrl-C stops everything; so does
 * any one of them ending. To run another process alongside, add a Service to the list.
 *
 *   npm start                                          emulator per firebase.json, app on :5173
 *   npm start -- --config /tmp/fb.json --port 5174     another emulator config / app port
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startChild } from './childProcess';
import { emulatorUrl, startEmulators } from './emulator';
import { supervise, type Service } from './supervisor';

const HOST = '127.0.0.1';
const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
const VITE_CLI = path.join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js');

const { values: options } = parseArgs({
  options: {
    config: { type: 'string', default: 'firebase.json' },
    port: { type: 'string', default: '5173' },
  },
});

const authEmulatorUrl = emulatorUrl('auth', options.config);
const appUrl = `http://${HOST}:${options.port}`;

const services: Service[] = [
  {
    label: 'Auth Emulator',
    url: authEmulatorUrl,
    start: (abort) => startEmulators({ only: ['auth'], configFile: options.config }, abort),
  },
  {
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
          env: { ...process.env, VITE_AUTH_EMULATOR_URL: authEmulatorUrl },
          readyUrls: [`${appUrl}/`],
          startTimeoutMs: 30_000,
          stopSignal: 'SIGTERM',
          stopTimeoutMs: 10_000,
          output: 'prefixed',
        },
        abort,
      ),
  },
];

process.exit(await supervise(services));

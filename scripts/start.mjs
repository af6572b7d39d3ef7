#!/usr/bin/env node
// `npm start`: the Auth Emulator and the app's Vite dev server together, on the same host name
// (127.0.0.1: with `localhost` the redirect sign-in hangs). Ctrl-C stops both.
//
//   npm start                                   emulator per firebase.json, app on :5173
//   npm start -- --config /tmp/fb.json --port 5174   another emulator config / app port
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';

const HOST = '127.0.0.1';
const PROJECT = 'demo-applyfirst';
const EMULATOR_START_TIMEOUT_MS = 60_000;
const EMULATOR_STOP_TIMEOUT_MS = 10_000;

const { values: options } = parseArgs({
  options: {
    config: { type: 'string', default: 'firebase.json' },
    port: { type: 'string', default: '5173' },
  },
});

const emulatorPort = readAuthPort(options.config);
const emulatorUrl = `http://${HOST}:${emulatorPort}`;
const appPort = Number(options.port);

function readAuthPort(configFile) {
  try {
    const port = JSON.parse(readFileSync(configFile, 'utf8')).emulators?.auth?.port;
    return Number.isInteger(port) ? port : 9099;
  } catch (error) {
    fail(`Could not read ${configFile}: ${error.message}`);
  }
}

function fail(message) {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}

/** True when something answers HTTP on the emulator's port. */
async function emulatorAnswers() {
  try {
    await fetch(emulatorUrl, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

function startEmulator() {
  const child = spawn(
    process.execPath,
    [
      'node_modules/firebase-tools/lib/bin/firebase.js',
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT,
      '--config',
      options.config,
    ],
    {
      // Its own process group: Ctrl-C reaches only this script, which stops it exactly once.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true' },
    },
  );
  const output = [];
  const relay = (stream, target) =>
    stream.on('data', (chunk) => {
      output.push(chunk.toString());
      target.write(chunk.toString().replace(/^(?=.)/gm, '[emulator] '));
    });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output, exited };
}

async function waitForEmulator(emulator) {
  const deadline = Date.now() + EMULATOR_START_TIMEOUT_MS;
  let stopped = null;
  emulator.exited.then((result) => (stopped = result));
  while (Date.now() < deadline) {
    if (stopped) {
      const how = stopped.signal ? `signal ${stopped.signal}` : `exit code ${stopped.code}`;
      fail(`The Auth Emulator stopped during start-up (${how}). Its output is above.`);
    }
    if (await emulatorAnswers()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopEmulator(emulator);
  fail(`The Auth Emulator did not answer on ${emulatorUrl} within ${EMULATOR_START_TIMEOUT_MS / 1000} s.`);
}

async function stopEmulator({ child, exited }) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGINT'); // its clean shutdown
  const timer = setTimeout(() => signalGroup('SIGKILL'), EMULATOR_STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

if (await emulatorAnswers()) {
  fail(`Port ${emulatorPort} is already in use (another Auth Emulator?). Stop it, or pass --config with another port.`);
}

console.log(`Starting the Auth Emulator on ${emulatorUrl}…`);
const emulator = startEmulator();
// Whatever happens to this script, never leave the emulator behind.
process.on('exit', () => {
  if (emulator.child.exitCode === null && emulator.child.signalCode === null) {
    try {
      process.kill(-emulator.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});
await waitForEmulator(emulator);

// The app talks to this emulator (Vite passes VITE_* variables from the environment to the app).
process.env.VITE_AUTH_EMULATOR_URL = emulatorUrl;
let server;
try {
  server = await createServer({ server: { host: HOST, port: appPort, strictPort: true } });
  // Vite's own SIGTERM / stdin-end handlers would exit at once and skip the emulator's clean
  // shutdown; the handlers below stop both.
  process.removeAllListeners('SIGTERM');
  process.stdin.removeAllListeners('end');
  await server.listen();
} catch (error) {
  await stopEmulator(emulator);
  fail(`The app could not start on http://${HOST}:${appPort}: ${error.message}`);
}

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the app and the Auth Emulator…`);
  await server.close();
  await stopEmulator(emulator);
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGHUP', () => void stop('SIGHUP'));

emulator.exited.then(async ({ code, signal }) => {
  if (stopping) return;
  stopping = true;
  console.error(`\n✗ The Auth Emulator stopped (${signal ?? `exit code ${code}`}); stopping the app.`);
  await server.close();
  process.exit(1);
});

console.log(`\nApplyFirst is running at http://${HOST}:${appPort}/  (Auth Emulator: ${emulatorUrl})`);
console.log('Press Ctrl-C to stop both.\n');

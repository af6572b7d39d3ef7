/**
 * The Firebase emulators (Auth, and Hosting for previews), started and stopped one way for
 * `npm start`, Lighthouse and the test runner. Facts this relies on (docs/architecture.md):
 * run the CLI with node directly (through npx, killing it orphans the emulator), stop it with
 * SIGINT, `CI=true` skips the update check, cold start takes about 5 s.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startChild, type RunningChild } from './childProcess';

export const EMULATOR_PROJECT = 'demo-applyfirst';
const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
export const FIREBASE_CLI = path.join(
  PROJECT_ROOT,
  'node_modules/firebase-tools/lib/bin/firebase.js',
);
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export type EmulatorName = 'auth' | 'hosting';

interface FirebaseJson {
  emulators?: Partial<Record<EmulatorName, { host?: string; port?: number }>>;
}

const DEFAULT_PORTS: Record<EmulatorName, number> = { auth: 9099, hosting: 5000 };

/** The emulator's address per the Firebase config file (the CLI listens on 127.0.0.1). */
export function emulatorUrl(name: EmulatorName, configFile = 'firebase.json'): string {
  let config: FirebaseJson;
  try {
    config = JSON.parse(
      readFileSync(path.resolve(PROJECT_ROOT, configFile), 'utf8'),
    ) as FirebaseJson;
  } catch (error) {
    throw new Error(`Could not read ${configFile}: ${(error as Error).message}`, { cause: error });
  }
  const { host = '127.0.0.1', port = DEFAULT_PORTS[name] } = config.emulators?.[name] ?? {};
  return `http://${host}:${port}`;
}

export interface EmulatorOptions {
  only: readonly EmulatorName[];
  /** Another Firebase config (other ports); default firebase.json. */
  configFile?: string;
  /** `prefixed` relays everything it prints; `errors` only its stderr. */
  output?: 'prefixed' | 'errors';
}

/** Starts the emulators and resolves once each answers; `stop()` shuts them down cleanly. */
export function startEmulators(
  options: EmulatorOptions,
  abort?: AbortSignal,
): Promise<RunningChild> {
  const configFile = options.configFile ?? 'firebase.json';
  return startChild(
    {
      name: 'emulator',
      command: process.execPath,
      args: [
        FIREBASE_CLI,
        'emulators:start',
        '--only',
        options.only.join(','),
        '--project',
        EMULATOR_PROJECT,
        '--config',
        configFile,
      ],
      cwd: PROJECT_ROOT,
      env: { ...process.env, CI: 'true' },
      readyUrls: options.only.map((name) => emulatorUrl(name, configFile)),
      startTimeoutMs: START_TIMEOUT_MS,
      stopSignal: 'SIGINT',
      stopTimeoutMs: STOP_TIMEOUT_MS,
      output: options.output ?? 'prefixed',
    },
    abort,
  );
}

/**
 * `firebase emulators:exec` arguments: the CLI starts the emulators, runs the command with
 * `FIREBASE_AUTH_EMULATOR_HOST` set, stops them, and exits with the command's exit code.
 */
export function emulatorsExecArgs(only: readonly EmulatorName[], command: string): string[] {
  return [
    FIREBASE_CLI,
    'emulators:exec',
    '--only',
    only.join(','),
    '--project',
    EMULATOR_PROJECT,
    command,
  ];
}

/**
 * Turns on improved e-mail privacy (e-mail enumeration protection), as production projects have
 * it: sign-in failures say INVALID_LOGIN_CREDENTIALS whether or not the address has an account.
 */
export async function enableImprovedEmailPrivacy(authUrl: string): Promise<void> {
  const response = await fetch(`${authUrl}/emulator/v1/projects/${EMULATOR_PROJECT}/config`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    throw new Error(`The Auth Emulator refused the e-mail privacy setting (${response.status}).`);
  }
}

/**
 * For a script that needs the Auth Emulator, run outside one: runs `script` again inside
 * `firebase emulators:exec --only auth`, with the same plain options; answers its exit code.
 */
export function rerunInsideAuthEmulator(script: string): number {
  const options = process.argv.slice(2).filter((arg) => /^[\w.-]+$/.test(arg));
  const command = ['npx', 'tsx', script, ...options].join(' ');
  const { status } = spawnSync(process.execPath, emulatorsExecArgs(['auth'], command), {
    stdio: 'inherit',
  });
  return status ?? 1;
}

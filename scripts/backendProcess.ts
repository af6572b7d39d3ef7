/**
 * The product backend as a process of its own (`node --import tsx server/main.ts`) on a free port
 * of 127.0.0.1, as a deployment runs each instance: for the tests and benchmarks that need two
 * processes on one database. Ready when /health answers; stopped with SIGTERM, its clean shutdown.
 */
import path from 'node:path';
import { startChild, type StartedChild } from './childProcess';
import { freePort } from './freePort';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
/** Loading the backend's TypeScript through tsx takes seconds; on two busy cores, many. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

export interface BackendProcess extends StartedChild {
  /** http://127.0.0.1:<port> */
  readonly url: string;
}

export interface BackendProcessOptions {
  /** Names it in its output prefix and in messages. */
  name: string;
  /** Its settings (server/config.ts), on top of this process's environment; PORT is chosen here. */
  env: NodeJS.ProcessEnv;
  /** `prefixed`: its JSON log lines too; `errors`: its stderr only. */
  output?: 'prefixed' | 'errors';
}

export async function startBackendProcess(options: BackendProcessOptions): Promise<BackendProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startChild({
    name: options.name,
    command: process.execPath,
    args: ['--import', 'tsx', 'server/main.ts'],
    cwd: PROJECT_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...options.env, PORT: String(port) },
    readyUrls: [`${url}/health`],
    startTimeoutMs: START_TIMEOUT_MS,
    stopSignal: 'SIGTERM',
    stopTimeoutMs: STOP_TIMEOUT_MS,
    output: options.output ?? 'errors',
  });
  return { ...child, url };
}

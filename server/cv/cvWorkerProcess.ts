import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ParsedMediaType, ParseResult } from './parseCv';

/** Forks a CV worker process (cvWorker.ts) with the given V8 heap; tests wrap it to watch forks. */
export type ForkCvWorker = (heapMb: number) => ChildProcess;

/** A forked worker: `ready` settles once it has loaded its parsers, or rejects if it cannot. */
export interface CvWorker {
  child: ChildProcess;
  ready: Promise<void>;
}

/** What bounds one file's parse in its worker. */
export interface ParseLimits {
  timeLimitMs: number;
  residentMb: number;
}

const WORKER_FILE = fileURLToPath(new URL('./cvWorker.ts', import.meta.url));
/** The worker is TypeScript: loaded through tsx whether the server runs under tsx or Vitest. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MEMORY_CHECK_MS = 50;
const START_LIMIT_MS = 60_000;

export const forkCvWorker: ForkCvWorker = (heapMb) =>
  fork(WORKER_FILE, {
    execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

/** Whether the worker can still be handed a file: its end has not been seen. */
export function isAlive({ child }: CvWorker): boolean {
  return child.exitCode === null && child.signalCode === null && child.connected;
}

/**
 * A worker forked now. Loading the parsers is the server's own work: its limit is a separate,
 * generous one, and a worker past it is killed.
 */
export function startCvWorker(forkWorker: ForkCvWorker, heapMb: number): CvWorker {
  const child = forkWorker(heapMb);
  const ready = new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new Error('The CV worker did not start in time.')),
      START_LIMIT_MS,
    );
    child.on('message', (message: 'ready' | ParseResult) => {
      if (message !== 'ready') return;
      clearTimeout(timer);
      resolve();
    });
    // After `ready` these settle nothing; the parse (or the idle spare's exit) answers them.
    child.on('error', fail);
    child.once('exit', (code, signal) =>
      fail(new Error(`The CV worker ended (${signal ?? code}) before it started.`)),
    );
  });
  return { child, ready };
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Stops the worker once its resident memory passes the limit; a no-op where /proc is missing. */
function watchMemory(child: ChildProcess, limitMb: number, onExceeded: () => void): () => void {
  if (process.platform !== 'linux' || child.pid === undefined) return () => undefined;
  const { pid } = child;
  const timer = setInterval(() => {
    residentMb(pid).then(
      (mb) => mb > limitMb && onExceeded(),
      // The worker ended between two checks: its exit settles the parse.
      () => undefined,
    );
  }, MEMORY_CHECK_MS);
  return () => clearInterval(timer);
}

/**
 * One file in a worker that has loaded and parsed nothing yet, ended with its answer: the time
 * limit counts from when the file is handed over.
 */
export function parseInWorker(
  { child }: CvWorker,
  bytes: Uint8Array,
  mediaType: ParsedMediaType,
  limits: ParseLimits,
): Promise<ParseResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopWatching();
      child.kill('SIGKILL');
      outcome();
    };
    const tooComplex = () => settle(() => resolve({ refused: 'cv-too-complex' }));
    const timer = setTimeout(tooComplex, limits.timeLimitMs);
    const stopWatching = watchMemory(child, limits.residentMb, tooComplex);
    child.on('message', (message: 'ready' | ParseResult) => {
      if (message !== 'ready') settle(() => resolve(message));
    });
    child.once('error', (error) => settle(() => reject(error)));
    // Ending mid-parse with no answer is the parser failing on this file (out of heap).
    child.once('exit', tooComplex);
    child.send({ bytes, mediaType }, (error) => {
      if (error) settle(() => reject(error));
    });
  });
}

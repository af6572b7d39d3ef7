import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ApiFailure } from '../apiFailure';
import type { ParsedMediaType, ParseResult } from './parseCv';

export interface CvReaderLimits {
  /** Files parsed at once, each in a worker process of its own. */
  concurrency: number;
  /** Files waiting for a turn beyond those; one more is refused `cv-busy`. */
  queueLength: number;
  /** A parse still running after this (from when its worker has loaded) is stopped (`cv-too-complex`). */
  timeLimitMs: number;
  /** The worker's V8 heap; a parse that needs more ends the worker (`cv-too-complex`). */
  heapMb: number;
  /**
   * The worker's resident memory, heap and buffers (pdf.js inflates a stream outside the heap);
   * beyond it the worker is stopped (`cv-too-complex`). Read from /proc, so checked on Linux only.
   */
  residentMb: number;
}

/** Two at once: the parsers are CPU-bound, and two workers at their limit fit beside the API. */
export const CV_READER_LIMITS: CvReaderLimits = {
  concurrency: 2,
  queueLength: 6,
  timeLimitMs: 10_000,
  heapMb: 192,
  residentMb: 384,
};

export interface CvReader {
  /** The file's raw text, parsed in a worker within the limits; refusals are ApiFailures. */
  read(bytes: Uint8Array, mediaType: ParsedMediaType): Promise<string>;
}

const WORKER_FILE = fileURLToPath(new URL('./cvWorker.ts', import.meta.url));
/** The worker is TypeScript: loaded through tsx whether the server runs under tsx or Vitest. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MEMORY_CHECK_MS = 50;
const START_LIMIT_MS = 60_000;

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Stops the worker once its resident memory passes the limit; a no-op where /proc is missing. */
function watchMemory(worker: ChildProcess, limitMb: number, onExceeded: () => void): () => void {
  if (process.platform !== 'linux' || worker.pid === undefined) return () => undefined;
  const { pid } = worker;
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
 * One file in a fresh worker process, ended with its answer: a process (not a thread) so that all
 * its memory goes back to the system every time, and so that a limit can stop it whatever it does.
 */
function parseInWorker(
  bytes: Uint8Array,
  mediaType: ParsedMediaType,
  limits: CvReaderLimits,
): Promise<ParseResult> {
  return new Promise((resolve, reject) => {
    const worker = fork(WORKER_FILE, {
      execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${limits.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let started = false;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopWatching();
      worker.kill('SIGKILL');
      outcome();
    };
    const tooComplex = () => settle(() => resolve({ refused: 'cv-too-complex' }));
    // Loading the parsers is the server's own work: its limit is a separate, generous one.
    let timer = setTimeout(
      () => settle(() => reject(new Error('The CV worker did not start in time.'))),
      START_LIMIT_MS,
    );
    const stopWatching = watchMemory(worker, limits.residentMb, tooComplex);
    worker.on('message', (message: 'ready' | ParseResult) => {
      if (message !== 'ready') settle(() => resolve(message));
      else if (!started && !settled) {
        started = true;
        clearTimeout(timer);
        timer = setTimeout(tooComplex, limits.timeLimitMs);
        worker.send({ bytes, mediaType });
      }
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code, signal) =>
      settle(() =>
        // Ending mid-parse with no answer is the parser failing on this file (out of heap); before
        // it started, the worker itself is broken.
        started
          ? resolve({ refused: 'cv-too-complex' })
          : reject(new Error(`The CV worker ended (${signal ?? code}) before it started.`)),
      ),
    );
  });
}

/** A reader that parses at most `limits.concurrency` files at once and queues a few more. */
export function createCvReader(limits: CvReaderLimits = CV_READER_LIMITS): CvReader {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function takeTurn(): Promise<void> {
    if (running < limits.concurrency) {
      running += 1;
      return;
    }
    if (waiting.length >= limits.queueLength) throw new ApiFailure('cv-busy');
    // The finishing parse hands its turn over (release), so `running` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async read(bytes, mediaType) {
      await takeTurn();
      let result: ParseResult;
      try {
        result = await parseInWorker(bytes, mediaType, limits);
      } finally {
        release();
      }
      if ('refused' in result) throw new ApiFailure(result.refused);
      return result.text;
    },
  };
}

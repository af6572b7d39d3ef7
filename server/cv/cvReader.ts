import { ApiFailure } from '../apiFailure';
import type { ParsedMediaType, ParseResult } from './parseCv';
import {
  forkCvWorker,
  isAlive,
  parseInWorker,
  startCvWorker,
  type CvWorker,
  type ForkCvWorker,
} from './cvWorkerProcess';

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

/** Where the reader says that its spare worker failed (never with a file's text or name). */
export interface CvReaderLog {
  warn(details: { err: Error }, message: string): void;
}

export interface CvReaderOptions {
  /** How a worker is forked (tests wrap the default to watch which worker takes a file). */
  fork?: ForkCvWorker;
}

export interface CvReader {
  /** The file's raw text, parsed in a worker within the limits; refusals are ApiFailures. */
  read(bytes: Uint8Array, mediaType: ParsedMediaType): Promise<string>;
  /**
   * From now on keeps one worker started ahead of the next file (the server calls it once it
   * listens), so no file waits for a worker to load while each still gets a fresh process.
   */
  keepSpare(log: CvReaderLog): void;
  /** Ends the spare and starts no other; a parse under way ends within its own limits. */
  close(): Promise<void>;
}

/** Resolves once the worker has ended, killing it first. */
function endWorker({ child }: CvWorker): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return ended;
}

/** Keeps at most one idle worker started ahead once asked; its failures go to the log. */
function createSpares(heapMb: number, fork: ForkCvWorker) {
  let log: CvReaderLog | null = null;
  let spare: CvWorker | null = null;

  function startSpare(): void {
    if (log === null || spare !== null) return;
    const worker = startCvWorker(fork, heapMb);
    // Idle, it must not hold the server's process open; taken, it is (`take`).
    worker.child.unref();
    worker.child.channel?.unref();
    spare = worker;
    worker.ready.then(
      () =>
        worker.child.once('exit', () => {
          if (spare !== worker) return;
          // Ended while idle (killed from outside): the next one replaces it.
          spare = null;
          log?.warn({ err: new Error('The CV spare worker ended while idle.') }, 'cv spare ended');
          startSpare();
        }),
      (error: Error) => {
        // Taken (or closed) first: the read that took it answers with this error.
        if (spare !== worker) return;
        // A worker that cannot start is not started again at once: the next file forks its own.
        spare = null;
        log?.warn({ err: error }, 'cv spare failed to start');
      },
    );
  }

  return {
    keep(to: CvReaderLog): void {
      log = to;
      startSpare();
    },
    /** The spare if it is still alive, else a worker forked now; the next spare starts. */
    take(): CvWorker {
      const idle = spare;
      spare = null;
      // One whose end is seen but not its exit yet is never handed a file.
      if (idle !== null && !isAlive(idle)) idle.child.kill('SIGKILL');
      const worker = idle !== null && isAlive(idle) ? idle : startCvWorker(fork, heapMb);
      worker.child.ref();
      worker.child.channel?.ref();
      startSpare();
      return worker;
    },
    async close(): Promise<void> {
      log = null;
      const idle = spare;
      spare = null;
      if (idle !== null) await endWorker(idle);
    },
  };
}

/**
 * A reader that parses at most `limits.concurrency` files at once and queues a few more. Each file
 * gets a fresh worker process that ends with its answer: a process (not a thread) so that all its
 * memory goes back to the system every time, and so that a limit can stop it whatever it does.
 */
export function createCvReader(
  limits: CvReaderLimits = CV_READER_LIMITS,
  options: CvReaderOptions = {},
): CvReader {
  const spares = createSpares(limits.heapMb, options.fork ?? forkCvWorker);
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

  async function parse(bytes: Uint8Array, mediaType: ParsedMediaType): Promise<ParseResult> {
    const worker = spares.take();
    // A worker that cannot start is the server's failure, not the file's: a 5xx with its reason.
    await worker.ready;
    if (!isAlive(worker)) throw new Error('The CV worker ended before it was handed the file.');
    return parseInWorker(worker, bytes, mediaType, limits);
  }

  return {
    async read(bytes, mediaType) {
      await takeTurn();
      let result: ParseResult;
      try {
        result = await parse(bytes, mediaType);
      } finally {
        release();
      }
      if ('refused' in result) throw new ApiFailure(result.refused);
      return result.text;
    },
    keepSpare: (log) => spares.keep(log),
    close: () => spares.close(),
  };
}

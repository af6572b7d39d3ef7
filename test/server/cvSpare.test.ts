/**
 * The CV reader's spare worker, on real worker processes watched through an injected fork: the
 * next file goes to a worker started ahead, every file still gets a fresh process that ends with
 * it, a spare that dies or cannot start is replaced without ever taking a file, and closing the
 * reader (or the app) leaves no worker running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCvReader, CV_READER_LIMITS, type CvReader } from '../../server/cv/cvReader';
import { forkCvWorker, type ForkCvWorker } from '../../server/cv/cvWorkerProcess';
import { startBackend } from './support/backend';
import { pdfWithText } from './support/cvFiles';

/** Workers loading on two cores shared with the other test files can take several seconds. */
const SLOW_TEST_MS = 120_000;
const TEXT = 'Jane Doe, Go developer';
const PDF = pdfWithText([TEXT]);

interface Forked {
  child: ChildProcess;
  /** Resolves when the worker says it has loaded its parsers. */
  ready: Promise<void>;
  /** Resolves when the process has ended. */
  ended: Promise<void>;
}

function hasEnded(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** A fork that records each worker; `broken` workers exit at once without saying ready. */
function watchedFork(broken: (index: number) => boolean = () => false) {
  const forked: Forked[] = [];
  const waiters: (() => void)[] = [];
  const fork: ForkCvWorker = (heapMb) => {
    const child = broken(forked.length)
      ? spawn(process.execPath, ['-e', 'process.exit(3)'], {
          stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        })
      : forkCvWorker(heapMb);
    forked.push({
      child,
      ready: new Promise((resolve) => child.on('message', (m) => m === 'ready' && resolve())),
      ended: new Promise((resolve) => child.once('exit', () => resolve())),
    });
    waiters.splice(0).forEach((wake) => wake());
    return child;
  };
  /** The worker forked `index`th (from 0), once it has been. */
  async function nth(index: number): Promise<Forked> {
    for (;;) {
      const one = forked[index];
      if (one) return one;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  /** Resolves once the `index`th worker has said it is ready. */
  const whenReady = async (index: number) => (await nth(index)).ready;
  /** Resolves once the `index`th worker has ended. */
  const whenEnded = async (index: number) => (await nth(index)).ended;
  const running = () => forked.filter(({ child }) => !hasEnded(child)).length;
  return { fork, nth, whenReady, whenEnded, forked, running };
}

function recordingLog() {
  const warnings: string[] = [];
  return { warnings, warn: ({ err }: { err: Error }) => void warnings.push(err.message) };
}

describe('the CV reader spare', { timeout: SLOW_TEST_MS }, () => {
  let reader: CvReader | null = null;
  afterEach(async () => {
    await reader?.close();
    reader = null;
  });

  /** A reader keeping a spare (or not), its forks watched; closed after the test. */
  function watchedReader({
    spare = true,
    broken,
  }: { spare?: boolean; broken?: (index: number) => boolean } = {}) {
    const watched = watchedFork(broken);
    const log = recordingLog();
    const made = createCvReader(CV_READER_LIMITS, { fork: watched.fork });
    reader = made;
    if (spare) made.keepSpare(log);
    const read = () => made.read(PDF, 'application/pdf');
    return { ...watched, reader: made, log, read };
  }

  it('hands each next file to a worker started ahead, a fresh one per file', async () => {
    const { nth, whenReady, whenEnded, read, running } = watchedReader();
    for (const index of [0, 1]) {
      await whenReady(index);
      expect(await read()).toBe(TEXT);
      await whenEnded(index);
    }
    // The third waits for the next file; no worker was forked for a file it was handed.
    expect(hasEnded((await nth(2)).child)).toBe(false);
    expect(running()).toBe(1);
  });

  it('parses two files at once with one spare, then keeps one spare', async () => {
    const { whenReady, whenEnded, read, forked, running } = watchedReader();
    await whenReady(0);
    expect(await Promise.all([read(), read()])).toEqual([TEXT, TEXT]);
    await Promise.all([whenEnded(0), whenEnded(1)]);
    // The spare taken, the one started in its place taken by the second file, and the next.
    expect(forked).toHaveLength(3);
    expect(running()).toBe(1);
  });

  it('replaces a spare that dies while idle and never hands it a file', async () => {
    const { nth, read, forked, log } = watchedReader();
    const first = await nth(0);
    await first.ready;
    first.child.kill('SIGKILL');
    const second = await nth(1);
    expect(log.warnings).toEqual(['The CV spare worker ended while idle.']);
    expect(await read()).toBe(TEXT);
    await second.ended;
    expect(forked).toHaveLength(3);
  });

  it('logs a spare that cannot start and reads the next file in a worker of its own', async () => {
    const { whenEnded, read, forked, running, log } = watchedReader({
      broken: (index) => index === 0,
    });
    await whenEnded(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.warnings).toEqual(['The CV worker ended (3) before it started.']);
    // Not forked again at once: a worker that cannot start would be forked in a loop.
    expect(forked).toHaveLength(1);
    expect(await read()).toBe(TEXT);
    await whenEnded(1);
    expect(forked).toHaveLength(3);
    expect(running()).toBe(1);
  });

  it('answers a read whose worker cannot start with the reason, and leaves nothing running', async () => {
    const { read, forked, running } = watchedReader({ spare: false, broken: () => true });
    await expect(read()).rejects.toThrow('The CV worker ended (3) before it started.');
    expect(forked).toHaveLength(1);
    expect(running()).toBe(0);
  });

  it('ends the spare when closed and starts no other', async () => {
    const { whenReady, whenEnded, read, forked, running, reader: closing } = watchedReader();
    await whenReady(0);
    await closing.close();
    expect(running()).toBe(0);
    // A file after it gets a fresh worker of its own and nothing is started ahead.
    expect(await read()).toBe(TEXT);
    await whenEnded(1);
    expect(forked).toHaveLength(2);
    expect(running()).toBe(0);
  });
});

/** The CV worker processes this process has started (from /proc: Linux). */
async function cvWorkerPids(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [stat, cmdline] = await Promise.all([
      readFile(`/proc/${entry}/stat`, 'utf8'),
      readFile(`/proc/${entry}/cmdline`, 'utf8'),
    ]).catch(() => ['', '']);
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === process.pid && cmdline.includes('cvWorker')) pids.push(Number(entry));
  }
  return pids;
}

describe.runIf(process.platform === 'linux')('the app', { timeout: SLOW_TEST_MS }, () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  it('starts a spare CV worker once listening and ends it when closed', async () => {
    app = await startBackend('pglite');
    // Other files' workers may still be ending in this shared process: only new ones count.
    const before = new Set(await cvWorkerPids());
    const started = async () => (await cvWorkerPids()).filter((pid) => !before.has(pid));
    expect(await started()).toEqual([]);
    await app.listen({ host: '127.0.0.1', port: 0 });
    await vi.waitFor(async () => expect(await started()).toHaveLength(1), {
      timeout: 30_000,
      interval: 50,
    });
    await app.close();
    expect(await started()).toEqual([]);
  });
});

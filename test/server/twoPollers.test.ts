import Fastify from 'fastify';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { boardKey, JOB_SOURCES, type BoardRef, type JobSource } from '../../server/jobs/jobRecord';
import { startBoardPolling, type BoardPolling } from '../../server/jobs/poll/boardPolling';
import type { FetchBoard } from '../../server/jobs/sources/boardSource';
import { everySourceAt } from '../../server/jobs/settings';
import { unannouncedAlerts } from '../support/unannouncedAlerts';
import { fileDatabaseLocation } from './support/backend';

const boardsNamed = (prefix: string, count: number): BoardRef[] =>
  Array.from({ length: count }, (_, at) => ({ source: 'lever', token: `${prefix}-${at}` }));
const BOARDS = boardsNamed('shared', 3);
/** Each read lasts this long, so two polls of a board at once would overlap. */
const READ_MS = 150;
const RUN_MS = 4_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two backend processes poll the same boards (each process's own pg-boss on one database, as two
 * instances of a deployment): the queue's `stately` policy lets one poll of a board be active at
 * a time, whoever asks for more (a start queueing every board, a follow's `watch`).
 */
describe('two pollers of the same boards on one PostgreSQL database', () => {
  let database: DatabaseHandle;
  const bosses: PgBoss[] = [];
  const reading = new Map<string, number>();
  const reads = new Map<string, number>();
  let mostAtOnce = 0;
  const queueErrors: Error[] = [];

  const fetcher: FetchBoard = async (board) => {
    const key = boardKey(board);
    const now = (reading.get(key) ?? 0) + 1;
    reading.set(key, now);
    mostAtOnce = Math.max(mostAtOnce, now);
    await sleep(READ_MS);
    reading.set(key, (reading.get(key) ?? 1) - 1);
    reads.set(key, (reads.get(key) ?? 0) + 1);
    return { ok: true, jobs: [], dropped: {} };
  };

  async function startPoller(boards: readonly BoardRef[]): Promise<BoardPolling> {
    const location = await fileDatabaseLocation();
    if (location.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const boss = new PgBoss({ connectionString: location.url });
    boss.on('error', (error) => queueErrors.push(error));
    await boss.start();
    bosses.push(boss);
    return startBoardPolling({
      boss,
      boards,
      log: Fastify({ logger: false }).log,
      db: database.db,
      alertEvents: unannouncedAlerts,
      fetchers: Object.fromEntries(JOB_SOURCES.map((source) => [source, fetcher])) as Record<
        JobSource,
        FetchBoard
      >,
      baseUrls: everySourceAt('http://127.0.0.1:9'),
      // Polls a second apart (pg-boss counts delays in whole seconds).
      intervalMs: 1_000,
      timeoutMs: 2_000,
    });
  }

  beforeAll(async () => {
    database = await openDatabase(await fileDatabaseLocation());
  });
  afterAll(async () => {
    await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, timeout: 5_000 })));
    await database?.close();
  });

  it('never reads one board twice at once, and both keep every board polled', async () => {
    const pollers = await Promise.all([startPoller(BOARDS), startPoller(BOARDS)]);
    const ends = Date.now() + RUN_MS;
    // Both ask for every board's next poll now, again and again, as follows would.
    while (Date.now() < ends) {
      await Promise.all(pollers.flatMap((poller) => BOARDS.map((board) => poller.watch(board))));
      await sleep(50);
    }
    expect(queueErrors).toEqual([]);
    expect(mostAtOnce).toBe(1);
    for (const board of BOARDS) expect(reads.get(boardKey(board))).toBeGreaterThanOrEqual(3);
  });
});

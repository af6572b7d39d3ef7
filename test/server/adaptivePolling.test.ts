import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/schema';
import {
  JOB_SOURCES,
  type BoardRef,
  type JobRecord,
  type JobSource,
} from '../../server/jobs/jobRecord';
import { pollBoard, type PollBoardDeps } from '../../server/jobs/poll/pollBoard';
import type { FetchBoard } from '../../server/jobs/sources/boardSource';
import { BOARD_FETCHERS } from '../../server/jobs/sources/fetchBoard';
import { everySourceAt } from '../../server/jobs/settings';
import { unannouncedAlerts } from '../support/unannouncedAlerts';
import { DATABASES, startBackend } from './support/backend';
import { fixtureRecords, uniqueBoard } from './support/jobs';
import { startStandInBoards, type StandInBoards } from './support/standInBoards';

const HOUR = 60 * 60_000;
const start = new Date('2026-11-22T12:00:00.000Z');

describe.each(DATABASES)('adaptive board polls on %s', (database) => {
  let app: FastifyInstance;
  let stand: StandInBoards<'acme'>;
  beforeAll(async () => {
    app = await startBackend(database);
    stand = await startStandInBoards({ acme: { source: 'greenhouse', fixture: 'acme' } });
  });
  afterAll(async () => {
    await app.close();
    await stand.close();
  });

  function depsAt(clock: { now: Date }, answer: () => JobRecord[]): PollBoardDeps {
    const fetcher: FetchBoard = () =>
      Promise.resolve({ ok: true as const, jobs: answer(), dropped: {} });
    return {
      db: app.db,
      alertEvents: unannouncedAlerts,
      fetchers: Object.fromEntries(JOB_SOURCES.map((s) => [s, fetcher])) as Record<
        JobSource,
        FetchBoard
      >,
      baseUrls: everySourceAt('http://x'),
      intervalMs: 60_000,
      timeoutMs: 1_000,
      now: () => clock.now,
    };
  }

  const rowsOf = (board: BoardRef) =>
    app.db
      // xmin is the row version's writer: any UPDATE, even to equal values, changes it.
      .select({ id: jobs.id, updatedAt: jobs.updatedAt, version: sql<string>`xmin::text` })
      .from(jobs)
      .where(and(eq(jobs.source, board.source), eq(jobs.board, board.token)))
      .orderBy(jobs.id);

  it('keeps the last change through unchanged answers, writes nothing, and backs off', async () => {
    const board = uniqueBoard('lever', 'globex');
    const clock = { now: start };
    const deps = depsAt(clock, () => fixtureRecords('globex', board, start));
    const first = await pollBoard(deps, board, 0);
    expect(first).toMatchObject({ ok: true, lastChangeAt: start.getTime(), nextDelayMs: 60_000 });
    const rowsBefore = await rowsOf(board);

    clock.now = new Date(start.getTime() + 25 * HOUR);
    const quiet = await pollBoard(deps, board, 0, start.getTime());
    expect(quiet).toMatchObject({
      ok: true,
      stored: { unchanged: 5, inserted: 0, updated: 0, closed: 0 },
      lastChangeAt: start.getTime(),
      nextDelayMs: 10 * 60_000,
    });
    expect(await rowsOf(board)).toEqual(rowsBefore);
  });

  it('a change brings a quiet board back to the base interval', async () => {
    const board = uniqueBoard('lever', 'globex');
    const clock = { now: start };
    let records = fixtureRecords('globex', board, start);
    const deps = depsAt(clock, () => records);
    await pollBoard(deps, board, 0);
    clock.now = new Date(start.getTime() + 4 * 24 * HOUR);
    records = records.slice(1);
    const changed = await pollBoard(deps, board, 0, start.getTime());
    expect(changed).toMatchObject({
      ok: true,
      stored: { closed: 1 },
      lastChangeAt: clock.now.getTime(),
      nextDelayMs: 60_000,
    });
  });

  it('asks the stand-in again with the last validator: a 304 writes nothing, a change is stored', async () => {
    const board = stand.boards.acme;
    const clock = { now: start };
    const deps: PollBoardDeps = {
      ...depsAt(clock, () => []),
      fetchers: BOARD_FETCHERS,
      baseUrls: stand.baseUrls,
    };
    const first = await pollBoard(deps, board, 0);
    if (!first.ok || first.validator === undefined) throw new Error('expected a validator');
    expect(first).toMatchObject({ notModified: false, stored: { inserted: 3 } });
    const rowsBefore = await rowsOf(board);

    clock.now = new Date(start.getTime() + 25 * HOUR);
    const unchanged = await pollBoard(deps, board, 0, first.lastChangeAt, first.validator);
    expect(unchanged).toMatchObject({
      ok: true,
      notModified: true,
      validator: first.validator,
      newJobIds: [],
      lastChangeAt: start.getTime(),
      nextDelayMs: 10 * 60_000,
    });
    expect(await rowsOf(board)).toEqual(rowsBefore);

    stand.standIn.publish(board);
    const changed = await pollBoard(deps, board, 0, first.lastChangeAt, first.validator);
    expect(changed).toMatchObject({
      ok: true,
      notModified: false,
      stored: { inserted: 1, unchanged: 3 },
      lastChangeAt: clock.now.getTime(),
    });
    if (!changed.ok) throw new Error('expected a stored answer');
    expect(changed.validator?.value).not.toBe(first.validator.value);
    expect(await rowsOf(board)).toHaveLength(4);
  });
});

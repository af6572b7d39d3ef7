import { describe, expect, it } from 'vitest';
import { unannouncedAlerts } from '../../support/unannouncedAlerts';
import type { Database } from '../../../server/db/database';
import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS } from '../../../server/jobs/backoff';
import { JOB_SOURCES, type BoardRef, type JobSource } from '../../../server/jobs/jobRecord';
import { pollBoard, type PollBoardDeps } from '../../../server/jobs/poll/pollBoard';
import { isPollBoardData } from '../../../server/jobs/poll/pollJob';
import type { BoardFailure } from '../../../server/jobs/sources/boardResult';
import type { FetchBoard } from '../../../server/jobs/sources/boardSource';
import { everySourceAt } from '../../../server/jobs/settings';

const board: BoardRef = { source: 'lever', token: 'globex' };

/** Any use of the database fails the test: a board that failed must never be stored. */
const untouchableDb = new Proxy(
  {},
  {
    get: () => {
      throw new Error('the database was used');
    },
  },
) as Database;

function depsFailingWith(failure: BoardFailure): PollBoardDeps {
  const fetcher: FetchBoard = () => Promise.resolve({ ok: false, failure });
  const fetchers = Object.fromEntries(JOB_SOURCES.map((source) => [source, fetcher])) as Record<
    JobSource,
    FetchBoard
  >;
  return {
    db: untouchableDb,
    alertEvents: unannouncedAlerts,
    fetchers,
    baseUrls: everySourceAt('http://x'),
    intervalMs: 60_000,
    timeoutMs: 1_000,
  };
}

describe('pollBoard on a failure', () => {
  it('backs off 30 s after the first 5xx, without storing anything', async () => {
    const outcome = await pollBoard(
      depsFailingWith({ kind: 'server-error', status: 503 }),
      board,
      0,
    );
    expect(outcome).toMatchObject({ ok: false, failures: 1, nextDelayMs: FIRST_BACKOFF_MS });
  });

  it('doubles with each failure in a row, up to 16 minutes', async () => {
    const timeout = depsFailingWith({ kind: 'timeout', afterMs: 1_000 });
    expect((await pollBoard(timeout, board, 2)).nextDelayMs).toBe(4 * FIRST_BACKOFF_MS);
    expect((await pollBoard(timeout, board, 20)).nextDelayMs).toBe(MAX_BACKOFF_MS);
  });

  it("waits as long as a 429's Retry-After asks when that is longer", async () => {
    const limited = depsFailingWith({ kind: 'rate-limited', status: 429, retryAfterMs: 300_000 });
    expect(await pollBoard(limited, board, 0)).toMatchObject({ failures: 1, nextDelayMs: 300_000 });
  });
});

describe('isPollBoardData', () => {
  it('accepts a board and a failure count, and nothing else', () => {
    expect(isPollBoardData({ source: 'ashby', token: 'initech', failures: 0 })).toBe(true);
    expect(isPollBoardData({ source: 'workday', token: 'initech', failures: 0 })).toBe(false);
    expect(isPollBoardData({ source: 'ashby', token: 'initech', failures: -1 })).toBe(false);
    expect(isPollBoardData({ source: 'ashby', token: 'initech' })).toBe(false);
    expect(isPollBoardData(null)).toBe(false);
  });
});

describe('pollBoard on an unchanged (304) answer', () => {
  const validator = { kind: 'etag', value: '"v1"' } as const;
  const HOUR = 60 * 60_000;

  it('sends the validator, touches no database, and keeps counting quiet time', async () => {
    const asked: unknown[] = [];
    const fetcher: FetchBoard = (_board, options) => {
      asked.push(options.validator);
      return Promise.resolve({ ok: true, unchanged: true });
    };
    const now = new Date('2026-11-22T12:00:00.000Z');
    const lastChangeAt = now.getTime() - 25 * HOUR;
    const outcome = await pollBoard(
      {
        ...depsFailingWith({ kind: 'timeout', afterMs: 1 }),
        fetchers: Object.fromEntries(JOB_SOURCES.map((source) => [source, fetcher])) as Record<
          JobSource,
          FetchBoard
        >,
        now: () => now,
      },
      board,
      0,
      lastChangeAt,
      validator,
    );
    expect(asked).toEqual([validator]);
    expect(outcome).toMatchObject({
      ok: true,
      notModified: true,
      validator,
      newJobIds: [],
      lastChangeAt,
      nextDelayMs: 10 * 60_000,
    });
  });

  it('a failed answer keeps no validator for the next poll', async () => {
    const outcome = await pollBoard(
      depsFailingWith({ kind: 'server-error', status: 503 }),
      board,
      0,
      undefined,
      validator,
    );
    expect(outcome.ok).toBe(false);
    expect('validator' in outcome).toBe(false);
  });
});

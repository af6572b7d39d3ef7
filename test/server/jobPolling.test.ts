import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../server/db/schema';
import { FIRST_BACKOFF_MS } from '../../server/jobs/backoff';
import type { BoardRef } from '../../server/jobs/jobRecord';
import type { BoardPolling } from '../../server/jobs/poll/boardPolling';
import { DATABASES, LogCapture, startBackend } from './support/backend';
import { startStandInBoards, type StandInBoards } from './support/standInBoards';

const BOARDS = {
  steady: { source: 'greenhouse', fixture: 'acme' },
  failsLater: { source: 'greenhouse', fixture: 'northwind' },
  rateLimited: { source: 'lever', fixture: 'globex' },
  broken: { source: 'ashby', fixture: 'initech' },
  hanging: { source: 'ashby', fixture: 'tidewater' },
} as const;
type BoardName = keyof typeof BOARDS;

const INTERVAL_SECONDS = 1;
const RETRY_AFTER_SECONDS = 120;
const WAIT = { timeout: 8_000, interval: 100 };

describe.each(DATABASES)('polling job boards with pg-boss on %s', (database) => {
  let app: FastifyInstance;
  let polling: BoardPolling;
  let boards: Record<BoardName, BoardRef>;
  let stand: StandInBoards<BoardName>;
  const logs = new LogCapture();

  beforeAll(async () => {
    stand = await startStandInBoards(BOARDS);
    boards = stand.boards;
    stand.standIn.setFault(boards.rateLimited, {
      kind: 'rate-limit',
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
    stand.standIn.setFault(boards.broken, { kind: 'server-error', status: 503 });
    stand.standIn.setFault(boards.hanging, { kind: 'hang' });
    app = await startBackend(database, {
      logStream: logs,
      config: {
        jobBoards: Object.values(boards),
        jobSourceUrls: stand.baseUrls,
        jobPollIntervalSeconds: INTERVAL_SECONDS,
        jobBoardTimeoutMs: 2_000,
      },
    });
    if (app.boardPolling === null) throw new Error('JOB_BOARDS was set, yet nothing polls');
    polling = app.boardPolling;
  });
  afterAll(async () => {
    await app.close();
    await stand.close();
  });

  const rowsOf = (board: BoardRef) =>
    app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.source, board.source), eq(jobs.board, board.token)));
  const polledLines = (board: BoardRef) =>
    logs
      .linesWith('job board polled')
      .filter((line) => line.board === `${board.source}:${board.token}`);
  const failedPoll = async (board: BoardRef) =>
    vi.waitFor(async () => {
      const next = await polling.scheduled(board);
      expect(next?.failures).toBe(1);
      return next;
    }, WAIT);

  // The poll stores its postings, then logs, then queues the next poll: a test that sees the rows
  // may be a moment ahead of the line and the queue, so it waits for those too.
  it('polls a board, stores its postings, logs the counts and queues the next poll at the interval', async () => {
    await vi.waitFor(async () => {
      expect(await rowsOf(boards.steady)).toHaveLength(3);
      expect(polledLines(boards.steady)[0]).toMatchObject({ inserted: 3, new: 3, closed: 0 });
      expect(await polling.scheduled(boards.steady)).toEqual({
        failures: 0,
        delayMs: INTERVAL_SECONDS * 1000,
      });
    }, WAIT);
  });

  it('asks an unchanged board again with its validator, which the pg-boss job carries', async () => {
    await vi.waitFor(
      () =>
        expect(polledLines(boards.steady)).toContainEqual(
          expect.objectContaining({ notModified: true, inserted: 0, updated: 0, closed: 0 }),
        ),
      WAIT,
    );
  });

  it('stores a posting the stand-in publishes on the next poll', async () => {
    await vi.waitFor(() => expect(polledLines(boards.steady).length).toBeGreaterThan(0), WAIT);
    const published = stand.standIn.publish(boards.steady);
    await vi.waitFor(async () => {
      const rows = await rowsOf(boards.steady);
      expect(rows.map((row) => row.externalId)).toContain(published.id);
      expect(polledLines(boards.steady).some((line) => line.new === 1)).toBe(true);
    }, WAIT);
  });

  it('backs off for as long as a 429 Retry-After asks, storing nothing', async () => {
    expect((await failedPoll(boards.rateLimited))?.delayMs).toBe(RETRY_AFTER_SECONDS * 1000);
    expect(await rowsOf(boards.rateLimited)).toHaveLength(0);
    expect(logs.linesWith('job board poll failed')).toContainEqual(
      expect.objectContaining({ failure: 'rate-limited', status: 429, failures: 1 }),
    );
  });

  it('backs off 30 s after a 5xx, storing nothing', async () => {
    expect((await failedPoll(boards.broken))?.delayMs).toBe(FIRST_BACKOFF_MS);
    expect(await rowsOf(boards.broken)).toHaveLength(0);
  });

  it('backs off 30 s after a board that does not answer within its time limit', async () => {
    expect((await failedPoll(boards.hanging))?.delayMs).toBe(FIRST_BACKOFF_MS);
    expect(logs.linesWith('job board poll failed')).toContainEqual(
      expect.objectContaining({ board: `ashby:${boards.hanging.token}`, failure: 'timeout' }),
    );
  });

  it('never closes the postings of a board that stops answering', async () => {
    await vi.waitFor(async () => expect(await rowsOf(boards.failsLater)).not.toHaveLength(0), WAIT);
    stand.standIn.setFault(boards.failsLater, { kind: 'server-error', status: 500 });
    expect((await failedPoll(boards.failsLater))?.delayMs).toBe(FIRST_BACKOFF_MS);
    const rows = await rowsOf(boards.failsLater);
    expect(rows.every((row) => row.closedAt === null)).toBe(true);
  });

  it('stops polling when the app closes', async () => {
    const closing = Date.now();
    await app.close();
    expect(Date.now() - closing).toBeLessThan(10_000);
    const pollsAtClose = polledLines(boards.steady).length;
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_SECONDS * 2000));
    expect(polledLines(boards.steady)).toHaveLength(pollsAtClose);
  });
});

import type { FastifyBaseLogger } from 'fastify';
import type { Job, PgBoss } from 'pg-boss';
import { rewriteStaleLookups } from '../../profile/profileLookup';
import { withTimeLimit } from '../../withTimeLimit';
import { boardKey, type BoardRef } from '../jobRecord';
import type { Validator } from '../sources/validator';
import { AlertRounds } from './alertRounds';
import { makeAlerts, pollBoard, type PollAlerts, type PollBoardDeps } from './pollBoard';
import { logPollOutcome } from './pollLog';
import { POLL_BOARD_QUEUE, isPollBoardData, pollDataOf, type PollBoardData } from './pollJob';

export interface BoardPollingOptions extends PollBoardDeps {
  /** The app's started job queue (`startJobQueue`), which stops the polls when it stops. */
  readonly boss: PgBoss;
  readonly boards: readonly BoardRef[];
  readonly log: FastifyBaseLogger;
}

/** A board's queued poll: when it runs and the failures in a row behind it. */
export interface ScheduledPoll {
  readonly failures: number;
  /** From when it was queued to when it may run. */
  readonly delayMs: number;
}

export interface BoardPolling {
  /** The board's next poll as queued, or null when none is. */
  readonly scheduled: (board: BoardRef) => Promise<ScheduledPoll | null>;
  /** Queues the board's first poll unless one is queued (a board nobody watched until now). */
  readonly watch: (board: BoardRef) => Promise<void>;
  /** When the board's last poll ended, or null when none did within the hour polls are kept. */
  readonly lastPolledAt: (board: BoardRef) => Promise<Date | null>;
}

const START_TIME_LIMIT_MS = 60_000;
const REWRITE_TIME_LIMIT_MS = 10 * 60_000;
/**
 * Polls in flight at once in a process, one per pg-boss worker: enough that slow boards (each up to
 * its time limit) do not hold up the rest, few enough that idle workers' fetches stay cheap.
 */
const pollWorkersFor = (boards: number): number => Math.min(24, 2 + Math.floor(boards / 250));
/** A poll that runs longer than this (fetch and store, each limited) is given up and retried. */
const POLL_EXPIRY_MARGIN_SECONDS = 60;

/** The poll queue's options (a benchmark creates the queue before the backend starts). */
export function pollQueueOptions(timeoutMs: number) {
  return {
    policy: 'stately' as const,
    expireInSeconds: Math.ceil(timeoutMs / 1000) + POLL_EXPIRY_MARGIN_SECONDS,
    // Only when queueing the next poll failed (the database): the back-off itself is ours.
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 16 * 60,
    // A poll every few seconds per board adds up: done polls are kept an hour, not pg-boss's week.
    deleteAfterSeconds: 60 * 60,
  };
}

/** A line when alerts were made, or when making them failed (never which users or postings). */
function logAlerts(log: FastifyBaseLogger, board: BoardRef, alerts: PollAlerts) {
  if ('failed' in alerts)
    log.error({ board: boardKey(board), detail: alerts.failed }, 'making alerts failed');
  else if (alerts.created > 0) log.info({ board: boardKey(board), ...alerts }, 'alerts made');
}

/**
 * Polls each board with pg-boss: one job per board ("poll board X"), which reads the board, stores
 * its answer and queues the board's next poll, at the normal interval or after the back-off. The
 * queue's `stately` policy with the board as singleton key keeps at most one poll of a board queued,
 * so starting again (or twice) never doubles a board's polls.
 */
export async function startBoardPolling(options: BoardPollingOptions): Promise<BoardPolling> {
  const { boss, log } = options;
  const alertRounds = new AlertRounds(() => makeAlerts(options));

  const queueNext = async (
    board: BoardRef,
    failures: number,
    delayMs: number,
    lastChangeAt?: number,
    validator?: Validator,
  ) => {
    await boss.send(POLL_BOARD_QUEUE, pollDataOf(board, failures, lastChangeAt, validator), {
      singletonKey: boardKey(board),
      startAfter: Math.ceil(delayMs / 1000),
    });
  };

  const handle = async ([job]: Job<PollBoardData>[]) => {
    if (job === undefined) return;
    if (!isPollBoardData(job.data)) {
      log.error({ jobId: job.id }, 'job board poll: unreadable job data; dropped');
      return;
    }
    const board: BoardRef = { source: job.data.source, token: job.data.token };
    const { failures, lastChangeAt: changedAt, validator: validatorBefore } = job.data;
    const outcome = await pollBoard(options, board, failures, changedAt, validatorBefore);
    logPollOutcome(log, board, outcome);
    const lastChangeAt = outcome.ok ? outcome.lastChangeAt : changedAt;
    // A failed poll keeps no validator: the next one reads the board in full.
    const validator = outcome.ok ? outcome.validator : undefined;
    await queueNext(board, outcome.failures, outcome.nextDelayMs, lastChangeAt, validator);
    // After the next poll is queued: making alerts never delays or loses the board's schedule.
    const alerts = outcome.ok ? await alertRounds.afterPoll(outcome) : null;
    if (alerts !== null) logAlerts(log, board, alerts);
  };

  const workers = pollWorkersFor(options.boards.length);
  await withTimeLimit(
    (async () => {
      await boss.createQueue(POLL_BOARD_QUEUE, pollQueueOptions(options.timeoutMs));
      for (const board of options.boards) await queueNext(board, 0, 0);
      await boss.work<PollBoardData>(
        POLL_BOARD_QUEUE,
        {
          pollingIntervalSeconds: Math.min(2, Math.max(0.5, options.intervalMs / 2000)),
          localConcurrency: workers,
          // While more polls are due than workers, each worker fetches again at once rather than
          // after the polling interval: a backlog is worked off at the rate polls take.
          burstWhenReadyExceeds: workers,
        },
        handle,
      );
    })(),
    START_TIME_LIMIT_MS,
    'Starting the job-board polls',
  );
  log.info({ boards: options.boards.map(boardKey) }, 'polling job boards');
  // Profiles the migration could only approximate (or older lookup rules wrote) are rewritten in
  // the background: until then they are found by their own skills and places.
  void withTimeLimit(rewriteStaleLookups(options.db), REWRITE_TIME_LIMIT_MS, 'Rewriting lookups')
    .then((rewritten) => {
      if (rewritten > 0) log.info({ rewritten }, 'profile lookups rewritten');
    })
    .catch((error: unknown) => log.error({ err: error }, 'rewriting profile lookups failed'));

  return {
    watch: (board) => queueNext(board, 0, 0),
    lastPolledAt: async (board) => {
      const polls = await boss.findJobs<PollBoardData>(POLL_BOARD_QUEUE, { key: boardKey(board) });
      const ends = polls.map((poll) => poll.completedOn?.getTime() ?? 0);
      const last = Math.max(0, ...ends);
      return last === 0 ? null : new Date(last);
    },
    scheduled: async (board) => {
      const [job] = await boss.findJobs<PollBoardData>(POLL_BOARD_QUEUE, {
        key: boardKey(board),
        queued: true,
      });
      if (job === undefined || !isPollBoardData(job.data)) return null;
      return {
        failures: job.data.failures,
        delayMs: job.startAfter.getTime() - job.createdOn.getTime(),
      };
    },
  };
}

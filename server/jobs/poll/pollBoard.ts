import type { AlertEvents } from '../../alerts/alertEvents';
import { alertPendingPostings, type AlertsOutcome } from '../../alerts/createAlerts';
import type { Database } from '../../db/database';
import { errorSummary } from '../../http/errorForLog';
import { withTimeLimit } from '../../withTimeLimit';
import { afterFailure, backoffDelayMs } from '../backoff';
import type { BoardRef, JobSource } from '../jobRecord';
import type { BoardFailure } from '../sources/boardResult';
import type { FetchBoard } from '../sources/boardSource';
import type { Validator } from '../sources/validator';
import { ingestBoard, type IngestResult } from '../store/ingestBoard';
import { adaptiveDelayMs } from './adaptiveInterval';

export interface PollBoardDeps {
  readonly db: Database;
  /** Where new alerts are announced once stored. */
  readonly alertEvents: AlertEvents;
  readonly fetchers: Readonly<Record<JobSource, FetchBoard>>;
  readonly baseUrls: Readonly<Record<JobSource, string>>;
  readonly intervalMs: number;
  readonly timeoutMs: number;
  readonly now?: () => Date;
}

/** Why a poll failed: the board's own failure, or storing its answer. */
export type PollFailure = BoardFailure | { readonly kind: 'store'; readonly detail: string };

/** The alerts made after storing, or why making them failed (the postings stay stored). */
export type PollAlerts = AlertsOutcome | { readonly failed: string };

/** What one poll did, and when the board is read next. */
export type PollOutcome =
  | {
      readonly ok: true;
      readonly stored: Omit<IngestResult, 'newJobIds'>;
      readonly newJobIds: readonly number[];
      readonly dropped: number;
      readonly failures: 0;
      /** When the board's postings last changed (epoch ms): this poll, or as before. */
      readonly lastChangeAt: number;
      readonly nextDelayMs: number;
      /** The board answered 304 to the validator sent: nothing was read or stored. */
      readonly notModified: boolean;
      /** The validator to send next time, when the board gave one. */
      readonly validator?: Validator;
    }
  | {
      readonly ok: false;
      readonly failure: PollFailure;
      /** Failures in a row, this one included. */
      readonly failures: number;
      readonly nextDelayMs: number;
    };

const STORE_TIME_LIMIT_MS = 30_000;
const ALERTS_TIME_LIMIT_MS = 30_000;

/** Never a query's text or parameters: a database error by its code, table and constraint. */
const detailOf = errorSummary;

/**
 * After a poll stored its board: the alerts of the postings waiting for them (this poll's new ones,
 * and any an earlier failure left: a posting is marked alerted only with its alerts, so the next
 * poll of any board tries again). A failure is answered, not thrown: the postings stay stored.
 */
export async function makeAlerts(deps: PollBoardDeps): Promise<PollAlerts> {
  try {
    return await withTimeLimit(
      alertPendingPostings(deps.db, deps.alertEvents),
      ALERTS_TIME_LIMIT_MS,
      'Making alerts',
    );
  } catch (error) {
    return { failed: detailOf(error) };
  }
}

function failed(failure: PollFailure, failuresBefore: number): PollOutcome {
  const state = afterFailure({ failures: failuresBefore });
  const retryAfter = failure.kind === 'rate-limited' ? failure.retryAfterMs : null;
  return {
    ok: false,
    failure,
    failures: state.failures,
    nextDelayMs: backoffDelayMs(state, retryAfter),
  };
}

const NOTHING_STORED = { inserted: 0, updated: 0, reopened: 0, unchanged: 0, closed: 0 };

/**
 * Reads one board within its time limit and stores what it answered. Only a board that answered is
 * stored: a failure leaves its postings as they were (never closed) and backs off. With the
 * validator of its last good answer, an unchanged board answers 304 and nothing is read or stored.
 */
export async function pollBoard(
  deps: PollBoardDeps,
  board: BoardRef,
  failuresBefore: number,
  lastChangeBefore?: number,
  validatorBefore?: Validator,
): Promise<PollOutcome> {
  const now = deps.now ?? (() => new Date());
  const result = await deps.fetchers[board.source](board, {
    baseUrl: deps.baseUrls[board.source],
    timeoutMs: deps.timeoutMs,
    now,
    validator: validatorBefore,
  });
  if (!result.ok) return failed(result.failure, failuresBefore);
  if ('unchanged' in result) {
    const polledAt = now().getTime();
    const lastChangeAt = lastChangeBefore ?? polledAt;
    return {
      ok: true,
      stored: NOTHING_STORED,
      newJobIds: [],
      dropped: 0,
      failures: 0,
      lastChangeAt,
      nextDelayMs: adaptiveDelayMs(deps.intervalMs, lastChangeAt, polledAt),
      notModified: true,
      validator: validatorBefore,
    };
  }
  try {
    const { newJobIds, ...stored } = await withTimeLimit(
      ingestBoard(deps.db, board, result.jobs, now()),
      STORE_TIME_LIMIT_MS,
      'Storing a board',
    );
    const dropped = Object.values(result.dropped).reduce((sum, count) => sum + count, 0);
    const polledAt = now().getTime();
    const changed = stored.inserted + stored.updated + stored.reopened + stored.closed > 0;
    // A board read for the first time counts as just changed: it earns its quiet steps by waiting.
    const lastChangeAt = changed || lastChangeBefore === undefined ? polledAt : lastChangeBefore;
    return {
      ok: true,
      stored,
      newJobIds,
      dropped,
      failures: 0,
      lastChangeAt,
      nextDelayMs: adaptiveDelayMs(deps.intervalMs, lastChangeAt, polledAt),
      notModified: false,
      validator: result.validator,
    };
  } catch (error) {
    return failed({ kind: 'store', detail: detailOf(error) }, failuresBefore);
  }
}

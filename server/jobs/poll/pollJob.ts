import { JOB_SOURCES, type BoardRef } from '../jobRecord';
import { isValidator, type Validator } from '../sources/validator';

/** The queue holding one "poll board X" job per configured board. */
export const POLL_BOARD_QUEUE = 'poll-board';

/**
 * A poll job's data: the board, its failures in a row so far (for the back-off), when its
 * postings last changed (for the adaptive interval) and the validator of its last good answer (to
 * ask whether it changed since). The last two are absent in jobs queued before they were kept, and
 * the validator after a failed poll. Kept here, every backend process polling sees the same.
 */
export interface PollBoardData {
  readonly source: BoardRef['source'];
  readonly token: string;
  readonly failures: number;
  readonly lastChangeAt?: number;
  readonly validator?: Validator;
}

export const pollDataOf = (
  board: BoardRef,
  failures: number,
  lastChangeAt?: number,
  validator?: Validator,
): PollBoardData => ({
  source: board.source,
  token: board.token,
  failures,
  ...(lastChangeAt === undefined ? {} : { lastChangeAt }),
  ...(validator === undefined ? {} : { validator }),
});

export function isPollBoardData(value: unknown): value is PollBoardData {
  if (typeof value !== 'object' || value === null) return false;
  const { source, token, failures, lastChangeAt, validator } = value as Record<string, unknown>;
  return (
    typeof source === 'string' &&
    (JOB_SOURCES as readonly string[]).includes(source) &&
    typeof token === 'string' &&
    typeof failures === 'number' &&
    Number.isInteger(failures) &&
    failures >= 0 &&
    (lastChangeAt === undefined ||
      (typeof lastChangeAt === 'number' && Number.isFinite(lastChangeAt))) &&
    (validator === undefined || isValidator(validator))
  );
}

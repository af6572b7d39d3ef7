import { JOB_SOURCES, type BoardRef } from '../jobRecord';

/** The queue holding one "poll board X" job per configured board. */
export const POLL_BOARD_QUEUE = 'poll-board';

/**
 * A poll job's data: the board, its failures in a row so far (for the back-off) and when its
 * postings last changed (for the adaptive interval; absent in jobs queued before it was kept).
 */
export interface PollBoardData {
  readonly source: BoardRef['source'];
  readonly token: string;
  readonly failures: number;
  readonly lastChangeAt?: number;
}

/** The queue's singleton key: at most one queued poll per board. */
export const boardKey = (board: BoardRef): string => `${board.source}:${board.token}`;

export const pollDataOf = (
  board: BoardRef,
  failures: number,
  lastChangeAt?: number,
): PollBoardData => ({
  source: board.source,
  token: board.token,
  failures,
  ...(lastChangeAt === undefined ? {} : { lastChangeAt }),
});

export function isPollBoardData(value: unknown): value is PollBoardData {
  if (typeof value !== 'object' || value === null) return false;
  const { source, token, failures, lastChangeAt } = value as Record<string, unknown>;
  return (
    typeof source === 'string' &&
    (JOB_SOURCES as readonly string[]).includes(source) &&
    typeof token === 'string' &&
    typeof failures === 'number' &&
    Number.isInteger(failures) &&
    failures >= 0 &&
    (lastChangeAt === undefined ||
      (typeof lastChangeAt === 'number' && Number.isFinite(lastChangeAt)))
  );
}

import type { Database } from '../db/database';
import { JOB_SOURCES, type BoardRef } from '../jobs/jobRecord';
import { boardKey } from '../jobs/poll/pollJob';
import { everyFollowedBoard, type FollowedBoard } from './followStore';

/** A followed board this backend can poll (one of the sources it has a connector for). */
export const pollable = (board: FollowedBoard): board is FollowedBoard & BoardRef =>
  (JOB_SOURCES as readonly string[]).includes(board.source);

/** The configured boards and every pollable board someone follows, each once. */
export async function boardsToPoll(
  db: Database,
  configured: readonly BoardRef[],
): Promise<BoardRef[]> {
  const boards = new Map(configured.map((board) => [boardKey(board), board]));
  for (const board of (await everyFollowedBoard(db)).filter(pollable)) {
    boards.set(boardKey(board), { source: board.source, token: board.token });
  }
  return [...boards.values()];
}

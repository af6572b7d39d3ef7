import type { Database } from '../db/database';
import { boardKey, type BoardRef } from '../jobs/jobRecord';
import { everyFollowedBoard } from './followStore';

/** The configured boards and every board someone follows, each once. */
export async function boardsToPoll(
  db: Database,
  configured: readonly BoardRef[],
): Promise<BoardRef[]> {
  const boards = new Map(configured.map((board) => [boardKey(board), board]));
  // A followed board's source is the contract's (FollowSource): one the backend polls (JobSource).
  for (const { source, token } of await everyFollowedBoard(db)) {
    boards.set(boardKey({ source, token }), { source, token });
  }
  return [...boards.values()];
}

import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FollowMode, ProfileSlot } from '../../contract';
import type { Database } from '../db/database';
import { followedBoards, followModes, jobs, profiles } from '../db/schema';
import { readFollowMode, readFollows, type FollowedBoard } from '../follow/followStore';

/** How matching treats the companies a profile follows. */
export interface Following {
  readonly mode: FollowMode;
  readonly boards: readonly FollowedBoard[];
}

export const NOT_FOLLOWING: Following = { mode: 'boost', boards: [] };

export async function readFollowing(
  db: Database,
  uid: string,
  slot: ProfileSlot,
): Promise<Following> {
  const [follows, mode] = await Promise.all([
    readFollows(db, uid, slot),
    readFollowMode(db, uid, slot),
  ]);
  return { mode, boards: follows.map(({ source, token }) => ({ source, token })) };
}

/** Whether a job is on a followed board (on the jobs' source-board index); null when none is followed. */
export function onFollowedBoard(following: Following): SQL | null {
  const boards = following.boards.map((board) =>
    and(eq(jobs.source, sql`${board.source}`), eq(jobs.board, board.token)),
  );
  return boards.length === 0 ? null : (or(...boards) ?? null);
}

/**
 * For the alerts' reverse lookup (over `profiles`): the profile takes a job on this board unless
 * it is in "only" mode, follows some company, and not this one; the rule `GET /v1/matches` applies.
 * Written as one `not exists` so PostgreSQL can plan it as an anti-join, built once per lookup;
 * the same rule as three ORed subqueries ran as subplans on every candidate profile.
 */
export function followModeAdmits(board: { source: string; board: string }): SQL {
  const ofMode = and(
    eq(followedBoards.uid, followModes.uid),
    eq(followedBoards.slot, followModes.slot),
  );
  return sql`not exists (select 1 from ${followModes}
    where ${eq(followModes.uid, profiles.uid)} and ${eq(followModes.slot, profiles.slot)} and ${followModes.mode} = 'only'
      and exists (select 1 from ${followedBoards} where ${ofMode})
      and not exists (select 1 from ${followedBoards} where ${ofMode}
        and ${followedBoards.source} = ${board.source} and ${followedBoards.token} = ${board.board}))`;
}

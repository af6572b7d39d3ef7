import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  FOLLOWED_COMPANIES_LIMIT,
  type FollowMode,
  type FollowSource,
  type ProfileSlot,
} from '../../contract';
import { inTransaction, lockUserProfile } from '../db/transactions';
import { ApiFailure } from '../apiFailure';
import type { Database, Transaction } from '../db/database';
import { followedBoards, followModes, jobs } from '../db/schema';
import { inSlotOf } from '../db/slotColumn';
import { assertSlotAllowed } from '../plan/planLimits';

/** A followed board: the source and the token its careers page URL names. */
export interface FollowedBoard {
  readonly source: FollowSource;
  readonly token: string;
}

/** A followed board with what the jobs table knows of it. */
export interface StoredFollow extends FollowedBoard {
  readonly name: string;
  readonly followedAt: Date;
  readonly openPostings: number;
}

const inSlot = (uid: string, slot: ProfileSlot) => inSlotOf(followedBoards, uid, slot);

const ofBoard = (board: FollowedBoard) =>
  and(eq(followedBoards.source, board.source), eq(followedBoards.token, board.token));

/** The boards the profile in this slot follows, oldest first, with their name and open postings. */
export async function readFollows(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
): Promise<StoredFollow[]> {
  const sameBoard = sql`${jobs.source} = ${followedBoards.source} and ${jobs.board} = ${followedBoards.token}`;
  const rows = await db
    .select({
      source: followedBoards.source,
      token: followedBoards.token,
      followedAt: followedBoards.followedAt,
      openPostings: sql<number>`(select count(*)::int from ${jobs} where ${sameBoard} and ${jobs.closedAt} is null)`,
      name: sql<
        string | null
      >`(select ${jobs.company} from ${jobs} where ${sameBoard} order by ${jobs.id} desc limit 1)`,
    })
    .from(followedBoards)
    .where(inSlot(uid, slot))
    .orderBy(asc(followedBoards.followedAt), asc(followedBoards.source), asc(followedBoards.token));
  return rows.map((row) => ({
    source: row.source,
    token: row.token,
    followedAt: row.followedAt,
    openPostings: Number(row.openPostings),
    name: row.name ?? row.token,
  }));
}

/** How the profile's matches treat its followed companies (`boost` until the seeker chooses). */
export async function readFollowMode(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
): Promise<FollowMode> {
  const [row] = await db
    .select({ mode: followModes.mode })
    .from(followModes)
    .where(and(eq(followModes.uid, uid), eq(followModes.slot, slot)));
  return row?.mode ?? 'boost';
}

export async function saveFollowMode(
  db: Database,
  uid: string,
  slot: ProfileSlot,
  mode: FollowMode,
): Promise<void> {
  await db
    .insert(followModes)
    .values({ uid, slot, mode })
    .onConflictDoUpdate({ target: [followModes.uid, followModes.slot], set: { mode } });
}

/**
 * Follows the board in one transaction under the user's profile lock (two tabs cannot pass the
 * limit together): a slot the plan does not cover and a 51st company are refused. Following a
 * followed board again changes nothing.
 */
export async function followBoard(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
  board: FollowedBoard,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockUserProfile(tx, uid);
    await assertSlotAllowed(tx, uid, slot, 'profiles');
    const [already] = await tx
      .select({ token: followedBoards.token })
      .from(followedBoards)
      .where(and(inSlot(uid, slot), ofBoard(board)));
    if (already !== undefined) return;
    const [followed] = await tx
      .select({ count: count() })
      .from(followedBoards)
      .where(inSlot(uid, slot));
    if ((followed?.count ?? 0) >= FOLLOWED_COMPANIES_LIMIT) throw new ApiFailure('follow-limit');
    await tx.insert(followedBoards).values({ uid, slot, ...board });
  });
}

/** Whether the profile followed the board (it no longer does). */
export async function unfollowBoard(
  db: Database,
  uid: string,
  slot: ProfileSlot,
  board: FollowedBoard,
): Promise<boolean> {
  const removed = await db
    .delete(followedBoards)
    .where(and(inSlot(uid, slot), ofBoard(board)))
    .returning({ token: followedBoards.token });
  return removed.length > 0;
}

/** Every board someone follows, each once: polled with the configured ones. */
export async function everyFollowedBoard(db: Database): Promise<FollowedBoard[]> {
  const rows = await db
    .selectDistinct({ source: followedBoards.source, token: followedBoards.token })
    .from(followedBoards);
  return rows.map((row) => ({ source: row.source, token: row.token }));
}

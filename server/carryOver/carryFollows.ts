import { and, asc, eq } from 'drizzle-orm';
import { FOLLOWED_COMPANIES_LIMIT, type CarryOverMode } from '../../contract';
import type { Transaction } from '../db/database';
import { followedBoards, followModes } from '../db/schema';

/** A guest has slot 1 alone; its followed companies go to the account's slot 1. */
const GUEST_SLOT = 1;

/**
 * In the carry-over's transaction: `replace` gives the account the guest's followed companies and
 * mode; `merge` adds the guest's to the account's (up to the limit, oldest first) and keeps the
 * account's mode if it chose one; `leave` carries nothing. The guest's rows are deleted in every mode.
 */
export async function carryFollows(
  tx: Transaction,
  guestUid: string,
  accountUid: string,
  mode: CarryOverMode,
): Promise<void> {
  const ofUser = (uid: string) =>
    and(eq(followedBoards.uid, uid), eq(followedBoards.slot, GUEST_SLOT));
  const modeOf = (uid: string) => and(eq(followModes.uid, uid), eq(followModes.slot, GUEST_SLOT));
  const guestBoards = await tx
    .select()
    .from(followedBoards)
    .where(ofUser(guestUid))
    .orderBy(asc(followedBoards.followedAt));
  const [guestMode] = await tx.select().from(followModes).where(modeOf(guestUid));
  await tx.delete(followedBoards).where(ofUser(guestUid));
  await tx.delete(followModes).where(modeOf(guestUid));
  if (mode === 'leave') return;
  if (mode === 'replace') {
    await tx.delete(followedBoards).where(ofUser(accountUid));
    if (guestBoards.length > 0) await tx.delete(followModes).where(modeOf(accountUid));
  }
  const kept = await tx
    .select({ source: followedBoards.source, token: followedBoards.token })
    .from(followedBoards)
    .where(ofUser(accountUid));
  const keys = new Set(kept.map((board) => `${board.source}:${board.token}`));
  const added = guestBoards
    .filter((board) => !keys.has(`${board.source}:${board.token}`))
    .slice(0, Math.max(0, FOLLOWED_COMPANIES_LIMIT - kept.length))
    .map((board) => ({ ...board, uid: accountUid }));
  if (added.length > 0) await tx.insert(followedBoards).values(added);
  if (guestMode !== undefined) {
    await tx
      .insert(followModes)
      .values({ ...guestMode, uid: accountUid })
      .onConflictDoNothing();
  }
}

import { and, eq } from 'drizzle-orm';
import { MATCH_ACTIONS_LIMIT, type CarryOverMode } from '../../contract';
import type { Transaction } from '../db/database';
import { matchActions } from '../db/matchActionTables';

/** A guest has slot 1 alone; its saved, applied and hidden jobs go to the account's slot 1. */
const GUEST_SLOT = 1;

/**
 * In the carry-over's transaction: `replace` gives the account the guest's saved, applied and
 * hidden jobs; `merge` adds the guest's for jobs the account has not acted on (up to the limit,
 * the most recent first); `leave` carries nothing. The guest's rows are deleted in every mode.
 */
export async function carryMatchActions(
  tx: Transaction,
  guestUid: string,
  accountUid: string,
  mode: CarryOverMode,
): Promise<void> {
  const ofUser = (uid: string) => and(eq(matchActions.uid, uid), eq(matchActions.slot, GUEST_SLOT));
  const guestActions = await tx.delete(matchActions).where(ofUser(guestUid)).returning();
  if (mode === 'leave') return;
  if (mode === 'replace') await tx.delete(matchActions).where(ofUser(accountUid));
  const kept = await tx
    .select({ jobId: matchActions.jobId })
    .from(matchActions)
    .where(ofUser(accountUid));
  const keys = new Set(kept.map((action) => action.jobId));
  const added = guestActions
    .filter((action) => !keys.has(action.jobId))
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
    .slice(0, Math.max(0, MATCH_ACTIONS_LIMIT - kept.length))
    .map((action) => ({ ...action, uid: accountUid }));
  if (added.length > 0) await tx.insert(matchActions).values(added);
}

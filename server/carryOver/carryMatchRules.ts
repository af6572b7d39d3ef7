import { and, eq } from 'drizzle-orm';
import { HIDDEN_COMPANIES_LIMIT, type CarryOverMode } from '../../contract';
import type { Transaction } from '../db/database';
import { dismissedSuggestions, hiddenCompanies } from '../db/matchActionTables';

/** A guest has slot 1 alone; its rules go to the account's slot 1. */
const GUEST_SLOT = 1;

/**
 * In the carry-over's transaction, beside the match actions and by the same modes: the companies
 * the guest hides and the suggestions it dismissed. `merge` adds the guest's companies the account
 * does not hide (up to the limit, the most recent first) and its dismissals the account has not
 * made. The guest's rows are deleted in every mode.
 */
export async function carryMatchRules(
  tx: Transaction,
  guestUid: string,
  accountUid: string,
  mode: CarryOverMode,
): Promise<void> {
  const companiesOf = (uid: string) =>
    and(eq(hiddenCompanies.uid, uid), eq(hiddenCompanies.slot, GUEST_SLOT));
  const dismissalsOf = (uid: string) =>
    and(eq(dismissedSuggestions.uid, uid), eq(dismissedSuggestions.slot, GUEST_SLOT));
  const guestCompanies = await tx.delete(hiddenCompanies).where(companiesOf(guestUid)).returning();
  const guestDismissals = await tx
    .delete(dismissedSuggestions)
    .where(dismissalsOf(guestUid))
    .returning();
  if (mode === 'leave') return;
  if (mode === 'replace') {
    await tx.delete(hiddenCompanies).where(companiesOf(accountUid));
    await tx.delete(dismissedSuggestions).where(dismissalsOf(accountUid));
  }
  const kept = await tx
    .select({ key: hiddenCompanies.companyKey })
    .from(hiddenCompanies)
    .where(companiesOf(accountUid));
  const keys = new Set(kept.map((row) => row.key));
  const companies = guestCompanies
    .filter((row) => !keys.has(row.companyKey))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, Math.max(0, HIDDEN_COMPANIES_LIMIT - kept.length))
    .map((row) => ({ ...row, uid: accountUid }));
  if (companies.length > 0) await tx.insert(hiddenCompanies).values(companies);
  const dismissals = guestDismissals.map((row) => ({ ...row, uid: accountUid }));
  if (dismissals.length > 0) {
    await tx.insert(dismissedSuggestions).values(dismissals).onConflictDoNothing();
  }
}

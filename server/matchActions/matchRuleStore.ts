import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  COMPANY_NAME_MAX,
  companyKey,
  HIDDEN_COMPANIES_LIMIT,
  type HiddenCompany,
  type MatchSuggestion,
  type ProfileSlot,
  type PutHiddenCompanyRequest,
} from '../../contract';
import { inTransaction, lockUserProfile } from '../db/transactions';
import { ApiFailure } from '../apiFailure';
import type { Database, Transaction } from '../db/database';
import { alerts, jobs } from '../db/schema';
import { dismissedSuggestions, hiddenCompanies } from '../db/matchActionTables';
import { assertSlotAllowed } from '../plan/planLimits';
import { companyKeySql } from './companyKeySql';
import { readMatchActions, suggestionKey, suggestionsFrom } from './matchActionStore';

const companiesOf = (uid: string, slot: ProfileSlot) =>
  and(eq(hiddenCompanies.uid, uid), eq(hiddenCompanies.slot, slot));

/** The companies the profile hides by rule, newest first. */
export async function readHiddenCompanies(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
): Promise<(HiddenCompany & { key: string })[]> {
  const rows = await db
    .select({
      key: hiddenCompanies.companyKey,
      company: hiddenCompanies.company,
      createdAt: hiddenCompanies.createdAt,
    })
    .from(hiddenCompanies)
    .where(companiesOf(uid, slot))
    .orderBy(desc(hiddenCompanies.createdAt), hiddenCompanies.companyKey);
  return rows.map(({ createdAt, ...row }) => ({ ...row, hiddenAt: createdAt.toISOString() }));
}

/**
 * Hides every job of the company for the profile (its alerts made already go too, so no digest or
 * push carries them), or shows them again. A name empty once trimmed, or too long, is refused, and
 * so is one more company than the limit.
 */
export async function setHiddenCompany(
  db: Database,
  uid: string,
  slot: ProfileSlot,
  { company, hidden }: PutHiddenCompanyRequest,
): Promise<void> {
  const key = companyKey(company);
  // PostgreSQL text cannot hold NUL: refused here rather than failing in the database.
  if (key === '' || company.length > COMPANY_NAME_MAX || company.includes('\0')) {
    throw new ApiFailure('match-company-invalid');
  }
  await inTransaction(db, async (tx) => {
    await lockUserProfile(tx, uid);
    await assertSlotAllowed(tx, uid, slot, 'profiles');
    const ofCompany = and(companiesOf(uid, slot), eq(hiddenCompanies.companyKey, key));
    if (!hidden) {
      await tx.delete(hiddenCompanies).where(ofCompany);
      return;
    }
    const [existing] = await tx
      .select({ key: hiddenCompanies.companyKey })
      .from(hiddenCompanies)
      .where(ofCompany);
    if (existing !== undefined) return;
    const [kept] = await tx
      .select({ count: count() })
      .from(hiddenCompanies)
      .where(companiesOf(uid, slot));
    if ((kept?.count ?? 0) >= HIDDEN_COMPANIES_LIMIT)
      throw new ApiFailure('hidden-companies-limit');
    await tx
      .insert(hiddenCompanies)
      .values({ uid, slot, companyKey: key, company: company.trim() });
    await tx.execute(
      sql`delete from ${alerts} using ${jobs} where ${alerts.jobId} = ${jobs.id} and ${alerts.uid} = ${uid} and ${alerts.slot} = ${slot} and ${companyKeySql(jobs.company)} = ${key}`,
    );
  });
}

/** The profile's dismissed suggestions: each key with the hides it had when dismissed. */
async function readDismissed(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: dismissedSuggestions.key, hides: dismissedSuggestions.hides })
    .from(dismissedSuggestions)
    .where(and(eq(dismissedSuggestions.uid, uid), eq(dismissedSuggestions.slot, slot)));
  return new Map(rows.map((row) => [row.key, row.hides]));
}

/**
 * The suggestions to offer the profile now: none for a company hidden by rule already, and none
 * dismissed unless its hides grew since.
 */
export async function offeredSuggestions(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
  hiddenKeys: ReadonlySet<string>,
): Promise<MatchSuggestion[]> {
  const [actions, dismissed] = await Promise.all([
    readMatchActions(db, uid, slot),
    readDismissed(db, uid, slot),
  ]);
  return suggestionsFrom(actions).filter((suggestion) => {
    if (suggestion.kind === 'hide-company' && hiddenKeys.has(companyKey(suggestion.company))) {
      return false;
    }
    return suggestion.hides > (dismissed.get(suggestionKey(suggestion)) ?? -1);
  });
}

/** Keeps "Not now" on a suggestion offered now, with its hides at this moment. */
export async function dismissSuggestion(
  db: Database,
  uid: string,
  slot: ProfileSlot,
  suggestion: MatchSuggestion,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockUserProfile(tx, uid);
    await assertSlotAllowed(tx, uid, slot, 'profiles');
    const hidden = new Set((await readHiddenCompanies(tx, uid, slot)).map((row) => row.key));
    const key = suggestionKey(suggestion);
    const offered = (await offeredSuggestions(tx, uid, slot, hidden)).find(
      (each) => suggestionKey(each) === key,
    );
    if (offered === undefined) throw new ApiFailure('match-suggestion-unknown');
    await tx
      .insert(dismissedSuggestions)
      .values({ uid, slot, key, hides: offered.hides })
      .onConflictDoUpdate({
        target: [dismissedSuggestions.uid, dismissedSuggestions.slot, dismissedSuggestions.key],
        set: { hides: offered.hides },
      });
  });
}

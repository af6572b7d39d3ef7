import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  companyKey,
  MATCH_ACTIONS_LIMIT,
  MATCH_SUGGESTION_MIN_HIDES,
  type MatchAction,
  type MatchSuggestion,
  type ProfileSlot,
  type PutMatchActionRequest,
} from '../../contract';
import { inTransaction, lockUserProfile } from '../db/transactions';
import { ApiFailure } from '../apiFailure';
import type { Database, Transaction } from '../db/database';
import { alerts, jobs } from '../db/schema';
import { matchActions } from '../db/matchActionTables';
import { assertSlotAllowed } from '../plan/planLimits';

const inSlot = (uid: string, slot: ProfileSlot) =>
  and(eq(matchActions.uid, uid), eq(matchActions.slot, slot));

/** The profile's actions, most recently changed first, each with its job's title and company. */
export async function readMatchActions(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
): Promise<MatchAction[]> {
  const rows = await db
    .select({
      jobId: matchActions.jobId,
      saved: matchActions.saved,
      appliedOn: matchActions.appliedOn,
      hidden: matchActions.hidden,
      updatedAt: matchActions.updatedAt,
      title: jobs.title,
      company: jobs.company,
      applyUrl: jobs.applyUrl,
      closedAt: jobs.closedAt,
    })
    .from(matchActions)
    .innerJoin(jobs, eq(jobs.id, matchActions.jobId))
    .where(inSlot(uid, slot))
    .orderBy(desc(matchActions.updatedAt), desc(matchActions.jobId));
  return rows.map(({ closedAt, updatedAt, ...row }) => ({
    ...row,
    closed: closedAt !== null,
    updatedAt: updatedAt.toISOString(),
  }));
}

/** The ids of the jobs the profile hid: left out of its matches. */
export async function hiddenJobIds(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
): Promise<Set<number>> {
  const rows = await db
    .select({ jobId: matchActions.jobId })
    .from(matchActions)
    .where(and(inSlot(uid, slot), sql`${matchActions.hidden} is not null`));
  return new Set(rows.map((row) => row.jobId));
}

/**
 * Keeps what the seeker did with the job, under the profile lock (two tabs cannot pass the limit
 * together); nothing kept forgets the job. An unknown job and a slot the plan does not cover are
 * refused.
 */
export async function saveMatchAction(
  db: Database,
  uid: string,
  slot: ProfileSlot,
  jobId: number,
  action: PutMatchActionRequest,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockUserProfile(tx, uid);
    await assertSlotAllowed(tx, uid, slot, 'profiles');
    const [job] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
    if (job === undefined) throw new ApiFailure('match-job-unknown');
    const ofJob = and(inSlot(uid, slot), eq(matchActions.jobId, jobId));
    if (!action.saved && action.appliedOn === null && action.hidden === null) {
      await tx.delete(matchActions).where(ofJob);
      return;
    }
    const [existing] = await tx
      .select({ jobId: matchActions.jobId })
      .from(matchActions)
      .where(ofJob);
    if (existing === undefined) {
      const [kept] = await tx
        .select({ count: count() })
        .from(matchActions)
        .where(inSlot(uid, slot));
      if ((kept?.count ?? 0) >= MATCH_ACTIONS_LIMIT) throw new ApiFailure('match-actions-limit');
    }
    // An alert made before the hide would still reach the digest e-mail or a push: it goes too.
    if (action.hidden !== null) {
      await tx.delete(alerts).where(and(eq(alerts.uid, uid), eq(alerts.jobId, jobId)));
    }
    const values = { ...action, updatedAt: new Date() };
    await tx
      .insert(matchActions)
      .values({ uid, slot, jobId, ...values })
      .onConflictDoUpdate({
        target: [matchActions.uid, matchActions.slot, matchActions.jobId],
        set: values,
      });
  });
}

const FIELD_OF_REASON = { pay: 'minSalary', place: 'places', level: 'seniority' } as const;

/**
 * What the hides suggest, as offers: a company hidden for `company` often enough, and a profile
 * field behind `pay`, `place` or `level` hides.
 */
export function suggestionsFrom(actions: readonly MatchAction[]): MatchSuggestion[] {
  // By `companyKey`: the name of the most recent hide, and the count.
  const companies = new Map<string, { company: string; hides: number }>();
  const reasons = new Map<string, number>();
  for (const action of actions) {
    if (action.hidden === null) continue;
    reasons.set(action.hidden, (reasons.get(action.hidden) ?? 0) + 1);
    if (action.hidden === 'company') {
      const key = companyKey(action.company);
      const seen = companies.get(key);
      companies.set(key, {
        company: seen?.company ?? action.company,
        hides: (seen?.hides ?? 0) + 1,
      });
    }
  }
  const enough = (hides: number) => hides >= MATCH_SUGGESTION_MIN_HIDES;
  return [
    ...[...companies.values()]
      .filter(({ hides }) => enough(hides))
      .map(({ company, hides }): MatchSuggestion => ({ kind: 'hide-company', company, hides })),
    ...Object.entries(FIELD_OF_REASON)
      .map(([reason, field]) => ({ field, hides: reasons.get(reason) ?? 0 }))
      .filter(({ hides }) => enough(hides))
      .map(({ field, hides }): MatchSuggestion => ({ kind: 'profile-field', field, hides })),
  ];
}

/** A suggestion's identity: what a dismissal is kept under. */
export const suggestionKey = (suggestion: MatchSuggestion): string =>
  suggestion.kind === 'hide-company'
    ? `company:${companyKey(suggestion.company)}`
    : `field:${suggestion.field}`;

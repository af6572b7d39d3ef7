import { and, desc, eq, gt, inArray, isNotNull, isNull, max, notExists } from 'drizzle-orm';
import type { AlertMatch, GetAlertsResponse } from '../../contract';
import type { Database } from '../db/database';
import { alerts, jobs } from '../db/schema';
import { hiddenCompanies, matchActions } from '../db/matchActionTables';
import { companyKeySql } from '../matchActions/companyKeySql';
import { matchColumns } from '../matching/candidateJobs';
import { scoreMatch } from '../matching/scoreMatch';
import { readSeekers } from '../matching/seeker';

export interface AlertSelection {
  /** At most this many, newest first. */
  limit: number;
  /** Only these alerts (still only the user's own). */
  alertIds?: readonly number[];
  /** Only alerts with a larger id: those made after that one. */
  afterId?: number;
}

/**
 * The user's alerts, newest first, each with its job scored against the current profile of the
 * slot it was made for, exactly as that slot's matches are (reasons, covered and missing skills).
 * Without a profile there is nothing to score against: none, as `GET /v1/matches` answers; an
 * alert whose slot holds no profile now is left out too, and so is one of a job the user hid (so
 * no page, e-mail or push shows it).
 */
export async function readAlerts(
  db: Database,
  uid: string,
  { limit, alertIds, afterId }: AlertSelection,
): Promise<GetAlertsResponse> {
  const seekers = await readSeekers(db, uid);
  if (seekers.size === 0) return { profileMissing: true, alerts: [] };
  if (alertIds?.length === 0) return { profileMissing: false, alerts: [] };
  const bySlot = await Promise.all(
    [...seekers].map(async ([slot, seeker]) => {
      const rows = await db
        .select({
          alertId: alerts.id,
          createdAt: alerts.createdAt,
          seenAt: alerts.seenAt,
          job: matchColumns(seeker),
        })
        .from(alerts)
        .innerJoin(jobs, eq(jobs.id, alerts.jobId))
        .where(
          and(
            eq(alerts.uid, uid),
            eq(alerts.slot, slot),
            alertIds === undefined ? undefined : inArray(alerts.id, [...alertIds]),
            afterId === undefined ? undefined : gt(alerts.id, afterId),
            // A hide deletes the job's alerts, but not one a concurrent round commits after it.
            notExists(
              db
                .select({ jobId: matchActions.jobId })
                .from(matchActions)
                .where(
                  and(
                    eq(matchActions.uid, uid),
                    eq(matchActions.jobId, alerts.jobId),
                    isNotNull(matchActions.hidden),
                  ),
                ),
            ),
            // The same for a company the profile hides (its jobs' alerts go with the rule).
            notExists(
              db
                .select({ key: hiddenCompanies.companyKey })
                .from(hiddenCompanies)
                .where(
                  and(
                    eq(hiddenCompanies.uid, uid),
                    eq(hiddenCompanies.slot, slot),
                    eq(hiddenCompanies.companyKey, companyKeySql(jobs.company)),
                  ),
                ),
            ),
          ),
        )
        .orderBy(desc(alerts.createdAt), desc(alerts.id))
        .limit(limit);
      return rows.map((row): AlertMatch => ({
        ...scoreMatch(seeker, row.job),
        alertId: row.alertId,
        slot,
        alertedAt: row.createdAt.toISOString(),
        new: row.seenAt === null,
      }));
    }),
  );
  const found = bySlot
    .flat()
    .sort((a, b) => Date.parse(b.alertedAt) - Date.parse(a.alertedAt) || b.alertId - a.alertId)
    .slice(0, limit);
  return { profileMissing: false, alerts: found };
}

/** Marks the user's given alerts (all of them without ids) as seen now; answers how many were new. */
export async function markAlertsSeen(
  db: Database,
  uid: string,
  alertIds: readonly number[] | undefined,
): Promise<number> {
  if (alertIds?.length === 0) return 0;
  const marked = await db
    .update(alerts)
    .set({ seenAt: new Date() })
    .where(
      and(
        eq(alerts.uid, uid),
        isNull(alerts.seenAt),
        alertIds === undefined ? undefined : inArray(alerts.id, [...alertIds]),
      ),
    )
    .returning({ id: alerts.id });
  return marked.length;
}

/** The id of the user's newest alert, or 0 without one: where a stream's catch-up starts. */
export async function newestAlertId(db: Database, uid: string): Promise<number> {
  const [row] = await db
    .select({ newest: max(alerts.id) })
    .from(alerts)
    .where(eq(alerts.uid, uid));
  return row?.newest ?? 0;
}

import { and, asc, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { alerts, jobs } from '../db/schema';
import type { AlertEvents } from './alertEvents';
import { fittingProfilesQuery, readOpenJob } from './profilesForJob';

/** What one round of alert creation did. */
export interface AlertsOutcome {
  /** Postings looked up (each marked alerted). */
  readonly jobs: number;
  /** Alerts stored now (a posting seen again, or looked up twice, adds none). */
  readonly created: number;
  /** Users told through `alertEvents`. */
  readonly users: number;
}

/** The rows an INSERT … RETURNING id, uid answered (both drivers answer `{ rows }`; ids are bigint). */
function insertedAlerts(result: unknown): { id: number; uid: string }[] {
  const rows: unknown =
    typeof result === 'object' && result !== null && 'rows' in result ? result.rows : null;
  if (!Array.isArray(rows)) throw new Error('The alerts insert answered no rows.');
  return rows.map((row: { id: unknown; uid: unknown }) => ({
    id: Number(row.id),
    uid: String(row.uid),
  }));
}

/**
 * Makes the alerts of these new postings: each posting's fitting users, best score and slot
 * (`fittingProfilesQuery`, as `profilesForJob` answers them) inserted by PostgreSQL straight from
 * the lookup (INSERT … SELECT: the rows never travel through Node), in one transaction with the
 * postings marked alerted (`alerted_at`); an alert that exists already (unique per user and
 * posting) is skipped. Each user with new alerts is announced once, with their ids, by a NOTIFY in
 * the same transaction, which PostgreSQL delivers at the commit. Guests get alerts too (their page shows them); which alerts are e-mailed is the
 * e-mail sender's choice.
 */
export async function createAlerts(
  db: Database,
  alertEvents: AlertEvents,
  jobIds: readonly number[],
): Promise<AlertsOutcome> {
  if (jobIds.length === 0) return { jobs: 0, created: 0, users: 0 };
  const stored = await db.transaction(async (tx) => {
    const rows: { id: number; uid: string }[] = [];
    for (const jobId of jobIds) {
      const job = await readOpenJob(tx, jobId);
      const fitting = job === null ? null : fittingProfilesQuery(tx, job);
      if (fitting === null) continue;
      const columns = sql.join(
        [alerts.uid, alerts.jobId, alerts.score, alerts.slot].map((column) =>
          sql.identifier(column.name),
        ),
        sql`, `,
      );
      const inserted = await tx.execute(
        sql`insert into ${alerts} (${columns}) ${fitting} on conflict on constraint alerts_uid_job_id do nothing returning ${alerts.id} as id, ${alerts.uid} as uid`,
      );
      rows.push(...insertedAlerts(inserted));
    }
    await tx
      .update(jobs)
      .set({ alertedAt: sql`now()` })
      .where(and(inArray(jobs.id, [...jobIds]), isNull(jobs.alertedAt)));
    const byUser = new Map<string, number[]>();
    for (const { id, uid } of rows) byUser.set(uid, [...(byUser.get(uid) ?? []), id]);
    // Delivered by PostgreSQL on commit: no announcement of a rolled-back alert, none lost after one.
    for (const [uid, alertIds] of byUser) await alertEvents.publish({ uid, alertIds }, tx);
    return { created: rows.length, users: byUser.size };
  });
  return { jobs: jobIds.length, ...stored };
}

/** A posting first seen longer ago than this is no longer news: it is never alerted late. */
export const ALERT_WINDOW_HOURS = 24;
/** Postings per round: a board's first fetch may store hundreds at once. */
export const ALERT_BATCH = 200;

/**
 * The open postings whose alerts are not made yet, oldest first: those just stored, and those a
 * failed round left (their alerts are made by the next poll, of any board, within the window).
 */
export async function postingsToAlert(db: Database, limit = ALERT_BATCH): Promise<number[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.alertedAt),
        isNull(jobs.closedAt),
        gt(jobs.firstSeenAt, sql`now() - make_interval(hours => ${ALERT_WINDOW_HOURS})`),
      ),
    )
    .orderBy(asc(jobs.firstSeenAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** One round: the postings waiting for alerts (new ones and any a failed round left) and their alerts. */
export async function alertPendingPostings(
  db: Database,
  alertEvents: AlertEvents,
): Promise<AlertsOutcome> {
  return createAlerts(db, alertEvents, await postingsToAlert(db));
}

import { and, asc, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { alerts, jobs } from '../db/schema';
import type { AlertEvents } from './alertEvents';
import { profilesForJob } from './profilesForJob';

/** What one round of alert creation did. */
export interface AlertsOutcome {
  /** Postings looked up (each marked alerted). */
  readonly jobs: number;
  /** Alerts stored now (a posting seen again, or looked up twice, adds none). */
  readonly created: number;
  /** Users told through `alertEvents`. */
  readonly users: number;
}

/** Rows per INSERT: three columns a row, far under PostgreSQL's parameter limit. */
const INSERT_CHUNK = 1000;

/**
 * Makes the alerts of these new postings: each posting's fitting profiles (`profilesForJob`),
 * stored in one transaction with the postings marked alerted (`alerted_at`); an alert that exists
 * already (unique per user and posting) is skipped. Only after the commit is each user with new
 * alerts announced, once, with their ids. Guests get alerts too (their page shows them); which
 * alerts are e-mailed is the e-mail sender's choice.
 */
export async function createAlerts(
  db: Database,
  alertEvents: AlertEvents,
  jobIds: readonly number[],
): Promise<AlertsOutcome> {
  if (jobIds.length === 0) return { jobs: 0, created: 0, users: 0 };
  const found: { uid: string; jobId: number; score: number }[] = [];
  for (const jobId of jobIds)
    for (const fit of await profilesForJob(db, jobId)) found.push({ ...fit, jobId });

  const stored = await db.transaction(async (tx) => {
    const rows: { id: number; uid: string }[] = [];
    for (let start = 0; start < found.length; start += INSERT_CHUNK) {
      rows.push(
        ...(await tx
          .insert(alerts)
          .values(found.slice(start, start + INSERT_CHUNK))
          .onConflictDoNothing({ target: [alerts.uid, alerts.jobId] })
          .returning({ id: alerts.id, uid: alerts.uid })),
      );
    }
    await tx
      .update(jobs)
      .set({ alertedAt: sql`now()` })
      .where(and(inArray(jobs.id, [...jobIds]), isNull(jobs.alertedAt)));
    return rows;
  });

  const byUser = new Map<string, number[]>();
  for (const { id, uid } of stored) byUser.set(uid, [...(byUser.get(uid) ?? []), id]);
  for (const [uid, alertIds] of byUser) alertEvents.publish({ uid, alertIds });
  return { jobs: jobIds.length, created: stored.length, users: byUser.size };
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

import { and, asc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { alertEmailSettings, alerts, plans } from '../db/schema';

/** The user's alerts not e-mailed yet, made since `since`, oldest first. */
export async function unsentAlertIds(
  db: Database,
  uid: string,
  since: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.uid, uid), isNull(alerts.emailedAt), gte(alerts.createdAt, since)))
    .orderBy(asc(alerts.createdAt), asc(alerts.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Marks alerts as e-mailed now (those not marked already). */
export async function markEmailed(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(alerts)
    .set({ emailedAt: new Date() })
    .where(and(inArray(alerts.id, [...ids]), isNull(alerts.emailedAt)));
}

/** When the user's last digest went out, if ever. */
export async function lastDigestAt(db: Database, uid: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastDigestAt: alertEmailSettings.lastDigestAt })
    .from(alertEmailSettings)
    .where(eq(alertEmailSettings.uid, uid));
  return row?.lastDigestAt ?? null;
}

/** After a digest went out: its alerts are e-mailed and the user's last digest is now, together. */
export async function recordDigest(db: Database, uid: string, ids: readonly number[]) {
  const at = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(alerts)
      .set({ emailedAt: at })
      .where(and(inArray(alerts.id, [...ids]), isNull(alerts.emailedAt)));
    await tx
      .insert(alertEmailSettings)
      .values({ uid, lastDigestAt: at })
      .onConflictDoUpdate({ target: alertEmailSettings.uid, set: { lastDigestAt: at } });
  });
}

const isPro = eq(plans.plan, 'pro');
const notPro = or(isNull(plans.plan), ne(plans.plan, 'pro'));

/**
 * Users with alerts not e-mailed since `since`, who have not unsubscribed, on Pro (`pro`) or not
 * (`free`), and for the Free plan none whose last digest is later than `digestBefore`. A first cut
 * in SQL (the `alerts_not_emailed` index); each user's job checks again before sending.
 */
export async function uidsWithUnsentAlerts(
  db: Database,
  plan: 'pro' | 'free',
  since: Date,
  digestBefore: Date,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ uid: alerts.uid })
    .from(alerts)
    .leftJoin(plans, eq(plans.uid, alerts.uid))
    .leftJoin(alertEmailSettings, eq(alertEmailSettings.uid, alerts.uid))
    .where(
      and(
        isNull(alerts.emailedAt),
        gte(alerts.createdAt, since),
        isNull(alertEmailSettings.unsubscribedAt),
        plan === 'pro' ? isPro : notPro,
        plan === 'pro'
          ? undefined
          : or(
              isNull(alertEmailSettings.lastDigestAt),
              lt(alertEmailSettings.lastDigestAt, digestBefore),
            ),
      ),
    )
    .orderBy(sql`1`);
  return rows.map((row) => row.uid);
}

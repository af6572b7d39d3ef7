import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { alertEmailSettings } from '../db/schema';

/** Whether the user turned alert e-mails off. */
export async function isUnsubscribed(db: Database, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ unsubscribedAt: alertEmailSettings.unsubscribedAt })
    .from(alertEmailSettings)
    .where(eq(alertEmailSettings.uid, uid));
  return row?.unsubscribedAt != null;
}

/** Turns alert e-mails off for the user; unsubscribing again keeps the first time. */
export async function unsubscribe(db: Database, uid: string): Promise<void> {
  await db
    .insert(alertEmailSettings)
    .values({ uid, unsubscribedAt: new Date() })
    .onConflictDoUpdate({
      target: alertEmailSettings.uid,
      set: { unsubscribedAt: sql`coalesce(${alertEmailSettings.unsubscribedAt}, now())` },
    });
}

/** Turns alert e-mails on again (the unsubscribe page's Resubscribe); answers whether they were off. */
export async function resubscribe(db: Database, uid: string): Promise<boolean> {
  const changed = await db
    .update(alertEmailSettings)
    .set({ unsubscribedAt: null })
    .where(and(eq(alertEmailSettings.uid, uid), isNotNull(alertEmailSettings.unsubscribedAt)))
    .returning({ uid: alertEmailSettings.uid });
  return changed.length > 0;
}

import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { plans, processedWebhookEvents, profiles } from '../db/schema';
import { lockUserProfile } from '../db/transactions';
import { decidePlan, limitsFor, type PlanRow } from './planState';
import type { PlanEvent } from './stripeEvents';

export async function readPlanRow(db: Database, uid: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.uid, uid));
  return row;
}

/** The user this payment-provider customer belongs to, if any. */
export async function uidOfCustomer(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ uid: plans.uid })
    .from(plans)
    .where(eq(plans.customerId, customerId));
  return row?.uid ?? null;
}

/**
 * After the plan changed (in its transaction): the user's profiles within the plan's limit active,
 * those beyond it inactive (kept, readable, deletable; no matches, no alerts).
 */
async function applyProfileLimit(tx: Transaction, uid: string, limit: number): Promise<void> {
  await lockUserProfile(tx, uid);
  const withinLimit = sql`(${profiles.slot} <= ${limit})`;
  await tx
    .update(profiles)
    .set({ active: withinLimit })
    .where(and(eq(profiles.uid, uid), ne(profiles.active, withinLimit)));
}

export interface EventRecord {
  id: string;
  type: string;
  /** The event's `created` time. */
  at: Date;
}

export type EventOutcome =
  | { outcome: 'applied'; row: PlanRow }
  | { outcome: 'duplicate' }
  | { outcome: 'stale' | 'ignored'; reason: string };

/**
 * Takes one event in for `uid`, in one transaction: the event id is recorded first (a replay, or
 * the same event delivered twice at once, finds it and changes nothing), then the plan row, locked,
 * is changed as `decidePlan` says, and the user's profiles beyond the plan's limit are marked
 * inactive (those within it active again). Any failure rolls all back, so Stripe's retry runs it
 * again.
 */
export async function takeEvent(
  db: Database,
  uid: string,
  record: EventRecord,
  event: PlanEvent,
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedWebhookEvents)
      .values({ eventId: record.id, type: record.type, uid })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    if (recorded.length === 0) return { outcome: 'duplicate' };

    const [current] = await tx.select().from(plans).where(eq(plans.uid, uid)).for('update');
    const decision = decidePlan(current, event, record.at);
    if ('ignored' in decision) {
      return { outcome: decision.stale ? 'stale' : 'ignored', reason: decision.ignored };
    }
    const columns = { ...decision.apply, lastEventAt: record.at, updatedAt: new Date() };
    const [row] = await tx
      .insert(plans)
      .values({ uid, ...columns })
      .onConflictDoUpdate({
        target: plans.uid,
        set: columns,
        // A row another transaction inserted meanwhile keeps newer state too.
        setWhere: lte(plans.lastEventAt, record.at),
      })
      .returning();
    if (!row) return { outcome: 'stale', reason: 'older than the last event applied' };
    await applyProfileLimit(tx, uid, limitsFor(row.plan).profiles);
    return { outcome: 'applied', row };
  });
}

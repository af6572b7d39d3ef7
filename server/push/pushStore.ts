import { createHash } from 'node:crypto';
import { and, asc, count, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { PUSH_DEVICES_LIMIT, type PushDevice, type PushSubscribeRequest } from '../../contract';
import { ApiFailure } from '../apiFailure';
import type { Database, Transaction } from '../db/database';
import { alerts, plans, pushSubscriptions } from '../db/schema';
import type { PushTarget } from './pushSender';

/** A device's id: the endpoint's SHA-256, so the API never shows or takes the endpoint itself. */
export function deviceIdOf(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('hex');
}

export interface StoredDevice extends PushTarget {
  readonly id: string;
}

/**
 * Stores the device for `uid` (one more than the limit is refused). The same endpoint again
 * updates its keys and label, and moves it to `uid`: a browser notifies whoever subscribed last.
 */
export async function saveDevice(
  db: Database,
  uid: string,
  request: PushSubscribeRequest,
): Promise<void> {
  const id = deviceIdOf(request.endpoint);
  await db.transaction(async (tx) => {
    const [others] = await tx
      .select({ total: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.uid, uid), ne(pushSubscriptions.id, id)));
    if ((others?.total ?? 0) >= PUSH_DEVICES_LIMIT) throw new ApiFailure('push-device-limit');
    const values = {
      uid,
      endpoint: request.endpoint,
      p256dh: request.keys.p256dh,
      auth: request.keys.auth,
      label: request.label,
    };
    await tx
      .insert(pushSubscriptions)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.id, set: values });
  });
}

export async function listDevices(db: Database, uid: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.uid, uid))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastPushedAt: row.lastPushedAt?.toISOString() ?? null,
  }));
}

export async function removeDevice(db: Database, uid: string, id: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.uid, uid), eq(pushSubscriptions.id, id)));
}

/** Where the user's messages go: every device of theirs. */
export async function devicesOf(db: Database, uid: string): Promise<StoredDevice[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.uid, uid));
}

/**
 * With a guest's work carried over: the guest's devices notify the account (whatever the mode:
 * the browser that turned them on is the person's, signed in now).
 */
export async function carryPushDevices(tx: Transaction, guestUid: string, accountUid: string) {
  await tx
    .update(pushSubscriptions)
    .set({ uid: accountUid })
    .where(eq(pushSubscriptions.uid, guestUid));
}

/** After a push service said the subscription is gone (404/410). */
export async function forgetDevice(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDevicePushed(db: Database, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastPushedAt: new Date() })
    .where(eq(pushSubscriptions.id, id));
}

/**
 * Takes the user's given alerts (all made since `since` without ids) that no process pushed yet,
 * marking them pushed: of several backend processes that heard of an alert, one pushes it.
 */
export async function claimUnpushed(
  db: Database,
  uid: string,
  { alertIds, since }: { alertIds?: readonly number[]; since?: Date },
): Promise<number[]> {
  const rows = await db
    .update(alerts)
    .set({ pushedAt: new Date() })
    .where(
      and(
        eq(alerts.uid, uid),
        isNull(alerts.pushedAt),
        alertIds === undefined ? undefined : inArray(alerts.id, [...alertIds]),
        since === undefined ? undefined : gte(alerts.createdAt, since),
      ),
    )
    .returning({ id: alerts.id });
  return rows.map((row) => row.id);
}

/** Users not on Pro with a device and alerts not pushed made since `since`: the digest's. */
export async function digestPushUids(db: Database, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ uid: alerts.uid })
    .from(alerts)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.uid, alerts.uid))
    .leftJoin(plans, eq(plans.uid, alerts.uid))
    .where(
      and(
        isNull(alerts.pushedAt),
        gte(alerts.createdAt, since),
        or(isNull(plans.plan), ne(plans.plan, 'pro')),
      ),
    )
    .orderBy(sql`1`);
  return rows.map((row) => row.uid);
}

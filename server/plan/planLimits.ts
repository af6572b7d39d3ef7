import { eq, sql } from 'drizzle-orm';
import type { PlanLimits, ProfileSlot } from '../../contract';
import { ApiFailure } from '../apiFailure';
import { isTransaction, type Database, type Transaction } from '../db/database';
import { preparedFor } from '../db/prepared';
import { plans } from '../db/schema';
import { limitsFor } from './planState';

const readPlanName = preparedFor('read_plan_name', (db) =>
  db
    .select({ plan: plans.plan })
    .from(plans)
    .where(eq(plans.uid, sql.placeholder('uid'))),
);

/** What the user's plan allows (no row: Free). In a transaction, as that transaction sees it. */
export async function readPlanLimits(db: Database | Transaction, uid: string): Promise<PlanLimits> {
  const [row] = isTransaction(db)
    ? await db.select({ plan: plans.plan }).from(plans).where(eq(plans.uid, uid))
    : await readPlanName(db).execute({ uid });
  return limitsFor(row?.plan ?? 'free');
}

/**
 * Refused (`plan-profile-limit`) when the plan does not cover the slot. Saves read it under the
 * user's lock (`lockUserProfile`), which a change of plan takes too, so no save slips past a
 * downgrade; outside a transaction it is only an early answer.
 */
export async function assertSlotAllowed(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
  kind: 'profiles' | 'cvs',
): Promise<void> {
  const limits = await readPlanLimits(db, uid);
  if (slot > limits[kind]) throw new ApiFailure('plan-profile-limit');
}

import { eq, sql } from 'drizzle-orm';
import type { PlanLimits } from '../../src/backendApi';
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

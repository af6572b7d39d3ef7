import { sql } from 'drizzle-orm';
import { isTransaction, type Database, type Transaction } from './database';

/**
 * Serialises the writes of one user's profiles and CVs, every slot, and of the plan's limit on them
 * (for the transaction's rest), so the lookup written last read both as they now are (a profile
 * save and a CV upload at once never leave the skills of the older CV behind), and a save checks
 * the plan no change of plan is about to overtake.
 */
export async function lockUserProfile(tx: Transaction, uid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`profile:${uid}`}, 0))`);
}

/** Runs `work` in the given transaction, or in a new one on the database. */
export function inTransaction<T>(
  db: Database | Transaction,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction(work);
}

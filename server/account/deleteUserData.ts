import { inArray, or } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { carryOvers, cvs, profiles } from '../db/schema';

/** Deletes every row that belongs to these users (profile, CV, carry-over records). */
export async function deleteUserData(db: Database | Transaction, uids: string[]): Promise<number> {
  if (uids.length === 0) return 0;
  const removedProfiles = await db
    .delete(profiles)
    .where(inArray(profiles.uid, uids))
    .returning({ uid: profiles.uid });
  const removedCvs = await db.delete(cvs).where(inArray(cvs.uid, uids)).returning({ uid: cvs.uid });
  await db
    .delete(carryOvers)
    .where(or(inArray(carryOvers.accountUid, uids), inArray(carryOvers.guestUid, uids)));
  return removedProfiles.length + removedCvs.length;
}

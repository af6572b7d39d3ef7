import { and, eq } from 'drizzle-orm';
import type { CvMediaType, CvSummary, ProfileSlot } from '../../contract';
import { inTransaction, lockUserProfile } from '../db/transactions';
import type { Database, Transaction } from '../db/database';
import { cvs } from '../db/schema';
import { refreshMatchSkills } from '../profile/profileLookup';
import { assertSlotAllowed } from '../plan/planLimits';
import { proposeFromCv } from './cvProposals';
import { toCvSummary } from './cvSummaries';

export interface StoredCv {
  fileName: string;
  sizeBytes: number;
  mediaType: CvMediaType;
  text: string;
}

const inSlot = (uid: string, slot: ProfileSlot) => and(eq(cvs.uid, uid), eq(cvs.slot, slot));

/**
 * Stores the slot's CV with what it proposes for the profile; refused (`plan-profile-limit`) when
 * the plan does not cover the slot.
 */
export async function saveCv(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
  cv: StoredCv,
): Promise<CvSummary> {
  const columns = { ...cv, proposals: proposeFromCv(cv.text), uploadedAt: new Date() };
  const row = await inTransaction(db, async (tx) => {
    await lockUserProfile(tx, uid);
    await assertSlotAllowed(tx, uid, slot, 'cvs');
    const [saved] = await tx
      .insert(cvs)
      .values({ uid, slot, ...columns })
      .onConflictDoUpdate({ target: [cvs.uid, cvs.slot], set: columns })
      .returning();
    await refreshMatchSkills(tx, uid, slot);
    return saved;
  });
  if (!row) throw new Error('Saving the CV returned no row.');
  return toCvSummary({ ...row, textLength: row.text.length });
}

export async function deleteCv(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await lockUserProfile(tx, uid);
    const deleted = await tx.delete(cvs).where(inSlot(uid, slot)).returning({ uid: cvs.uid });
    await refreshMatchSkills(tx, uid, slot);
    return deleted.length > 0;
  });
}

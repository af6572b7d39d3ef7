import { and, asc, eq, sql } from 'drizzle-orm';
import type { CvMediaType, CvSummary, ProfileSlot } from '../../contract';
import { inTransaction, lockUserProfile } from '../db/transactions';
import type { Database, Transaction } from '../db/database';
import { cvs } from '../db/schema';
import { preparedFor } from '../db/prepared';
import { refreshMatchSkills } from '../profile/profileLookup';
import { assertSlotAllowed } from '../plan/planLimits';

export interface StoredCv {
  fileName: string;
  sizeBytes: number;
  mediaType: CvMediaType;
  text: string;
}

/** What a summary needs: the text's length, counted by the database (never the text itself). */
const SUMMARY_COLUMNS = {
  fileName: cvs.fileName,
  sizeBytes: cvs.sizeBytes,
  mediaType: cvs.mediaType,
  textLength: sql<number>`char_length(${cvs.text})`.mapWith(Number),
  uploadedAt: cvs.uploadedAt,
};

interface SummaryRow {
  fileName: string;
  sizeBytes: number;
  mediaType: CvMediaType;
  textLength: number;
  uploadedAt: Date;
}

function toCvSummary(row: SummaryRow): CvSummary {
  return {
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    mediaType: row.mediaType,
    textLength: row.textLength,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

const inSlot = (uid: string, slot: ProfileSlot) => and(eq(cvs.uid, uid), eq(cvs.slot, slot));

const readSummary = preparedFor('read_cv_summary', (db) =>
  db
    .select(SUMMARY_COLUMNS)
    .from(cvs)
    .where(and(eq(cvs.uid, sql.placeholder('uid')), eq(cvs.slot, sql.placeholder('slot')))),
);

const readSummaries = preparedFor('read_cv_summaries', (db) =>
  db
    .select({ slot: cvs.slot, ...SUMMARY_COLUMNS })
    .from(cvs)
    .where(eq(cvs.uid, sql.placeholder('uid')))
    .orderBy(asc(cvs.slot)),
);

export async function readCvSummary(
  db: Database,
  uid: string,
  slot: ProfileSlot,
): Promise<CvSummary | null> {
  const [row] = await readSummary(db).execute({ uid, slot });
  return row ? toCvSummary(row) : null;
}

/** Every CV the user uploaded, by slot. */
export async function readCvSummaries(
  db: Database,
  uid: string,
): Promise<Map<ProfileSlot, CvSummary>> {
  const rows = await readSummaries(db).execute({ uid });
  return new Map(rows.map((row) => [row.slot, toCvSummary(row)]));
}

/** Stores the slot's CV; refused (`plan-profile-limit`) when the plan does not cover the slot. */
export async function saveCv(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
  cv: StoredCv,
): Promise<CvSummary> {
  const columns = { ...cv, uploadedAt: new Date() };
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

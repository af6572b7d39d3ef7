import { eq, sql } from 'drizzle-orm';
import type { CvMediaType, CvSummary } from '../../src/backendApi';
import { inTransaction, lockUserProfile, refreshMatchSkills } from '../alerts/profileLookup';
import type { Database, Transaction } from '../db/database';
import { cvs } from '../db/schema';
import { preparedFor } from '../db/prepared';

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

const readSummary = preparedFor('read_cv_summary', (db) =>
  db
    .select(SUMMARY_COLUMNS)
    .from(cvs)
    .where(eq(cvs.uid, sql.placeholder('uid'))),
);

export async function readCvSummary(db: Database, uid: string): Promise<CvSummary | null> {
  const [row] = await readSummary(db).execute({ uid });
  return row ? toCvSummary(row) : null;
}

export async function saveCv(
  db: Database | Transaction,
  uid: string,
  cv: StoredCv,
): Promise<CvSummary> {
  const columns = { ...cv, uploadedAt: new Date() };
  const row = await inTransaction(db, async (tx) => {
    await lockUserProfile(tx, uid);
    const [saved] = await tx
      .insert(cvs)
      .values({ uid, ...columns })
      .onConflictDoUpdate({ target: cvs.uid, set: columns })
      .returning();
    await refreshMatchSkills(tx, uid);
    return saved;
  });
  if (!row) throw new Error('Saving the CV returned no row.');
  return toCvSummary({ ...row, textLength: row.text.length });
}

export async function deleteCv(db: Database | Transaction, uid: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await lockUserProfile(tx, uid);
    const deleted = await tx.delete(cvs).where(eq(cvs.uid, uid)).returning({ uid: cvs.uid });
    await refreshMatchSkills(tx, uid);
    return deleted.length > 0;
  });
}

import { eq } from 'drizzle-orm';
import type { CvMediaType, CvSummary } from '../../src/backendApi';
import type { Database, Transaction } from '../db/database';
import { cvs } from '../db/schema';

export interface StoredCv {
  fileName: string;
  sizeBytes: number;
  mediaType: CvMediaType;
  text: string;
}

type CvRow = typeof cvs.$inferSelect;

export function toCvSummary(row: CvRow): CvSummary {
  return {
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    mediaType: row.mediaType,
    textLength: row.text.length,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

export async function readCvSummary(
  db: Database | Transaction,
  uid: string,
): Promise<CvSummary | null> {
  const [row] = await db.select().from(cvs).where(eq(cvs.uid, uid));
  return row ? toCvSummary(row) : null;
}

export async function saveCv(
  db: Database | Transaction,
  uid: string,
  cv: StoredCv,
): Promise<CvSummary> {
  const columns = { ...cv, uploadedAt: new Date() };
  const [row] = await db
    .insert(cvs)
    .values({ uid, ...columns })
    .onConflictDoUpdate({ target: cvs.uid, set: columns })
    .returning();
  if (!row) throw new Error('Saving the CV returned no row.');
  return toCvSummary(row);
}

export async function deleteCv(db: Database | Transaction, uid: string): Promise<boolean> {
  const deleted = await db.delete(cvs).where(eq(cvs.uid, uid)).returning({ uid: cvs.uid });
  return deleted.length > 0;
}

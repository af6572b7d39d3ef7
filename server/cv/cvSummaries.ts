import { and, asc, eq, sql } from 'drizzle-orm';
import type { CvMediaType, CvProposals, CvSummary, ProfileSlot } from '../../contract';
import type { Database } from '../db/database';
import { preparedFor } from '../db/prepared';
import { cvs } from '../db/schema';

/*
 * What the user sees of their CVs, never the text: read by the profile's answers too, so this
 * file sits below profile in the server's layers, apart from the CV's writes (cvStore.ts).
 */

/** What a summary needs: the text's length, counted by the database (never the text itself). */
const SUMMARY_COLUMNS = {
  fileName: cvs.fileName,
  sizeBytes: cvs.sizeBytes,
  mediaType: cvs.mediaType,
  textLength: sql<number>`char_length(${cvs.text})`.mapWith(Number),
  uploadedAt: cvs.uploadedAt,
  proposals: cvs.proposals,
};

interface SummaryRow {
  fileName: string;
  sizeBytes: number;
  mediaType: CvMediaType;
  textLength: number;
  uploadedAt: Date;
  proposals: CvProposals | null;
}

export function toCvSummary(row: SummaryRow): CvSummary {
  return {
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    mediaType: row.mediaType,
    textLength: row.textLength,
    uploadedAt: row.uploadedAt.toISOString(),
    proposals: row.proposals,
  };
}

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

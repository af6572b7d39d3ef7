import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { jobs } from '../../db/schema';
import type { BoardRef, JobRecord } from '../jobRecord';
import { jobContentOf, type JobContent } from './jobRow';

/** What one board's fetch changed. Only `newJobIds` are new postings (alerts start from them). */
export interface IngestResult {
  readonly inserted: number;
  readonly updated: number;
  /** Closed postings back on their board: open again (and updated), not new. */
  readonly reopened: number;
  readonly unchanged: number;
  readonly closed: number;
  readonly newJobIds: readonly number[];
}

interface StoredPosting {
  id: number;
  externalId: string;
  contentHash: string;
  closedAt: Date | null;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at ~20 columns a row. */
const INSERT_CHUNK = 500;

/** The fetch's postings by id; a posting listed twice counts once, as it was last listed. */
function latestById(board: BoardRef, records: readonly JobRecord[]): Map<string, JobRecord> {
  const latest = new Map<string, JobRecord>();
  for (const record of records) {
    if (record.board.source !== board.source || record.board.token !== board.token)
      throw new Error(
        `A posting of ${record.board.source}:${record.board.token} in ${board.source}:${board.token}`,
      );
    latest.set(record.externalId, record);
  }
  return latest;
}

async function insertPostings(
  tx: Transaction,
  board: BoardRef,
  records: readonly JobRecord[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < records.length; start += INSERT_CHUNK) {
    const rows = records.slice(start, start + INSERT_CHUNK).map((record) => ({
      source: board.source,
      board: board.token,
      externalId: record.externalId,
      firstSeenAt: new Date(record.firstSeenAt),
      ...jobContentOf(record),
    }));
    const inserted = await tx.insert(jobs).values(rows).returning({ id: jobs.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

async function updatePosting(tx: Transaction, id: number, content: JobContent, now: Date) {
  await tx
    .update(jobs)
    .set({ ...content, closedAt: null, updatedAt: now })
    .where(eq(jobs.id, id));
}

/**
 * Stores one board's successful fetch in one transaction: new postings are inserted (their first
 * seen time kept from then on), changed or returning ones updated (a closed one reopened), and the
 * board's open postings missing from the fetch closed. Call it only with a board that answered:
 * an empty answer closes every posting of the board.
 */
export async function ingestBoard(
  db: Database,
  board: BoardRef,
  records: readonly JobRecord[],
  now: Date = new Date(),
): Promise<IngestResult> {
  const latest = latestById(board, records);
  return db.transaction(async (tx) => {
    // Two fetches of one board at once would both see a posting as new: one waits for the other.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`jobs:${board.source}:${board.token}`}))`,
    );
    const stored: StoredPosting[] = await tx
      .select({
        id: jobs.id,
        externalId: jobs.externalId,
        contentHash: jobs.contentHash,
        closedAt: jobs.closedAt,
      })
      .from(jobs)
      .where(and(eq(jobs.source, board.source), eq(jobs.board, board.token)));
    const storedById = new Map(stored.map((row) => [row.externalId, row]));

    const fresh: JobRecord[] = [];
    let updated = 0;
    let reopened = 0;
    let unchanged = 0;
    for (const [externalId, record] of latest) {
      const row = storedById.get(externalId);
      if (row === undefined) {
        fresh.push(record);
        continue;
      }
      const content = jobContentOf(record);
      if (row.closedAt === null && row.contentHash === content.contentHash) {
        unchanged += 1;
        continue;
      }
      if (row.closedAt === null) updated += 1;
      else reopened += 1;
      await updatePosting(tx, row.id, content, now);
    }

    const vanished = stored
      .filter((row) => row.closedAt === null && !latest.has(row.externalId))
      .map((row) => row.id);
    if (vanished.length > 0)
      await tx
        .update(jobs)
        .set({ closedAt: now, updatedAt: now })
        .where(inArray(jobs.id, vanished));

    const newJobIds = await insertPostings(tx, board, fresh);
    return {
      inserted: newJobIds.length,
      updated,
      reopened,
      unchanged,
      closed: vanished.length,
      newJobIds,
    };
  });
}

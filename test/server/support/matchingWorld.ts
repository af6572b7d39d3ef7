/**
 * The matching tests' world: a backend on one database, seekers saved with a profile (and a CV),
 * boards' postings ingested, and what matching answers them.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { saveCv } from '../../../server/cv/cvStore';
import type { BoardRef, JobRecord } from '../../../server/jobs/jobRecord';
import { ingestBoard } from '../../../server/jobs/store/ingestBoard';
import { findMatches } from '../../../server/matching/findMatches';
import { normaliseProfile } from '../../../server/profile/normaliseProfile';
import { saveProfile } from '../../../server/profile/profileStore';
import type { AlertProfileInput, JobMatch, MatchReason } from '../../../contract';
import { startBackend, type DatabaseName } from './backend';
import { fixtureRecords, postingRecord, uniqueBoard } from './jobs';
import { validProfile } from './profiles';

export const seenAt = new Date('2026-11-22T12:00:00.000Z');

export const REMOTE_ONLY = { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] };

export const idsOf = (matches: readonly JobMatch[]) => matches.map((match) => match.jobId);

export function reason<K extends MatchReason['kind']>(match: JobMatch | undefined, kind: K) {
  const found = match?.reasons.find((candidate) => candidate.kind === kind);
  if (found === undefined) throw new Error(`no ${kind} reason`);
  return found as Extract<MatchReason, { kind: K }>;
}

/** The `kind` reason of the match for job `jobId`. */
export function reasonFor<K extends MatchReason['kind']>(
  matches: readonly JobMatch[],
  jobId: number | undefined,
  kind: K,
) {
  return reason(
    matches.find((match) => match.jobId === jobId),
    kind,
  );
}

/** Starts a backend on `database` for the file's tests (closed after them), and its helpers. */
export function useMatchingBackend(database: DatabaseName) {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());

  /** A user with this profile (saved as PUT /v1/profile saves it) and, if given, a CV. */
  async function seeker(changes: Partial<AlertProfileInput>, cvText?: string): Promise<string> {
    const uid = `matching-${randomUUID()}`;
    await saveProfile(app.db, uid, 1, normaliseProfile(validProfile(changes)));
    if (cvText !== undefined)
      await saveCv(app.db, uid, 1, {
        fileName: 'cv.txt',
        sizeBytes: cvText.length,
        mediaType: 'text/plain',
        text: cvText,
      });
    return uid;
  }

  /** The ids of a board's new postings, in the order given, as seen at `at`. */
  async function ingest(
    board: BoardRef,
    records: readonly JobRecord[],
    at = seenAt,
  ): Promise<number[]> {
    return [...(await ingestBoard(app.db, board, records, at)).newJobIds];
  }

  /** The ids of new postings with these titles and one description, on a fresh board. */
  async function ingestTitles(
    source: BoardRef['source'],
    label: string,
    titles: readonly string[],
    description: string,
  ): Promise<number[]> {
    const board = uniqueBoard(source, label);
    return ingest(
      board,
      titles.map((title) => postingRecord(board, { title, description })),
    );
  }

  async function fixtureIds(source: BoardRef['source'], fixture: string): Promise<number[]> {
    const board = uniqueBoard(source, fixture);
    return ingest(board, fixtureRecords(fixture, board, seenAt));
  }

  /** What matching answers `uid`, as it is. */
  const findFor = (uid: string) => findMatches(app.db, uid);

  async function matchesOf(uid: string): Promise<JobMatch[]> {
    const result = await findFor(uid);
    expect(result.profileMissing).toBe(false);
    return result.matches;
  }

  /** The matches of a remote-only seeker with no pay floor and these changes. */
  const remoteMatches = async (changes: Partial<AlertProfileInput>) =>
    matchesOf(await seeker({ where: REMOTE_ONLY, minSalary: null, ...changes }));

  return {
    app: () => app,
    seeker,
    ingest,
    ingestTitles,
    fixtureIds,
    findFor,
    matchesOf,
    remoteMatches,
  };
}

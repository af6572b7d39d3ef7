import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { BoardRef, JobRecord, JobSource } from '../../../server/jobs/jobRecord';
import { toJobRecord, type PostingDraft } from '../../../server/jobs/normalise/toJobRecord';
import { parseAshbyBoard } from '../../../server/jobs/sources/ashby';
import { DropTally, type BoardResult } from '../../../server/jobs/sources/boardResult';
import { parseGreenhouseBoard } from '../../../server/jobs/sources/greenhouse';
import { parseLeverPage } from '../../../server/jobs/sources/lever';
import { parseRecruiteeBoard } from '../../../server/jobs/sources/recruitee';
import { parseWorkableBoard } from '../../../server/jobs/sources/workable';
import { DEFAULT_FIXTURES_DIRECTORY } from '../../../dev/jobBoards/standInServer';

/** A board of its own for each test: the PostgreSQL database is shared by a file's tests. */
export function uniqueBoard(source: JobSource, label = 'board'): BoardRef {
  return { source, token: `${label}-${randomUUID().slice(0, 8)}` };
}

/** A SmartRecruiters list holds no descriptions: read its boards through the stand-in instead. */
const listWithoutDetails = (): BoardResult => ({
  ok: false,
  failure: { kind: 'malformed', detail: 'SmartRecruiters needs each posting details request' },
});

const PARSERS: Readonly<
  Record<JobSource, (body: unknown, board: BoardRef, seenAt: Date) => BoardResult>
> = {
  greenhouse: parseGreenhouseBoard,
  ashby: parseAshbyBoard,
  lever: (body, board, seenAt) => {
    const dropped = new DropTally();
    const jobs = parseLeverPage(body, board, seenAt, dropped);
    return jobs === null
      ? { ok: false, failure: { kind: 'malformed', detail: 'not an array' } }
      : { ok: true, jobs, dropped: dropped.counts };
  },
  workable: parseWorkableBoard,
  smartrecruiters: listWithoutDetails,
  recruitee: parseRecruiteeBoard,
};

/**
 * A recorded board answer (dev/jobBoards/fixtures/<source>/<fixture>.json) read by its connector's
 * own parser, as the job records of `board`.
 */
export function fixtureRecords(fixture: string, board: BoardRef, seenAt: Date): JobRecord[] {
  const file = path.join(DEFAULT_FIXTURES_DIRECTORY, board.source, `${fixture}.json`);
  const result = PARSERS[board.source](JSON.parse(readFileSync(file, 'utf8')), board, seenAt);
  if (!result.ok) throw new Error(`fixture ${file}: ${JSON.stringify(result.failure)}`);
  return [...result.jobs];
}

const DEFAULT_DRAFT: PostingDraft = {
  title: 'Backend Engineer',
  company: 'Test Co',
  externalId: 'posting',
  locations: ['Remote - US'],
  remoteFlag: null,
  countries: [],
  salary: null,
  description: 'We build services in TypeScript on PostgreSQL.',
  postedAt: '2026-11-20T10:00:00.000Z',
  applyUrl: 'https://jobs.example.com/apply',
};

/**
 * One posting as its connector would normalise it: skills, seniority, remote and US eligibility
 * are derived from what `changes` says, as for a fetched posting.
 */
export function postingRecord(
  board: BoardRef,
  changes: Partial<PostingDraft> = {},
  seenAt = new Date(),
): JobRecord {
  const externalId = changes.externalId ?? randomUUID();
  return toJobRecord(
    {
      ...DEFAULT_DRAFT,
      applyUrl: `https://jobs.example.com/${board.token}/${externalId}`,
      ...changes,
      externalId,
    },
    board,
    seenAt,
  );
}

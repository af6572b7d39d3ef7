import { toJobRecord, type PostingDraft } from '../normalise/toJobRecord';
import type { BoardRef, JobRecord } from '../jobRecord';
import { DropTally, type BoardResult, type DropReason } from './boardResult';
import { DEFAULT_BOARD_TIMEOUT_MS, joinUrl, type FetchBoard } from './boardSource';
import { fetchJsonIfChanged } from './fetchJson';
import { isObject } from './json';

/** One source's reading of one posting: what it says, or why it is left out. */
export type DraftFrom = (posting: unknown, board: BoardRef) => PostingDraft | DropReason;

/** The postings of one answer as job records; the ones that cannot be read are tallied. */
export function recordsFrom(
  postings: readonly unknown[],
  draftFrom: DraftFrom,
  board: BoardRef,
  seenAt: Date,
  dropped: DropTally,
): JobRecord[] {
  const jobs: JobRecord[] = [];
  for (const posting of postings) {
    const draft = draftFrom(posting, board);
    if (typeof draft === 'string') dropped.add(draft);
    else jobs.push(toJobRecord(draft, board, seenAt));
  }
  return jobs;
}

/**
 * A board answered as one `{ jobs: [...] }` document (Greenhouse, Ashby, Workable), or under
 * another key (Recruitee's `offers`).
 */
export function parseJobsDocument(
  body: unknown,
  draftFrom: DraftFrom,
  board: BoardRef,
  seenAt: Date,
  key = 'jobs',
): BoardResult {
  const postings = isObject(body) ? body[key] : undefined;
  if (!Array.isArray(postings)) {
    return {
      ok: false,
      failure: { kind: 'malformed', detail: `expected an object with a ${key} array` },
    };
  }
  const dropped = new DropTally();
  const jobs = recordsFrom(postings as readonly unknown[], draftFrom, board, seenAt, dropped);
  return { ok: true, jobs, dropped: dropped.counts };
}

/**
 * The connector of a source whose whole board is one JSON document at `urlOf(baseUrl, token)`. One
 * request is the whole board, so a 304 to its last validator means the board is unchanged.
 */
export function documentBoard(
  urlOf: (baseUrl: string, token: string) => string,
  parse: (body: unknown, board: BoardRef, seenAt: Date) => BoardResult,
): FetchBoard {
  return async (board, options) => {
    const timeoutMs = options.timeoutMs ?? DEFAULT_BOARD_TIMEOUT_MS;
    const now = options.now ?? (() => new Date());
    const answer = await fetchJsonIfChanged(
      urlOf(options.baseUrl, board.token),
      AbortSignal.timeout(timeoutMs),
      timeoutMs,
      now(),
      options.validator,
    );
    if (!answer.ok || 'unchanged' in answer) return answer;
    const result = parse(answer.body, board, now());
    // An answer we could not read leaves no validator: the next poll reads the board in full.
    return result.ok && answer.validator !== undefined
      ? { ...result, validator: answer.validator }
      : result;
  };
}

/** The connector of a source whose whole board is one `{ jobs: [...] }` document at `pathOf`. */
export const jobsDocumentBoard = (pathOf: (token: string) => string, draftFrom: DraftFrom) =>
  documentBoard(
    (baseUrl, token) => joinUrl(baseUrl, pathOf(token)),
    (body, board, seenAt) => parseJobsDocument(body, draftFrom, board, seenAt),
  );

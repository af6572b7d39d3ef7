import type { BoardRef, JobRecord } from '../../server/jobs/jobRecord';
import { toJobRecord, type PostingDraft } from '../../server/jobs/normalise/toJobRecord';

/** The board fictional postings are read as coming from. */
export const FICTIONAL_BOARD: BoardRef = { source: 'greenhouse', token: 'fictional' };
export const FICTIONAL_SEEN_AT = new Date('2026-11-22T12:00:00.000Z');

/** A fictional posting of shape only, as a source parser drafts it, with the given changes. */
export const postingDraft = (changes: Partial<PostingDraft> = {}): PostingDraft => ({
  title: 'Software Engineer',
  company: 'Fictional Co',
  externalId: '1',
  locations: [],
  remoteFlag: null,
  countries: [],
  salary: null,
  description: '',
  postedAt: null,
  applyUrl: 'https://jobs.example.com/1',
  ...changes,
});

/** A fictional posting read into its record, as the poller reads one. */
export const readPosting = (changes: Partial<PostingDraft>, board = FICTIONAL_BOARD): JobRecord =>
  toJobRecord(postingDraft(changes), board, FICTIONAL_SEEN_AT);

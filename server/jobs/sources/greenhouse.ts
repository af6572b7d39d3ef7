import { decodeEntities } from '../normalise/decodeEntities';
import { htmlToText } from '../normalise/htmlToText';
import type { PostingDraft } from '../normalise/toJobRecord';
import type { BoardRef } from '../jobRecord';
import type { BoardResult, DropReason } from './boardResult';
import { companyFromToken, type FetchBoard } from './boardSource';
import { jobsDocumentBoard, parseJobsDocument } from './jobsDocument';
import { arrayAt, idAt, isObject, objectAt, textAt, timeAt, uniqueTexts, urlAt } from './json';

/**
 * Greenhouse Job Board API: GET /v1/boards/{token}/jobs?content=true answers
 * { jobs: [{ id, title, updated_at, first_published, location: { name }, absolute_url,
 * content (HTML escaped once more), company_name, offices, departments, metadata }], meta: { total } }.
 * It gives no structured pay and no remote flag: remote comes from the location text.
 */
export const greenhouseJobsPath = (token: string) =>
  `/v1/boards/${encodeURIComponent(token)}/jobs?content=true`;

function draftFrom(job: unknown, board: BoardRef): PostingDraft | DropReason {
  if (!isObject(job)) return 'not-an-object';
  const externalId = idAt(job, 'id');
  if (externalId === null) return 'missing-id';
  const title = textAt(job, 'title');
  if (title === null) return 'missing-title';
  const applyUrl = urlAt(job, 'absolute_url');
  if (applyUrl === null) return 'missing-url';
  const officeNames = arrayAt(job, 'offices').map((office) =>
    isObject(office) ? textAt(office, 'name') : null,
  );
  const primary = textAt(objectAt(job, 'location'), 'name');
  const content = textAt(job, 'content');
  return {
    title,
    company: textAt(job, 'company_name') ?? companyFromToken(board.token),
    externalId,
    locations: primary !== null ? [primary] : uniqueTexts(officeNames),
    remoteFlag: null,
    countries: [],
    salary: null,
    // The API escapes the description's HTML once more: unescape, then turn the HTML into text.
    description: content === null ? '' : htmlToText(decodeEntities(content)),
    postedAt: timeAt(job, 'first_published'),
    applyUrl,
  };
}

export const parseGreenhouseBoard = (body: unknown, board: BoardRef, seenAt: Date): BoardResult =>
  parseJobsDocument(body, draftFrom, board, seenAt);

export const fetchGreenhouseBoard: FetchBoard = jobsDocumentBoard(greenhouseJobsPath, draftFrom);

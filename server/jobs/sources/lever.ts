import { htmlToText } from '../normalise/htmlToText';
import { payOf } from '../normalise/salary';
import type { PostingDraft } from '../normalise/toJobRecord';
import type { BoardRef, JobRecord, Workplace } from '../jobRecord';
import { DropTally, type BoardAnswer, type DropReason } from './boardResult';
import {
  companyFromToken,
  DEFAULT_BOARD_TIMEOUT_MS,
  joinUrl,
  type FetchBoardOptions,
} from './boardSource';
import { fetchJson, fetchJsonIfChanged } from './fetchJson';
import { recordsFrom } from './jobsDocument';
import {
  arrayAt,
  idAt,
  isObject,
  objectAt,
  textAt,
  timeAt,
  uniqueTexts,
  urlAt,
  type JsonObject,
} from './json';

/**
 * Lever Postings API: GET /v0/postings/{site}?mode=json&skip=N&limit=M answers a bare array of
 * { id, text (the title), categories: { location, allLocations, commitment, team, level }, country,
 * workplaceType (onsite | on-site | remote | hybrid | unspecified), createdAt (ms), hostedUrl, applyUrl,
 * descriptionPlain, lists: [{ text, content (HTML) }], additionalPlain,
 * salaryRange: { min, max, currency, interval (per-year-salary, per-hour-wage, ...) } }.
 */
export const leverPostingsPath = (site: string, skip: number, limit: number) =>
  `/v0/postings/${encodeURIComponent(site)}?mode=json&skip=${skip}&limit=${limit}`;

export const DEFAULT_LEVER_PAGE_SIZE = 100;
/** A board that keeps sending full pages past this is treated as broken rather than read forever. */
const MAX_PAGES = 200;

/** The HTML the posting's page shows first: Lever's plain copy can lack some of its blocks. */
const htmlOrPlain = (posting: JsonObject, htmlKey: string, plainKey: string): string => {
  const html = textAt(posting, htmlKey);
  return html === null ? (textAt(posting, plainKey) ?? '') : htmlToText(html);
};

function descriptionOf(posting: JsonObject): string {
  const lists = arrayAt(posting, 'lists').map((list) => {
    if (!isObject(list)) return '';
    const heading = textAt(list, 'text') ?? '';
    const content = textAt(list, 'content');
    return [heading, content === null ? '' : htmlToText(content)]
      .filter((part) => part !== '')
      .join('\n');
  });
  return [
    htmlOrPlain(posting, 'description', 'descriptionPlain'),
    ...lists,
    // The page's pay paragraph, read when salaryRange is missing.
    htmlOrPlain(posting, 'salaryDescription', 'salaryDescriptionPlain'),
    htmlOrPlain(posting, 'additional', 'additionalPlain'),
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

/** Lever's workplaceType; "unspecified" says nothing. */
const WORKPLACE_TYPES: Readonly<Record<string, Workplace>> = {
  remote: 'remote',
  'on-site': 'onsite',
  onsite: 'onsite',
  hybrid: 'hybrid',
};

function draftFrom(posting: unknown, board: BoardRef): PostingDraft | DropReason {
  if (!isObject(posting)) return 'not-an-object';
  const externalId = idAt(posting, 'id');
  if (externalId === null) return 'missing-id';
  const title = textAt(posting, 'text');
  if (title === null) return 'missing-title';
  const applyUrl = urlAt(posting, 'applyUrl') ?? urlAt(posting, 'hostedUrl');
  if (applyUrl === null) return 'missing-url';
  const categories = objectAt(posting, 'categories');
  const allLocations = arrayAt(categories, 'allLocations').map((location) =>
    typeof location === 'string' && location.trim() !== '' ? location.trim() : null,
  );
  const locations = uniqueTexts(
    allLocations.length > 0 ? allLocations : [textAt(categories, 'location')],
  );
  const salaryRange = objectAt(posting, 'salaryRange');
  const workplace = textAt(posting, 'workplaceType');
  const country = textAt(posting, 'country');
  return {
    title,
    company: companyFromToken(board.token),
    externalId,
    locations,
    remoteFlag: null,
    workplace: workplace === null ? null : (WORKPLACE_TYPES[workplace.toLowerCase()] ?? null),
    countries: country === null ? [] : [country],
    salary: null,
    pay:
      salaryRange === null
        ? null
        : payOf(salaryRange.min, salaryRange.max, salaryRange.currency, salaryRange.interval),
    // The level field, and the commitment where it says "Intern" or "Apprenticeship".
    level:
      uniqueTexts([textAt(categories, 'level'), textAt(categories, 'commitment')]).join(' / ') ||
      null,
    description: descriptionOf(posting),
    postedAt: timeAt(posting, 'createdAt'),
    applyUrl,
  };
}

export function parseLeverPage(
  body: unknown,
  board: BoardRef,
  seenAt: Date,
  dropped: DropTally,
): JobRecord[] | null {
  return Array.isArray(body) ? recordsFrom(body, draftFrom, board, seenAt, dropped) : null;
}

export interface LeverOptions extends FetchBoardOptions {
  readonly pageSize?: number;
}

/**
 * Reads page after page (skip/limit) until a short page, all within one time limit. The first page
 * is asked with the last answer's validator, which is kept only when the whole board was that one
 * short page: a 304 then means the board is as it was (a board grown past a page changes its first
 * page). A board of several pages keeps none, since a 304 for one page says nothing of the others.
 */
export const fetchLeverBoard = async (
  board: BoardRef,
  options: LeverOptions,
): Promise<BoardAnswer> => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_BOARD_TIMEOUT_MS;
  const pageSize = options.pageSize ?? DEFAULT_LEVER_PAGE_SIZE;
  const now = options.now ?? (() => new Date());
  const signal = AbortSignal.timeout(timeoutMs);
  const dropped = new DropTally();
  const jobs: JobRecord[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url = joinUrl(options.baseUrl, leverPostingsPath(board.token, page * pageSize, pageSize));
    const answer =
      page === 0
        ? await fetchJsonIfChanged(url, signal, timeoutMs, now(), options.validator)
        : await fetchJson(url, signal, timeoutMs, now());
    if (!answer.ok || 'unchanged' in answer) return answer;
    const pageJobs = parseLeverPage(answer.body, board, now(), dropped);
    if (pageJobs === null)
      return { ok: false, failure: { kind: 'malformed', detail: 'expected an array of postings' } };
    jobs.push(...pageJobs);
    if (Array.isArray(answer.body) && answer.body.length < pageSize) {
      const validator = page === 0 ? answer.validator : undefined;
      return { ok: true, jobs, dropped: dropped.counts, ...(validator ? { validator } : {}) };
    }
  }
  return { ok: false, failure: { kind: 'malformed', detail: `more than ${MAX_PAGES} pages` } };
};

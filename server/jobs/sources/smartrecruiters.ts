import { toJobRecord, type PostingDraft } from '../normalise/toJobRecord';
import type { BoardRef, JobRecord, Workplace } from '../jobRecord';
import { DropTally, type BoardResult, type DropReason } from './boardResult';
import {
  companyFromToken,
  DEFAULT_BOARD_TIMEOUT_MS,
  joinUrl,
  type FetchBoardOptions,
} from './boardSource';
import { fetchJson } from './fetchJson';
import { idAt, isObject, objectAt, textAt, timeAt, uniqueTexts, type JsonObject } from './json';
import { placeText } from './placeText';
import { DetailsCache, fetchDetails, type PostingDetails } from './smartRecruitersDetails';

/**
 * SmartRecruiters Posting API: GET /v1/companies/{company}/postings?offset=N&limit=M answers
 * { offset, limit, totalFound, content: [{ id, name (the title), uuid, refNumber, company: { identifier,
 * name }, releasedDate, location: { city, region, country (ISO alpha-2, lower case), remote, hybrid,
 * fullLocation }, department, function, typeOfEmployment: { id, label }, experienceLevel: { id,
 * label }, customField, visibility, ref, language }] }: no description and no URL. Each posting's
 * GET /v1/companies/{company}/postings/{id} adds them (postingUrl, applyUrl, jobAd.sections); those
 * are read once per posting and kept (see DetailsCache). No pay in either.
 */
export const smartRecruitersPostingsPath = (company: string, offset: number, limit: number) =>
  `/v1/companies/${encodeURIComponent(company)}/postings?offset=${offset}&limit=${limit}`;

/** The API's largest page. */
export const DEFAULT_SMARTRECRUITERS_PAGE_SIZE = 100;
/** A board that keeps sending full pages past this is treated as broken rather than read forever. */
const MAX_PAGES = 100;
/** Details requests in flight at once for one board. */
const DETAILS_CONCURRENCY = 4;

const sharedCache = new DetailsCache();

/** "Singapore, , Singapore" -> "Singapore". */
const cleanPlace = (text: string | null): string | null => {
  const parts = uniqueTexts((text ?? '').split(',').map((part) => part.trim() || null));
  return parts.length === 0 ? null : parts.join(', ');
};

function workplaceOf(location: JsonObject | null): Workplace | null {
  if (location?.remote === true) return 'remote';
  if (location?.hybrid === true) return 'hybrid';
  return location?.remote === false && location.hybrid === false ? 'onsite' : null;
}

function draftFrom(
  posting: JsonObject,
  board: BoardRef,
  details: PostingDetails,
): PostingDraft | DropReason {
  const externalId = idAt(posting, 'id');
  if (externalId === null) return 'missing-id';
  const title = textAt(posting, 'name');
  if (title === null) return 'missing-title';
  const location = objectAt(posting, 'location');
  const country = textAt(location, 'country');
  const place =
    cleanPlace(textAt(location, 'fullLocation')) ??
    placeText(textAt(location, 'city'), textAt(location, 'region'), country);
  const employment = objectAt(posting, 'typeOfEmployment');
  return {
    title,
    company: textAt(objectAt(posting, 'company'), 'name') ?? companyFromToken(board.token),
    externalId,
    locations: place === null ? [] : [place],
    remoteFlag: location?.remote === true ? true : null,
    workplace: workplaceOf(location),
    countries: country === null ? [] : [country.toUpperCase()],
    salary: null,
    pay: null,
    // "Entry Level", "Mid-Senior Level", "Director"; an internship says so in its employment type.
    level:
      textAt(employment, 'id') === 'intern'
        ? 'Intern'
        : textAt(objectAt(posting, 'experienceLevel'), 'label'),
    description: details.description,
    postedAt: timeAt(posting, 'releasedDate'),
    applyUrl:
      details.url ??
      `https://jobs.smartrecruiters.com/${encodeURIComponent(board.token)}/${encodeURIComponent(externalId)}`,
  };
}

export interface SmartRecruitersOptions extends FetchBoardOptions {
  readonly pageSize?: number;
  /** Details already read; one shared by the process unless a test brings its own. */
  readonly detailsCache?: DetailsCache;
}

type Page = { readonly postings: readonly unknown[]; readonly last: boolean } | null;

function pageOf(body: unknown, offset: number, pageSize: number): Page {
  if (!isObject(body) || !Array.isArray(body.content)) return null;
  const postings = body.content as readonly unknown[];
  const total = typeof body.totalFound === 'number' ? body.totalFound : null;
  const last = postings.length < pageSize || (total !== null && offset + postings.length >= total);
  return { postings, last };
}

/**
 * Reads the list page after page (offset/limit), then the details of each posting not read before,
 * a few at a time, all within one time limit. A details request that fails fails the board (the
 * scheduler backs off); the details read so far stay cached for the next poll. Never sends a
 * validator: the board is several requests (list pages, then details), which one 304 cannot vouch for.
 */
export const fetchSmartRecruitersBoard = async (
  board: BoardRef,
  options: SmartRecruitersOptions,
): Promise<BoardResult> => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_BOARD_TIMEOUT_MS;
  const pageSize = options.pageSize ?? DEFAULT_SMARTRECRUITERS_PAGE_SIZE;
  const now = options.now ?? (() => new Date());
  const cache = options.detailsCache ?? sharedCache;
  const signal = AbortSignal.timeout(timeoutMs);
  const listed: unknown[] = [];
  for (let page = 0; ; page += 1) {
    if (page === MAX_PAGES)
      return { ok: false, failure: { kind: 'malformed', detail: `more than ${MAX_PAGES} pages` } };
    const offset = page * pageSize;
    const answer = await fetchJson(
      joinUrl(options.baseUrl, smartRecruitersPostingsPath(board.token, offset, pageSize)),
      signal,
      timeoutMs,
      now(),
    );
    if (!answer.ok) return answer;
    const chunk = pageOf(answer.body, offset, pageSize);
    if (chunk === null)
      return {
        ok: false,
        failure: { kind: 'malformed', detail: 'expected an object with a content array' },
      };
    listed.push(...chunk.postings);
    if (chunk.last) break;
  }

  const dropped = new DropTally();
  const postings: JsonObject[] = [];
  for (const posting of listed) {
    if (!isObject(posting)) dropped.add('not-an-object');
    else if (idAt(posting, 'id') === null) dropped.add('missing-id');
    else postings.push(posting);
  }
  const keyOf = (posting: JsonObject) =>
    `${idAt(posting, 'id')}:${textAt(posting, 'releasedDate') ?? ''}`;
  const cached = cache.of(board.token);
  const kept = new Map<string, PostingDetails>();
  const closed = new Set<JsonObject>();
  for (const posting of postings) {
    const details = cached.get(keyOf(posting));
    if (details !== undefined) kept.set(keyOf(posting), details);
  }
  const missing = postings.filter((posting) => !kept.has(keyOf(posting)));
  let next = 0;
  let failure: BoardResult | null = null;
  const worker = async (): Promise<void> => {
    while (failure === null && next < missing.length) {
      const posting = missing[next];
      next += 1;
      if (posting === undefined) break;
      const answer = await fetchDetails({
        baseUrl: options.baseUrl,
        company: board.token,
        id: idAt(posting, 'id') ?? '',
        signal,
        timeoutMs,
        now: now(),
      });
      if (!answer.ok) failure ??= answer;
      else if (answer.details === 'closed') closed.add(posting);
      else kept.set(keyOf(posting), answer.details);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DETAILS_CONCURRENCY, missing.length) }, worker));
  // Kept even when the board failed: the next poll reads only what is still missing.
  cache.keep(board.token, kept);
  if (failure !== null) return failure;

  const jobs: JobRecord[] = [];
  const seenAt = now();
  for (const posting of postings) {
    const details = kept.get(keyOf(posting));
    if (closed.has(posting) || details === undefined) {
      dropped.add('closed');
      continue;
    }
    const draft = draftFrom(posting, board, details);
    if (typeof draft === 'string') dropped.add(draft);
    else jobs.push(toJobRecord(draft, board, seenAt));
  }
  return { ok: true, jobs, dropped: dropped.counts };
};

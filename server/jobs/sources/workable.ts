import { htmlToText } from '../normalise/htmlToText';
import type { PostingDraft } from '../normalise/toJobRecord';
import type { BoardRef } from '../jobRecord';
import type { BoardResult, DropReason } from './boardResult';
import { companyFromToken, joinUrl, type FetchBoard } from './boardSource';
import { documentBoard, parseJobsDocument } from './jobsDocument';
import { placeAt, placeText } from './placeText';
import { arrayAt, isObject, textAt, timeAt, uniqueTexts, urlAt, type JsonObject } from './json';

/**
 * Workable's public widget API: GET /api/v1/widget/accounts/{account}?details=true answers the
 * whole board at once, { name, description, jobs: [{ title, shortcode, code, employment_type,
 * telecommuting, department, url, shortlink, application_url, published_on, created_at, country,
 * city, state, education, experience, function, industry, locations: [{ country, countryCode, city,
 * region, hidden }], description (HTML, with details=true) }] }. Chosen over the careers page's
 * POST /api/v3/accounts/{account}/jobs, whose pages (a `nextPage` token) carry no description.
 * The widget gives no pay and no workplace beyond `telecommuting`.
 */
export const workableBoardPath = (account: string) =>
  `/api/v1/widget/accounts/${encodeURIComponent(account)}?details=true`;

const LOCATION_KEYS = { city: 'city', region: 'region', country: 'country' };

function locationsOf(job: JsonObject): { places: string[]; countries: string[] } {
  const entries = arrayAt(job, 'locations').filter(isObject);
  const places = entries.map((entry) => placeAt(entry, LOCATION_KEYS));
  const top = placeText(textAt(job, 'city'), textAt(job, 'state'), textAt(job, 'country'));
  return {
    places: uniqueTexts(places.length > 0 ? places : [top]),
    countries: uniqueTexts([
      ...entries.map((entry) => textAt(entry, 'countryCode') ?? textAt(entry, 'country')),
      textAt(job, 'country'),
    ]),
  };
}

const draftFor =
  (company: string) =>
  (job: unknown): PostingDraft | DropReason => {
    if (!isObject(job)) return 'not-an-object';
    const externalId = textAt(job, 'shortcode');
    if (externalId === null) return 'missing-id';
    const title = textAt(job, 'title');
    if (title === null) return 'missing-title';
    const applyUrl = urlAt(job, 'url') ?? urlAt(job, 'shortlink') ?? urlAt(job, 'application_url');
    if (applyUrl === null) return 'missing-url';
    const { places, countries } = locationsOf(job);
    const html = textAt(job, 'description');
    return {
      title,
      company,
      externalId,
      locations: places,
      // `telecommuting: false` is silence, not "on site": offices may still be hybrid.
      remoteFlag: job.telecommuting === true ? true : null,
      workplace: null,
      countries,
      salary: null,
      pay: null,
      // "Internship", "Entry level", "Mid-Senior level", "Director": read as a level field.
      level: textAt(job, 'experience'),
      description: html === null ? '' : htmlToText(html),
      postedAt: timeAt(job, 'published_on') ?? timeAt(job, 'created_at'),
      applyUrl,
    };
  };

/** The account's name names the company; its jobs are read like any `{ jobs }` document. */
export function parseWorkableBoard(body: unknown, board: BoardRef, seenAt: Date): BoardResult {
  const company = (isObject(body) ? textAt(body, 'name') : null) ?? companyFromToken(board.token);
  const draft = draftFor(company);
  return parseJobsDocument(body, (job) => draft(job), board, seenAt);
}

export const fetchWorkableBoard: FetchBoard = documentBoard(
  (baseUrl, account) => joinUrl(baseUrl, workableBoardPath(account)),
  parseWorkableBoard,
);

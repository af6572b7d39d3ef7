import { htmlToText } from '../normalise/htmlToText';
import { payOf } from '../normalise/salary';
import type { PostingDraft } from '../normalise/toJobRecord';
import type { BoardRef, Pay, Workplace } from '../jobRecord';
import type { BoardResult, DropReason } from './boardResult';
import { companyFromToken, joinUrl, type FetchBoard } from './boardSource';
import { documentBoard, parseJobsDocument } from './jobsDocument';
import { placeAt } from './placeText';
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
 * Recruitee's public careers API, one host per company: GET https://{company}.recruitee.com/api/offers/
 * answers every published offer at once, { offers: [{ id, slug, title, company_name, status,
 * description and requirements (HTML), location, city, state_name, state_code, country,
 * country_code, locations: [{ city, state, country, country_code }], remote, hybrid, on_site,
 * salary: { min, max (strings), period, currency }, experience_code, employment_type_code,
 * careers_url, careers_apply_url, published_at ("2026-09-18 13:27:28 UTC"), created_at }] }.
 */
export const RECRUITEE_COMPANY_PLACEHOLDER = '{company}';

/**
 * The offers URL: the company in the host name for the real API (the base URL holds
 * `{company}`), or a path under any other base URL, such as the stand-in's
 * `/recruitee/{company}/api/offers/`.
 */
export function recruiteeOffersUrl(baseUrl: string, company: string): string {
  const name = encodeURIComponent(company.toLowerCase());
  if (baseUrl.includes(RECRUITEE_COMPANY_PLACEHOLDER))
    return joinUrl(baseUrl.replace(RECRUITEE_COMPANY_PLACEHOLDER, name), '/api/offers/');
  return joinUrl(baseUrl, `/recruitee/${name}/api/offers/`);
}

/** Recruitee's three flags; none set says nothing. */
function workplaceOf(offer: JsonObject): Workplace | null {
  if (offer.remote === true) return 'remote';
  if (offer.hybrid === true) return 'hybrid';
  if (offer.on_site === true) return 'onsite';
  return null;
}

const amount = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

function payOfOffer(offer: JsonObject): Pay | null {
  const salary = objectAt(offer, 'salary');
  return salary === null
    ? null
    : payOf(amount(salary.min), amount(salary.max), salary.currency, salary.period);
}

const LOCATION_KEYS = { city: 'city', region: 'state', country: 'country' };

function draftFrom(offer: unknown, board: BoardRef): PostingDraft | DropReason {
  if (!isObject(offer)) return 'not-an-object';
  const externalId = idAt(offer, 'id');
  if (externalId === null) return 'missing-id';
  const title = textAt(offer, 'title');
  if (title === null) return 'missing-title';
  const applyUrl = urlAt(offer, 'careers_url') ?? urlAt(offer, 'careers_apply_url');
  if (applyUrl === null) return 'missing-url';
  const entries = arrayAt(offer, 'locations').filter(isObject);
  const places = entries.map((entry) => placeAt(entry, LOCATION_KEYS));
  const html = [textAt(offer, 'description'), textAt(offer, 'requirements')]
    .filter((part) => part !== null)
    .join('\n');
  return {
    title,
    company: textAt(offer, 'company_name') ?? companyFromToken(board.token),
    externalId,
    locations: uniqueTexts(places.length > 0 ? places : [textAt(offer, 'location')]),
    remoteFlag: null,
    workplace: workplaceOf(offer),
    countries: uniqueTexts([
      ...entries.map((entry) => textAt(entry, 'country_code')),
      textAt(offer, 'country_code'),
    ]),
    salary: null,
    pay: payOfOffer(offer),
    // "entry_level", "mid_level", "senior_manager", "student_college": read as a level field.
    level: textAt(offer, 'experience_code')?.replaceAll('_', ' ') ?? null,
    description: html === '' ? '' : htmlToText(html),
    postedAt: timeAt(offer, 'published_at') ?? timeAt(offer, 'created_at'),
    applyUrl,
  };
}

export const parseRecruiteeBoard = (body: unknown, board: BoardRef, seenAt: Date): BoardResult =>
  parseJobsDocument(body, draftFrom, board, seenAt, 'offers');

export const fetchRecruiteeBoard: FetchBoard = documentBoard(
  recruiteeOffersUrl,
  parseRecruiteeBoard,
);

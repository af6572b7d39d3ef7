import { htmlToText } from '../normalise/htmlToText';
import { payOf } from '../normalise/salary';
import type { PostingDraft } from '../normalise/toJobRecord';
import type { BoardRef, Pay, Workplace } from '../jobRecord';
import type { BoardResult, DropReason } from './boardResult';
import { companyFromToken, type FetchBoard } from './boardSource';
import { jobsDocumentBoard, parseJobsDocument } from './jobsDocument';
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
 * Ashby Job Posting API: GET /posting-api/job-board/{name}?includeCompensation=true answers
 * { apiVersion, jobs: [{ id, title, location, secondaryLocations: [{ location, address }],
 * department, team, isRemote, workplaceType, descriptionHtml, descriptionPlain, publishedAt,
 * employmentType, jobUrl, applyUrl, address: { postalAddress: { addressCountry } },
 * compensation: { compensationTierSummary, summaryComponents: [{ compensationType, interval,
 * currencyCode, minValue, maxValue }], compensationTiers: [{ components: [...] }] } }] }.
 */
export const ashbyBoardPath = (name: string) =>
  `/posting-api/job-board/${encodeURIComponent(name)}?includeCompensation=true`;

const salaryOf = (components: readonly unknown[]): Pay | null => {
  for (const component of components.filter(isObject)) {
    if (component.compensationType !== 'Salary') continue;
    const pay = payOf(
      component.minValue,
      component.maxValue,
      component.currencyCode,
      component.interval,
    );
    if (pay !== null) return pay;
  }
  return null;
};

/** A tier titled for the US: "US - Tier 1", "United States". */
const US_TIER = /\b(?:US|USA|U\.S\.A?\.?|United States)\b/;

/**
 * The posting's salary. Its tiers are its own ranges by place or level, its summary spans them all:
 * the first tier titled for the US ("US - Tier 1", as a reader takes the first of a posting's US
 * ranges); else, when the tiers are in several currencies (countries), the first in US dollars;
 * else the summary, one currency's range over zones or cities ("SF/NY", "Nationwide").
 */
function payOfJob(job: JsonObject): Pay | null {
  const compensation = objectAt(job, 'compensation');
  const tiers = arrayAt(compensation, 'compensationTiers')
    .filter(isObject)
    .map((tier) => ({
      title: textAt(tier, 'title') ?? '',
      pay: salaryOf(arrayAt(tier, 'components')),
    }))
    .filter((tier): tier is { title: string; pay: Pay } => tier.pay !== null);
  const usTier = tiers.find((tier) => US_TIER.test(tier.title));
  if (usTier !== undefined) return usTier.pay;
  const pays = tiers.map((tier) => tier.pay);
  if (new Set(pays.map((pay) => pay.currency)).size > 1)
    return pays.find((pay) => pay.currency === 'USD') ?? pays[0] ?? null;
  return salaryOf(arrayAt(compensation, 'summaryComponents')) ?? pays[0] ?? null;
}

const WORKPLACE_TYPES: Readonly<Record<string, Workplace>> = {
  remote: 'remote',
  hybrid: 'hybrid',
  onsite: 'onsite',
};

/** A postal address as one place string: "San Francisco, California, United States". */
const addressText = (address: JsonObject | null): string | null => {
  const postal = objectAt(address, 'postalAddress');
  const parts = uniqueTexts([
    textAt(postal, 'addressLocality'),
    textAt(postal, 'addressRegion'),
    textAt(postal, 'addressCountry'),
  ]);
  return parts.length === 0 ? null : parts.join(', ');
};

/** Ashby's job URL ends in the posting's id; the documented example omits `id` itself. */
const idFromJobUrl = (jobUrl: string | null): string | null => {
  if (jobUrl === null) return null;
  const last = new URL(jobUrl).pathname
    .split('/')
    .filter((part) => part !== '')
    .pop();
  return last ?? null;
};

function draftFrom(job: unknown, board: BoardRef): PostingDraft | DropReason {
  if (!isObject(job)) return 'not-an-object';
  const title = textAt(job, 'title');
  if (title === null) return 'missing-title';
  const jobUrl = urlAt(job, 'jobUrl');
  const externalId = idAt(job, 'id') ?? idFromJobUrl(jobUrl);
  if (externalId === null) return 'missing-id';
  const applyUrl = urlAt(job, 'applyUrl') ?? jobUrl;
  if (applyUrl === null) return 'missing-url';
  const secondary = arrayAt(job, 'secondaryLocations').filter(isObject);
  const workplace = textAt(job, 'workplaceType');
  const countries = [
    textAt(objectAt(objectAt(job, 'address'), 'postalAddress'), 'addressCountry'),
    ...secondary.map((location) => textAt(objectAt(location, 'address'), 'addressCountry')),
  ];
  const html = textAt(job, 'descriptionHtml');
  return {
    title,
    company: companyFromToken(board.token),
    externalId,
    locations: uniqueTexts([
      textAt(job, 'location'),
      ...secondary.map((location) => textAt(location, 'location')),
    ]),
    remoteFlag: typeof job.isRemote === 'boolean' ? job.isRemote : null,
    workplace: workplace === null ? null : (WORKPLACE_TYPES[workplace.toLowerCase()] ?? null),
    countries: uniqueTexts(countries),
    placeHints: uniqueTexts([
      addressText(objectAt(job, 'address')),
      ...secondary.map((location) => addressText(objectAt(location, 'address'))),
    ]),
    salary: null,
    pay: payOfJob(job),
    description: textAt(job, 'descriptionPlain') ?? (html === null ? '' : htmlToText(html)),
    postedAt: timeAt(job, 'publishedAt'),
    applyUrl,
  };
}

export const parseAshbyBoard = (body: unknown, board: BoardRef, seenAt: Date): BoardResult =>
  parseJobsDocument(body, draftFrom, board, seenAt);

export const fetchAshbyBoard: FetchBoard = jobsDocumentBoard(ashbyBoardPath, draftFrom);

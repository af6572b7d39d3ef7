import { htmlToText } from '../normalise/htmlToText';
import { payOf, usPayOf } from '../normalise/salary';
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

/** The posting's salary: of its tiers (ranges by place or level) and their summary, see usPayOf. */
function payOfJob(job: JsonObject): Pay | null {
  const compensation = objectAt(job, 'compensation');
  const tiers = arrayAt(compensation, 'compensationTiers')
    .filter(isObject)
    .map((tier) => ({
      title: textAt(tier, 'title') ?? '',
      pay: salaryOf(arrayAt(tier, 'components')),
    }));
  return usPayOf(tiers, salaryOf(arrayAt(compensation, 'summaryComponents')));
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
    // FullTime, PartTime, Intern, Contract, Temporary: only Intern says a level.
    level: textAt(job, 'employmentType'),
    description: textAt(job, 'descriptionPlain') ?? (html === null ? '' : htmlToText(html)),
    postedAt: timeAt(job, 'publishedAt'),
    applyUrl,
  };
}

export const parseAshbyBoard = (body: unknown, board: BoardRef, seenAt: Date): BoardResult =>
  parseJobsDocument(body, draftFrom, board, seenAt);

export const fetchAshbyBoard: FetchBoard = jobsDocumentBoard(ashbyBoardPath, draftFrom);

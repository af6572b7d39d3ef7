import { htmlToText } from '../normalise/htmlToText';
import { yearlyUsd } from '../normalise/salary';
import type { PostingDraft } from '../normalise/toJobRecord';
import type { BoardRef, SalaryRange } from '../jobRecord';
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

function salaryOf(job: JsonObject): SalaryRange | null {
  const compensation = objectAt(job, 'compensation');
  const summary = arrayAt(compensation, 'summaryComponents');
  const tiers = arrayAt(compensation, 'compensationTiers').flatMap((tier) =>
    isObject(tier) ? arrayAt(tier, 'components') : [],
  );
  const salaries = (summary.length > 0 ? summary : tiers)
    .filter(isObject)
    .filter((component) => component.compensationType === 'Salary')
    .map((component) =>
      yearlyUsd(component.minValue, component.maxValue, component.currencyCode, component.interval),
    )
    .filter((range): range is SalaryRange => range !== null);
  if (salaries.length === 0) return null;
  return {
    minUsd: Math.min(...salaries.map((range) => range.minUsd)),
    maxUsd: Math.max(...salaries.map((range) => range.maxUsd)),
  };
}

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
    remoteFlag:
      typeof job.isRemote === 'boolean'
        ? job.isRemote
        : workplace === null
          ? null
          : workplace === 'Remote',
    countries: uniqueTexts(countries),
    salary: salaryOf(job),
    description: textAt(job, 'descriptionPlain') ?? (html === null ? '' : htmlToText(html)),
    postedAt: timeAt(job, 'publishedAt'),
    applyUrl,
  };
}

export const parseAshbyBoard = (body: unknown, board: BoardRef, seenAt: Date): BoardResult =>
  parseJobsDocument(body, draftFrom, board, seenAt);

export const fetchAshbyBoard: FetchBoard = jobsDocumentBoard(ashbyBoardPath, draftFrom);

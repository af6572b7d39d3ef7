import { decodeEntities } from '../normalise/decodeEntities';
import { htmlToText } from '../normalise/htmlToText';
import { readPlaces } from '../normalise/places';
import { payOf, periodBySize, usPayOf } from '../normalise/salary';
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
 * Greenhouse Job Board API: GET /v1/boards/{token}/jobs?content=true answers
 * { jobs: [{ id, title, updated_at, first_published, location: { name }, absolute_url,
 * content (HTML escaped once more), company_name, offices, departments, metadata }], meta: { total } }.
 * Pay and the workplace appear, when the board sets them up, as custom `metadata` fields
 * ({ name: "Workplace Type", value: "Hybrid" }, { name: "Min salary", value: "120,000" }).
 */
export const greenhouseJobsPath = (token: string) =>
  `/v1/boards/${encodeURIComponent(token)}/jobs?content=true`;

/** The board's custom fields by lower-cased name, the text values only (a multi-select's joined by "/"). */
function metadataOf(job: JsonObject): Map<string, string> {
  const fields = new Map<string, string>();
  for (const field of arrayAt(job, 'metadata')) {
    if (!isObject(field)) continue;
    const name = textAt(field, 'name');
    const values = (Array.isArray(field.value) ? field.value : [field.value]).filter(
      (value): value is string | number => typeof value === 'string' || typeof value === 'number',
    );
    if (name !== null && values.length > 0)
      fields.set(name.toLowerCase(), values.map((value) => String(value).trim()).join(' / '));
  }
  return fields;
}

/**
 * "Workplace Type", "Location Type", "Work Arrangement", "Work Type", "Remote Status": the board's
 * workplace field.
 */
const WORKPLACE_FIELD =
  /^(?:work ?place|work(?:ing)?(?: (?:location|arrangement|model|setup|style|environment))?|(?:job )?location|remote)(?:[ _-]?(?:type|status|option|policy))?$/;

/**
 * A workplace field's value: "Remote", "Hybrid", "On-site", "In Office"; remote among several
 * choices ("Remote / Hybrid", "Remote or Hybrid") is remote offered, as in a location. Anything
 * else says nothing.
 */
function workplaceOfValue(value: string): Workplace | null {
  const choices = value.toLowerCase().split(/\s*(?:\/|,|&|\bor\b)\s*/);
  const read = (choice: string): Workplace | null =>
    /\bhybrid\b/.test(choice)
      ? 'hybrid'
      : /\bremote\b/.test(choice)
        ? 'remote'
        : /\b(?:on[- ]?site|in[- ]office|office)\b/.test(choice)
          ? 'onsite'
          : null;
  const readings = choices.map(read);
  if (readings.includes('remote')) return 'remote';
  return readings.find((workplace) => workplace !== null) ?? null;
}

const workplaceOfMetadata = (fields: ReadonlyMap<string, string>): Workplace | null =>
  [...fields.entries()]
    .filter(([name]) => name !== 'location' && WORKPLACE_FIELD.test(name))
    .map(([, value]) => workplaceOfValue(value))
    .find((workplace) => workplace !== null) ?? null;

/** "Target Remote Countries", "Remote Locations": a field naming where the role may be remote from. */
const REMOTE_PLACES_FIELD =
  /\bremote\b.*\b(?:countr(?:y|ies)|states?|locations?|places?|regions?)\b/;

/** The places a remote-places field names ("Austria", "Maryland, United States"); none when it names no place. */
function remotePlacesOfMetadata(job: JsonObject): string[] {
  const places = arrayAt(job, 'metadata').flatMap((field) => {
    const name = isObject(field) ? textAt(field, 'name') : null;
    if (!isObject(field) || name === null || !REMOTE_PLACES_FIELD.test(name.toLowerCase()))
      return [];
    const values = Array.isArray(field.value) ? field.value : [field.value];
    return values.filter((value): value is string => typeof value === 'string');
  });
  const named = readPlaces(places);
  return named.countries.length > 0 || named.regions.length > 0 ? uniqueTexts(places) : [];
}

const amountOf = (text: string | undefined): number | null => {
  const value = Number((text ?? '').replace(/[^\d.]/g, ''));
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : null;
};

/**
 * A range from Greenhouse's fields, which state no period: by its size, yearly or (a contract's
 * $30 to $45) hourly.
 */
const rangeOf = (min: number | null, max: number | null, currency: unknown): Pay | null =>
  payOf(min, max, currency, periodBySize(max ?? min ?? 0));

/** "Min salary" / "Max salary" fields (the currency field if there is one). */
function payFromMetadata(fields: ReadonlyMap<string, string>): Pay | null {
  const find = (pattern: RegExp) => [...fields.entries()].find(([name]) => pattern.test(name))?.[1];
  const min = amountOf(find(/^min(?:imum)?[ _-]?(?:salary|pay|base)/));
  const max = amountOf(find(/^max(?:imum)?[ _-]?(?:salary|pay|base)/));
  if (min === null && max === null) return null;
  return rangeOf(min, max, find(/currency/) ?? 'USD');
}

/** A custom field of type currency_range ({ unit: "USD", min_value: "120000.0", ... }). */
function payFromCurrencyRange(job: JsonObject): Pay | null {
  for (const field of arrayAt(job, 'metadata')) {
    if (!isObject(field) || field.value_type !== 'currency_range') continue;
    const range = objectAt(field, 'value');
    const pay = rangeOf(
      amountOf(String(range?.min_value ?? '')),
      amountOf(String(range?.max_value ?? '')),
      textAt(range, 'unit'),
    );
    if (pay !== null) return pay;
  }
  return null;
}

/**
 * pay_input_ranges, which the job's own endpoint gives with pay_transparency=true:
 * [{ title, min_cents, max_cents, currency_type, blurb }].
 */
const payFromInputRanges = (job: JsonObject): Pay | null =>
  usPayOf(
    arrayAt(job, 'pay_input_ranges')
      .filter(isObject)
      .map((range) => ({
        title: textAt(range, 'title') ?? '',
        pay: rangeOf(
          Number(range.min_cents) / 100,
          Number(range.max_cents) / 100,
          range.currency_type,
        ),
      })),
    null,
  );

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
  const metadata = metadataOf(job);
  const remotePlaces = remotePlacesOfMetadata(job);
  return {
    title,
    company: textAt(job, 'company_name') ?? companyFromToken(board.token),
    externalId,
    locations: primary !== null ? [primary] : uniqueTexts(officeNames),
    remoteFlag: null,
    countries: [],
    // A field naming where the role may be remote from makes it remote there, beside its offices.
    workplace: workplaceOfMetadata(metadata) ?? (remotePlaces.length > 0 ? 'remote' : null),
    offices: uniqueTexts([...officeNames, ...remotePlaces]),
    remotePlaces,
    salary: null,
    pay: payFromInputRanges(job) ?? payFromCurrencyRange(job) ?? payFromMetadata(metadata),
    // "Summer Internship", "Full-Time: New Grad": read as a level field.
    level: metadata.get('employment type') ?? null,
    // The API escapes the description's HTML once more: unescape, then turn the HTML into text.
    description: content === null ? '' : htmlToText(decodeEntities(content)),
    postedAt: timeAt(job, 'first_published'),
    applyUrl,
  };
}

export const parseGreenhouseBoard = (body: unknown, board: BoardRef, seenAt: Date): BoardResult =>
  parseJobsDocument(body, draftFrom, board, seenAt);

export const fetchGreenhouseBoard: FetchBoard = jobsDocumentBoard(greenhouseJobsPath, draftFrom);

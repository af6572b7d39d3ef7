/**
 * The hand labels of the matching evaluation set (`eval/matching/labels/<api>/<board>.json`, its
 * README holds the label guide): their types, and a reader that checks every field, so a typo in a
 * label file stops the benchmark with the file and the field rather than skewing a figure.
 */
import { createHash } from 'node:crypto';
import { JOB_SOURCES, PAY_PERIODS, type JobSource, type PayPeriod } from '../server/jobs/jobRecord';

export const LABEL_REMOTE = ['remote', 'hybrid', 'onsite', 'unclear'] as const;
export type LabelRemote = (typeof LABEL_REMOTE)[number];

export const LABEL_REGIONS = [
  'americas',
  'north-america',
  'latam',
  'europe',
  'emea',
  'apac',
  'worldwide',
] as const;
export type LabelRegion = (typeof LABEL_REGIONS)[number];

export const LABEL_LEVELS = [
  'intern',
  'junior',
  'mid',
  'senior',
  'staff',
  'principal',
  'manager',
  'unknown',
] as const;
export type LabelLevel = (typeof LABEL_LEVELS)[number];

export const VISA_ANSWERS = ['yes', 'no', 'not-said'] as const;
export type VisaAnswer = (typeof VISA_ANSWERS)[number];

export interface LabelPay {
  readonly currency: string;
  readonly min: number;
  readonly max: number;
  readonly period: PayPeriod;
}

export interface PostingLabel {
  readonly id: string;
  readonly title: string;
  readonly isTech: boolean;
  readonly remote: LabelRemote;
  readonly countries: readonly string[];
  readonly regions: readonly LabelRegion[];
  readonly usStates: readonly string[];
  readonly cities: readonly string[];
  readonly openToUsBased: boolean;
  readonly level: LabelLevel;
  readonly minYears: number | null;
  readonly pay: LabelPay | null;
  readonly skillsRequired: readonly string[];
  readonly skillsNiceToHave: readonly string[];
  readonly visa: VisaAnswer;
  readonly notes: string;
}

export type Split = 'train' | 'test';

export interface BoardLabels {
  readonly source: JobSource;
  readonly token: string;
  readonly company: string;
  readonly split: Split;
  readonly postings: readonly PostingLabel[];
}

/**
 * The fixed split rule: a board is in the test split when the first hex digit of
 * sha256("<api>:<token>") is 0, 1 or 2.
 */
export function splitOf(source: JobSource, token: string): Split {
  const first = createHash('sha256').update(`${source}:${token}`).digest('hex').charAt(0);
  return '012'.includes(first) ? 'test' : 'train';
}

/** A label file that does not follow the schema: which file, which field, what is wrong. */
export class LabelError extends Error {}

type Json = Readonly<Record<string, unknown>>;

const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value);

/** Field readers that throw a LabelError naming the field. */
function fieldReader(where: string, from: Json) {
  const fail = (key: string, expected: string): never => {
    throw new LabelError(
      `${where}: "${key}" should be ${expected}, not ${JSON.stringify(from[key])}`,
    );
  };
  return {
    text: (key: string, optional = false): string => {
      const value = from[key];
      if (optional && value === undefined) return '';
      return typeof value === 'string' ? value : fail(key, 'a string');
    },
    flag: (key: string): boolean => {
      const value = from[key];
      return typeof value === 'boolean' ? value : fail(key, 'true or false');
    },
    texts: (key: string): string[] => {
      const value = from[key];
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? (value as string[])
        : fail(key, 'an array of strings');
    },
    choice: <T extends string>(key: string, allowed: readonly T[]): T => {
      const value = from[key];
      return oneOf(allowed, value) ? value : fail(key, allowed.join(' | '));
    },
    choices: <T extends string>(key: string, allowed: readonly T[]): T[] => {
      const value = from[key];
      return Array.isArray(value) && value.every((item) => oneOf(allowed, item))
        ? (value as T[])
        : fail(key, `an array of ${allowed.join(' | ')}`);
    },
    yearsOrNull: (key: string): number | null => {
      const value = from[key];
      if (value === null || value === undefined) return null;
      return typeof value === 'number' && Number.isFinite(value) && value >= 0
        ? value
        : fail(key, 'a number of years or null');
    },
    fail,
  };
}

function readPay(where: string, value: unknown): LabelPay | null {
  if (value === null) return null;
  if (!isJson(value)) throw new LabelError(`${where}: "pay" should be an object or null`);
  const field = fieldReader(`${where} pay`, value);
  const amount = (key: string): number => {
    const figure = value[key];
    return typeof figure === 'number' && Number.isFinite(figure) && figure > 0
      ? figure
      : field.fail(key, 'a positive number');
  };
  const pay = {
    currency: field.text('currency').toUpperCase(),
    min: amount('min'),
    max: amount('max'),
    period: field.choice('period', PAY_PERIODS),
  };
  if (pay.min > pay.max) field.fail('min', `at most max (${pay.max})`);
  return pay;
}

function readPosting(file: string, value: unknown, at: number): PostingLabel {
  if (!isJson(value)) throw new LabelError(`${file}: postings[${at}] should be an object`);
  const rawId = value.id;
  const id = typeof rawId === 'number' ? String(rawId) : rawId;
  const where = `${file} postings[${at}] (id ${JSON.stringify(id)})`;
  if (typeof id !== 'string' || id === '')
    throw new LabelError(`${where}: "id" should be a non-empty string`);
  const field = fieldReader(where, value);
  return {
    id,
    title: field.text('title'),
    isTech: field.flag('isTech'),
    remote: field.choice('remote', LABEL_REMOTE),
    countries: field.texts('countries').map((code) => code.toUpperCase()),
    regions: field.choices('regions', LABEL_REGIONS),
    usStates: field.texts('usStates').map((code) => code.toUpperCase()),
    cities: field.texts('cities'),
    openToUsBased: field.flag('openToUsBased'),
    level: field.choice('level', LABEL_LEVELS),
    minYears: field.yearsOrNull('minYears'),
    pay: readPay(where, value.pay),
    skillsRequired: field.texts('skillsRequired'),
    skillsNiceToHave: field.texts('skillsNiceToHave'),
    visa: field.choice('visa', VISA_ANSWERS),
    notes: field.text('notes', true),
  };
}

/**
 * One label file's content, checked. `file` names it in errors. The split is the rule's, whatever
 * the file says; a file that says otherwise is an error, so no board moves sides by hand.
 */
export function readBoardLabels(file: string, value: unknown): BoardLabels {
  if (!isJson(value)) throw new LabelError(`${file}: should be an object`);
  const field = fieldReader(file, value);
  const [source, ...rest] = field.text('board').split(':');
  const token = rest.join(':');
  if (!oneOf(JOB_SOURCES, source) || token === '')
    field.fail('board', `"<${JOB_SOURCES.join(' | ')}>:<token>"`);
  const api = source as JobSource;
  const split = splitOf(api, token);
  if (field.text('split') !== split) field.fail('split', `"${split}" by the split rule`);
  if (!Array.isArray(value.postings)) field.fail('postings', 'an array');
  const postings = (value.postings as unknown[]).map((posting, at) =>
    readPosting(file, posting, at),
  );
  const ids = new Set<string>();
  for (const posting of postings) {
    if (ids.has(posting.id)) throw new LabelError(`${file}: posting id ${posting.id} twice`);
    ids.add(posting.id);
  }
  return { source: api, token, company: field.text('company'), split, postings };
}

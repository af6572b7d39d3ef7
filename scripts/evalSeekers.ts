/**
 * The ranking evaluation's data: labelled seekers (`seekers.json`), their hand grades of every
 * posting (`relevance/<seekerId>.json`), and the pure figures of one ranked list against them.
 */
import {
  SALARY_PERIODS,
  SENIORITIES,
  US_STATE_CODES,
  type AlertProfileInput,
  type MinSalary,
  type Seniority,
  type UsCity,
  type UsStateCode,
} from '../contract';
import { regionsOfCountry } from '../server/jobs/normalise/countryRegions';
import { ndcgAt, precisionAt } from './evalRanking';
import type { PostingLabel } from './evalLabels';

export interface EvalSeeker {
  readonly id: string;
  /** ISO 3166-1 alpha-2: where the person lives (the profile's `country` when it names none). */
  readonly livesIn: string;
  readonly note: string;
  readonly profile: AlertProfileInput;
}

/** One seeker's grades, 0 (no fit) to 3 (apply at once), by `<api>:<token>:<postingId>`. */
export interface SeekerGrades {
  readonly seeker: string;
  readonly grades: ReadonlyMap<string, number>;
}

/** A posting of the evaluation set as the ranking figures see it. */
export interface RankedPosting {
  readonly key: string;
  readonly label: PostingLabel;
}

export class SeekerFileError extends Error {}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function field(object: Json, name: string, where: string): unknown {
  if (!(name in object)) throw new SeekerFileError(`${where}: ${name} is missing`);
  return object[name];
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new SeekerFileError(`${where}: expected a non-empty string`);
  return value;
}

function texts(value: unknown, where: string): string[] {
  if (!Array.isArray(value)) throw new SeekerFileError(`${where}: expected an array`);
  return value.map((item, at) => text(item, `${where}[${at}]`));
}

function flag(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') throw new SeekerFileError(`${where}: expected true or false`);
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  const found = allowed.find((option) => option === value);
  if (found === undefined)
    throw new SeekerFileError(`${where}: expected one of ${allowed.join(', ')}`);
  return found;
}

function object(value: unknown, where: string): Json {
  if (!isObject(value)) throw new SeekerFileError(`${where}: expected an object`);
  return value;
}

function minSalaryOf(value: unknown, where: string): MinSalary {
  const floor = object(value, where);
  const amount = field(floor, 'amount', where);
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)
    throw new SeekerFileError(`${where}.amount: expected a whole number above 0`);
  return {
    amount,
    currency: text(field(floor, 'currency', where), `${where}.currency`),
    period: oneOf(field(floor, 'period', where), SALARY_PERIODS, `${where}.period`),
  };
}

function profileOf(value: unknown, where: string): AlertProfileInput {
  const profile = object(value, where);
  const place = object(field(profile, 'where', where), `${where}.where`);
  const cities = field(place, 'usCities', `${where}.where`);
  if (!Array.isArray(cities))
    throw new SeekerFileError(`${where}.where.usCities: expected an array`);
  const floor = field(profile, 'minSalary', where);
  return {
    targetRoles: texts(field(profile, 'targetRoles', where), `${where}.targetRoles`),
    skills: texts(field(profile, 'skills', where), `${where}.skills`),
    where: {
      remoteUs: flag(field(place, 'remoteUs', `${where}.where`), `${where}.where.remoteUs`),
      remoteWorldwide: flag(
        field(place, 'remoteWorldwide', `${where}.where`),
        `${where}.where.remoteWorldwide`,
      ),
      usStates: texts(field(place, 'usStates', `${where}.where`), `${where}.where.usStates`).map(
        (state): UsStateCode => oneOf(state, US_STATE_CODES, `${where}.where.usStates`),
      ),
      usCities: cities.map((entry: unknown, at): UsCity => {
        const city = object(entry, `${where}.where.usCities[${at}]`);
        return {
          city: text(field(city, 'city', where), `${where}.where.usCities[${at}].city`),
          state: oneOf(
            field(city, 'state', where),
            US_STATE_CODES,
            `${where}.where.usCities[${at}].state`,
          ),
        };
      }),
    },
    seniority: oneOf<Seniority>(
      field(profile, 'seniority', where),
      SENIORITIES,
      `${where}.seniority`,
    ),
    minSalary: floor === null ? null : minSalaryOf(floor, `${where}.minSalary`),
    needsVisaSponsorship: flag(
      field(profile, 'needsVisaSponsorship', where),
      `${where}.needsVisaSponsorship`,
    ),
  };
}

/** `seekers.json` checked: `{ seekers: [{ id, livesIn, note, profile }] }`, ids unique. */
export function readSeekers(value: unknown): EvalSeeker[] {
  const list = field(object(value, 'seekers.json'), 'seekers', 'seekers.json');
  if (!Array.isArray(list)) throw new SeekerFileError('seekers.json: seekers is not an array');
  const seekers = list.map((entry: unknown, at): EvalSeeker => {
    const seeker = object(entry, `seekers[${at}]`);
    const id = text(field(seeker, 'id', `seekers[${at}]`), `seekers[${at}].id`);
    const livesIn = text(field(seeker, 'livesIn', id), `${id}.livesIn`);
    if (!/^[A-Z]{2}$/.test(livesIn))
      throw new SeekerFileError(`${id}.livesIn: expected an ISO country code`);
    return {
      id,
      livesIn,
      note: text(field(seeker, 'note', id), `${id}.note`),
      profile: profileOf(field(seeker, 'profile', id), `${id}.profile`),
    };
  });
  const ids = new Set(seekers.map((seeker) => seeker.id));
  if (ids.size !== seekers.length) throw new SeekerFileError('seekers.json: an id is repeated');
  return seekers;
}

/** `relevance/<seekerId>.json` checked: every grade an integer from 0 to 3. */
export function readGrades(value: unknown, seekerId: string): SeekerGrades {
  const where = `relevance/${seekerId}.json`;
  const file = object(value, where);
  if (field(file, 'seeker', where) !== seekerId)
    throw new SeekerFileError(`${where}: seeker is not ${seekerId}`);
  const grades = new Map<string, number>();
  for (const [key, grade] of Object.entries(object(field(file, 'grades', where), where))) {
    if (typeof grade !== 'number' || !Number.isInteger(grade) || grade < 0 || grade > 3)
      throw new SeekerFileError(`${where}: the grade of ${key} is not 0, 1, 2 or 3`);
    grades.set(key, grade);
  }
  return { seeker: seekerId, grades };
}

const cityOf = ({ city, state }: UsCity) => `${city}, ${state}, US`.toLowerCase();

/**
 * Whether a posting, as its hand label places it, lies where the seeker may work: remote open to
 * US residents for `remoteUs` (a US resident), and for one living elsewhere remote anywhere or in
 * their country or one of its regions; remote anywhere, or remote in the country the seeker lives
 * in, for `remoteWorldwide`; otherwise a named state or city of the profile.
 */
export function withinPlaces(seeker: EvalSeeker, label: PostingLabel): boolean {
  const { where } = seeker.profile;
  const remote = label.remote === 'remote';
  const anywhere =
    label.countries.length === 0 && label.regions.every((region) => region === 'worldwide');
  if (remote && where.remoteUs && seeker.livesIn === 'US' && label.openToUsBased) return true;
  const regions = regionsOfCountry(seeker.livesIn);
  if (
    remote &&
    where.remoteUs &&
    seeker.livesIn !== 'US' &&
    (anywhere ||
      label.countries.includes(seeker.livesIn) ||
      label.regions.some((region) => regions.includes(region)))
  )
    return true;
  if (remote && where.remoteWorldwide && (anywhere || label.countries.includes(seeker.livesIn)))
    return true;
  if (label.usStates.some((state) => where.usStates.some((wanted) => wanted === state)))
    return true;
  const cities = new Set(label.cities.map((city) => city.toLowerCase()));
  return where.usCities.some((city) => cities.has(cityOf(city)));
}

/** A grade of 2 or 3 counts as relevant for precision. */
export const RELEVANT_FROM = 2;

export interface RankingFigures {
  /** Postings in the product's list. */
  readonly listed: number;
  /** Postings graded 2 or 3 among all those considered, and how many of them the list holds. */
  readonly relevant: number;
  readonly relevantListed: number;
  /** Null when nothing is graded above 0 (no order can be better or worse). */
  readonly ndcg10: number | null;
  readonly precision5: number;
  /** The most P@5 any order could reach: fewer than five relevant postings cap it. */
  readonly bestPrecision5: number;
  readonly gradeZeroInTop10: number;
  readonly outsidePlacesListed: number;
}

/**
 * The figures of one ranked list against the grades of the postings considered (`pool`: every
 * posting the product could have listed). Keys outside the pool are not counted.
 */
export function rankingFigures(
  ranked: readonly string[],
  pool: readonly RankedPosting[],
  grades: ReadonlyMap<string, number>,
  seeker: EvalSeeker,
): RankingFigures {
  const inPool = new Map(pool.map((posting) => [posting.key, posting]));
  const list = ranked.filter((key) => inPool.has(key));
  const poolGrades = new Map(pool.map(({ key }) => [key, grades.get(key) ?? 0]));
  const gradeOf = (key: string) => poolGrades.get(key) ?? 0;
  const relevant = pool.filter(({ key }) => gradeOf(key) >= RELEVANT_FROM).length;
  const anyGraded = [...poolGrades.values()].some((grade) => grade > 0);
  return {
    listed: list.length,
    relevant,
    relevantListed: list.filter((key) => gradeOf(key) >= RELEVANT_FROM).length,
    ndcg10: anyGraded ? ndcgAt(10, list, poolGrades) : null,
    precision5: precisionAt(5, list, poolGrades, RELEVANT_FROM),
    bestPrecision5: Math.min(relevant, 5) / 5,
    gradeZeroInTop10: list.slice(0, 10).filter((key) => gradeOf(key) === 0).length,
    outsidePlacesListed: list.filter((key) => {
      const posting = inPool.get(key);
      return posting !== undefined && !withinPlaces(seeker, posting.label);
    }).length,
  };
}

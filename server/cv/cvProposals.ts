import {
  CV_PROPOSAL_LIMITS,
  type CvProposals,
  type Seniority,
  type UsCity,
  type UsStateCode,
} from '../../contract';
import type { Seniority as JobSeniority } from '../jobs/jobRecord';
import { readPlaces } from '../jobs/normalise/places';
import { seniorityOf } from '../jobs/normalise/seniority';
import { minYearsFrom } from '../jobs/normalise/yearsAsked';
import { isPostingSkill } from '../skills/postingSkills';
import { findSkills } from '../skills/skillVocabulary';
import {
  byRecency,
  findCvTitles,
  FIRST_SECTION,
  keyOf,
  MAX_SHORT_LINE,
  type CvTitle,
} from './cvTitles';

/**
 * What a CV's text suggests for the profile: its roles, skills, level and places, read with the
 * rules that read postings (seniority.ts, places.ts, the skill vocabulary), so the profile the CV
 * proposes is one the matching understands.
 */

/** Lines read: a CV is a few pages; past this is not a CV's shape and adds nothing. */
const MAX_LINES = 1_000;
/** Characters read: about fifteen pages, and a bound on the work a hostile text can ask for. */
const MAX_CHARS = 60_000;
/** The header (name, contact, home) is in the first lines, before the first dated role. */
const HEADER_LINES = 8;
/** Cities proposed at most: where the person lives, not every office they worked at. */
const MAX_CITIES = 3;
/** A line outside any role (summary, skills list) counts this much; a role's by its recency. */
const OUTSIDE_ROLE_WEIGHT = 0.5;

/** Between the parts of a contact line: "Austin, TX · jane@example.com | 555-0100". */
const CONTACT_SEPARATOR = /\s*[|·•]\s*|\s+[-–—]\s+/;
const ZIP_CODE = /\b\d{5}(?:-\d{4})?\b/g;

const REMOTE = /\b(?:remote|remotely|work(?:ing)? from home|wfh)\b/i;

/** A job level as a seeker's: a staff or principal engineer looks for lead posts. */
const SEEKER_LEVEL: Readonly<Record<JobSeniority, Seniority | null>> = {
  intern: 'intern',
  junior: 'junior',
  mid: 'mid',
  senior: 'senior',
  staff: 'lead',
  principal: 'lead',
  lead: 'lead',
  unknown: null,
};

export const NO_PROPOSALS: CvProposals = {
  targetRoles: [],
  skills: [],
  seniority: null,
  usStates: [],
  usCities: [],
  remote: false,
};

/** The kinds of work, the most recent first, each once whatever its case. */
function rolesOf(recent: readonly CvTitle[]): string[] {
  const seen = new Map<string, string>();
  for (const { role } of recent) {
    const key = keyOf(role);
    if (!seen.has(key)) seen.set(key, role);
  }
  return [...seen.values()].slice(0, CV_PROPOSAL_LIMITS.targetRoles);
}

/**
 * Skills by relevance: those of the most recent role first, then by how often the CV names them,
 * a line counting more the more recent its role, then by where they first appear.
 */
function skillsOf(lines: readonly string[], recent: readonly CvTitle[]): string[] {
  const rankOfLine = new Map<number, number>();
  recent.forEach((title, rank) => {
    for (let at = title.line; at < title.blockEnd; at += 1)
      if (!rankOfLine.has(at)) rankOfLine.set(at, rank);
  });
  const scores = new Map<string, { score: number; first: number; latest: boolean }>();
  lines.forEach((line, at) => {
    const rank = rankOfLine.get(at);
    const weight = rank === undefined ? OUTSIDE_ROLE_WEIGHT : 1 / (rank + 1);
    for (const skill of findSkills(line)) {
      if (!isPostingSkill(skill)) continue;
      const entry = scores.get(skill) ?? { score: 0, first: at, latest: false };
      entry.score += weight;
      entry.latest ||= rank === 0;
      scores.set(skill, entry);
    }
  });
  return [...scores.entries()]
    .sort(
      ([, a], [, b]) =>
        Number(b.latest) - Number(a.latest) || b.score - a.score || a.first - b.first,
    )
    .slice(0, CV_PROPOSAL_LIMITS.skills)
    .map(([skill]) => skill);
}

/** Years from the first year to the last written beside the titles ("Present" is this year). */
function yearsWorked(titles: readonly CvTitle[], thisYear: number): number | null {
  const since = titles.flatMap((title) => (title.since === null ? [] : [title.since]));
  const until = titles.flatMap((title) =>
    title.until === null ? [] : [Math.min(title.until, thisYear)],
  );
  if (since.length === 0 || until.length === 0) return null;
  const years = Math.max(...until) - Math.min(...since);
  return years > 0 ? years : null;
}

/**
 * The level the most recent title states, as a posting's title is read; else (or for a numbered
 * title, "Engineer II") the years of experience the CV states or its dates span.
 */
function seniorityFrom(text: string, recent: readonly CvTitle[], thisYear: number) {
  const years = minYearsFrom(text) ?? yearsWorked(recent, thisYear);
  return SEEKER_LEVEL[seniorityOf(recent[0]?.title ?? '', years, null)];
}

/** The US cities and states named in the header, as a seeker names them. */
function placesOf(header: readonly string[]): Pick<CvProposals, 'usStates' | 'usCities'> {
  const cities: UsCity[] = [];
  const states = new Set<UsStateCode>();
  for (const line of header) {
    const parts = line.replace(ZIP_CODE, ' ').split(CONTACT_SEPARATOR);
    const reading = readPlaces(parts, [], ['US']);
    for (const label of reading.cities) {
      const [city, state, country] = label.split(', ');
      const code = reading.usStates.find((known) => known === state);
      if (country !== 'US' || city === undefined || code === undefined) continue;
      if (!cities.some((known) => known.city === city && known.state === code))
        cities.push({ city, state: code });
    }
    for (const state of reading.usStates) states.add(state);
  }
  // A state is proposed only where it is named without a city: a city's state is wider than asked.
  for (const { state } of cities) states.delete(state);
  return { usStates: [...states], usCities: cities.slice(0, MAX_CITIES) };
}

/** What the CV suggests for the profile; nothing found gives empty lists and no level. */
export function proposeFromCv(text: string, now = new Date()): CvProposals {
  const lines = text
    .slice(0, MAX_CHARS)
    .split('\n')
    .slice(0, MAX_LINES)
    .map((line) => line.trim());
  if (lines.every((line) => line === '')) return NO_PROPOSALS;
  const titles = findCvTitles(lines);
  const recent = byRecency(titles);
  const firstDated = titles.find((title) => title.until !== null)?.line ?? lines.length;
  const firstSection = lines.findIndex((line) => FIRST_SECTION.test(line));
  const header = lines
    .slice(0, Math.min(HEADER_LINES, firstDated, firstSection < 0 ? lines.length : firstSection))
    .filter((line) => line.length <= MAX_SHORT_LINE);
  return {
    targetRoles: rolesOf(recent),
    skills: skillsOf(lines, recent),
    seniority: seniorityFrom(text, recent, now.getUTCFullYear()),
    ...placesOf(header),
    remote: REMOTE.test(text),
  };
}

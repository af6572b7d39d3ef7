import {
  DEFAULT_RESIDENCE,
  type JobMatch,
  type MatchReason,
  type MinSalary,
  type SalaryRange,
} from '../../contract';
import type { VisaSponsorship } from '../jobs/jobRecord';
import { residenceOf } from '../jobs/store/remoteAreas';
import { basesOf, knownThrough } from '../skills/skillBases';
import { skillAsks } from './skillAsks';
import type { CandidateJob } from './candidateJobs';
import { LOCATION_RULE } from './locationRule';
import { currencyName, money, payFit, yearlyFloor, type PayFit } from './payFit';
import type { Seeker } from './seeker';
import { seniorityFit, type SeniorityFit } from './seniorityFit';

/**
 * The most each aspect adds to a score out of 100. The title outweighs the skills: it says what the
 * work is, so a target role's title asking none of the seeker's skills fits better than another
 * kind of work sharing their stack.
 */
export const MATCH_POINTS = { skills: 30, title: 40, location: 10, seniority: 10, salary: 10 };

/**
 * Shared skills that earn all the skills' points: a seeker who has this many of a long list fits as
 * well as one who has all of a short one, so a posting naming many skills does not drown them.
 */
export const SKILLS_FOR_FULL_POINTS = 5;

const list = (names: readonly string[]) => names.join(', ');

/**
 * The skills that make a full fit: as many as the longer of the seeker's list and the job's required
 * ones, at most SKILLS_FOR_FULL_POINTS. So the share is of the seeker's fit, not diluted by a long
 * list of the job's, and one skill in common is a full fit neither for a seeker of many skills on a
 * job naming one, nor for a seeker naming one on a job asking many.
 */
export const fullFit = (seekerSkills: number, requiredSkills: number) =>
  Math.min(Math.max(seekerSkills, requiredSkills), SKILLS_FOR_FULL_POINTS);

/** A job's skills against the seeker's. */
export interface SkillFit {
  /** Those it requires that the seeker knows (they name it, or a skill built on it). */
  readonly required: readonly string[];
  /** Those it would like (nice to have) that the seeker knows. */
  readonly nice: readonly string[];
  /** Those it requires that the seeker does not know but knows what they are built on. */
  readonly partly: readonly string[];
  /** What `partly` is built on that the seeker knows (React for Next.js). */
  readonly bases: readonly string[];
  /** Those it requires that the seeker lacks (`partly` too); a nice-to-have is never missing. */
  readonly missing: readonly string[];
  /** The shared skills in halves: a required one counts two, a nice-to-have or `partly` one. */
  readonly halves: number;
  /** `fullFit` of the seeker's skills and the job's required ones. */
  readonly full: number;
}

const lower = (name: string) => name.toLowerCase();

export function skillFit(
  seekerSkills: readonly string[],
  job: Pick<CandidateJob, 'skills' | 'niceSkills'>,
): SkillFit {
  const have = new Set(seekerSkills.map(lower));
  const shows = (names: readonly string[]) => names.some((name) => have.has(lower(name)));
  const asks = skillAsks(job);
  const knows = asks.filter((ask) => shows(ask.known));
  const lacks = asks.filter((ask) => !ask.nice && !shows(ask.known));
  const partly = lacks.filter((ask) => shows(ask.partly)).map((ask) => ask.skill);
  const required = knows.filter((ask) => !ask.nice).map((ask) => ask.skill);
  const nice = knows.filter((ask) => ask.nice).map((ask) => ask.skill);
  const bases = partly.flatMap((skill) =>
    basesOf(skill).filter((base) => shows(knownThrough([base]))),
  );
  return {
    required,
    nice,
    partly,
    bases: [...new Set(bases)],
    missing: lacks.map((ask) => ask.skill),
    halves: 2 * required.length + nice.length + partly.length,
    full: fullFit(seekerSkills.length, asks.filter((ask) => !ask.nice).length),
  };
}

/**
 * The skills' points: the shared skills' share of a full fit, a nice-to-have, or a required skill
 * known only by what it is built on, counting half a required one; whole points.
 */
export const skillPoints = ({ halves, full }: Pick<SkillFit, 'halves' | 'full'>): number =>
  full === 0 ? 0 : Math.round((MATCH_POINTS.skills * Math.min(halves, 2 * full)) / (2 * full));

/**
 * Whether a job is worth listing: its title is (or is near) a target role, or it shares at least two
 * thirds of a full fit, as much as a job must share to alert without a title (20 of the skills' 30
 * points): alerts stay among the matches, and other work sharing a skill or two is not offered.
 */
export const worthListing = (match: Pick<JobMatch, 'reasons'>, fit: SkillFit) =>
  match.reasons.some((reason) => reason.kind === 'title' && reason.matchedRole !== null) ||
  (fit.halves > 0 && 3 * Math.min(fit.halves, 2 * fit.full) >= 4 * fit.full);

/** How a title suits the target roles: one of them, a neighbouring kind of work, or neither. */
export type TitleFit = 'role' | 'near' | 'none';

/** The title's points: all for a target role, half for work next to one, none otherwise. */
export const TITLE_POINTS: Readonly<Record<TitleFit, number>> = {
  role: MATCH_POINTS.title,
  near: MATCH_POINTS.title / 2,
  none: 0,
};

/** The pay's points: all of them when the posting states pay (a floor it misses is filtered out). */
export const salaryPoints = (stated: boolean) =>
  stated ? MATCH_POINTS.salary : MATCH_POINTS.salary / 2;

/** A count in words for one, in figures above. */
const count = (items: readonly unknown[]) => (items.length === 1 ? 'one' : String(items.length));

function skillsReason(job: CandidateJob, fit: SkillFit): MatchReason & { kind: 'skills' } {
  const partly =
    fit.partly.length === 0 ? '' : `${list(fit.partly)}, built on your ${list(fit.bases)}`;
  const asks =
    fit.required.length > 0
      ? `It asks for ${count(fit.required)} of your skills: ${list(fit.required)}` +
        (partly === '' ? '.' : `; and ${partly}.`)
      : partly === ''
        ? 'It asks for none of your skills.'
        : `It asks for ${partly}.`;
  // What the seeker lacks is not a reason: it is the match's own list (`missing`), shown apart.
  const text =
    job.skills.length === 0
      ? 'The posting names no skills we know.'
      : asks + (fit.nice.length > 0 ? ` It would like ${list(fit.nice)} as well.` : '');
  return {
    kind: 'skills',
    covered: [...new Set([...fit.required, ...fit.nice, ...fit.bases])],
    missing: [...fit.missing],
    points: skillPoints(fit),
    text,
  };
}

/**
 * Whether a title next to a target role counts: only when the job shares a skill with the seeker or
 * names none we know. Work next to theirs in a stack they have none of (a back-end job for a
 * front-end engineer, an embedded one for a Java developer) is no fit.
 */
export const nearTitleCounts = (job: Pick<CandidateJob, 'skills'>, fit: Pick<SkillFit, 'halves'>) =>
  job.skills.length === 0 || fit.halves > 0;

function titleReason(
  job: Pick<CandidateJob, 'matchedRole' | 'nearRole' | 'skills'>,
  fit: SkillFit,
): MatchReason {
  if (job.matchedRole !== null)
    return {
      kind: 'title',
      matchedRole: job.matchedRole,
      points: TITLE_POINTS.role,
      text: `The title matches your target role "${job.matchedRole}".`,
    };
  if (job.nearRole !== null && nearTitleCounts(job, fit))
    return {
      kind: 'title',
      matchedRole: job.nearRole,
      points: TITLE_POINTS.near,
      text: `The title is work next to your target role "${job.nearRole}".`,
    };
  return {
    kind: 'title',
    matchedRole: null,
    points: TITLE_POINTS.none,
    text: 'The title is none of your target roles.',
  };
}

function locationReason(job: CandidateJob, abroad: boolean): MatchReason {
  const locations = [...job.locations];
  const points = MATCH_POINTS.location;
  // Outside the US a remote job other than from anywhere is a candidate by the seeker's region; in
  // it, a job remote only in some states is one by the seeker's state: remote, not on site.
  const byRegion = abroad
    ? job.usEligibility !== 'remote-worldwide'
    : LOCATION_RULE[job.usEligibility].remoteInCityStates;
  if (job.remote && byRegion)
    return {
      kind: 'location',
      fit: 'remote-region',
      locations,
      points,
      text: 'Remote, open to where you live.',
    };
  if (job.usEligibility === 'remote-worldwide')
    return {
      kind: 'location',
      fit: 'remote-worldwide',
      locations,
      points,
      text: 'Remote from anywhere.',
    };
  if (job.usEligibility === 'remote-us')
    return { kind: 'location', fit: 'remote-us', locations, points, text: 'Remote in the US.' };
  return {
    kind: 'location',
    fit: 'on-site',
    locations,
    points,
    text: `On site in ${list(locations)}, where you want to work.`,
  };
}

/** The level's points by how well it suits the seeker's. */
export const SENIORITY_POINTS: Readonly<Record<SeniorityFit, number>> = {
  same: MATCH_POINTS.seniority,
  near: MATCH_POINTS.seniority / 2,
  'not-stated': MATCH_POINTS.seniority / 2,
};

const SENIORITY_TEXT: Readonly<Record<SeniorityFit, (level: string) => string>> = {
  same: (level) => `A ${level} role, your level.`,
  near: (level) => `A ${level} role, next to your level.`,
  'not-stated': () => 'The title states no level.',
};

function seniorityReason(seeker: Seeker, job: CandidateJob): MatchReason {
  // Candidates are only the levels a seeker accepts, so null never comes here.
  const fit = seniorityFit(seeker.profile.seniority, job.seniority) ?? 'near';
  return {
    kind: 'seniority',
    fit,
    jobSeniority: job.seniority,
    points: SENIORITY_POINTS[fit],
    text: SENIORITY_TEXT[fit](job.seniority),
  };
}

const PER_PERIOD: Readonly<Record<MinSalary['period'], string>> = {
  year: 'a year',
  month: 'a month',
  hour: 'an hour',
};

/** What the pay reason says after the stated range, by how it stands against the floor. */
function floorText(fit: PayFit, pay: SalaryRange, floor: MinSalary | null): string {
  if (floor === null) return '.';
  const minimum = `your minimum of ${money(floor.amount, floor.currency)} ${PER_PERIOD[floor.period]}`;
  switch (fit) {
    case 'meets-floor':
      return `, ${pay.min >= yearlyFloor(floor) ? 'all of it at or above' : 'its top reaching'} ${minimum}.`;
    case 'below-floor':
      return `, below ${minimum}.`;
    case 'other-currency':
      return `; your minimum is in ${currencyName(floor.currency)}.`;
    default:
      return '.';
  }
}

function salaryReason(floor: MinSalary | null, salary: SalaryRange | null): MatchReason {
  const points = salaryPoints(salary !== null);
  const fit = payFit(floor, salary);
  if (salary === null)
    return {
      kind: 'salary',
      fit: 'not-stated',
      salary,
      points,
      text: 'The posting states no pay.',
    };
  // One figure ("Base salary: $51,000") reads as one, not as "$51,000–$51,000".
  const toMax = salary.max === salary.min ? '' : `–${money(salary.max, salary.currency)}`;
  const range = `${money(salary.min, salary.currency)}${toMax} a year`;
  return {
    kind: 'salary',
    fit,
    salary,
    points,
    text: `Pays ${range}${floorText(fit, salary, floor)}`,
  };
}

const VISA_REASONS: Record<VisaSponsorship, MatchReason & { kind: 'visa' }> = {
  yes: { kind: 'visa', fit: 'sponsors', points: 0, text: 'The posting says it sponsors visas.' },
  no: {
    kind: 'visa',
    fit: 'does-not-sponsor',
    points: 0,
    text: 'The posting says it does not sponsor visas.',
  },
  'not-said': {
    kind: 'visa',
    fit: 'unknown',
    points: 0,
    text: 'The posting does not say whether it sponsors visas.',
  },
};

function visaReason(needsVisa: boolean, job: Pick<CandidateJob, 'visa'>): MatchReason {
  return needsVisa
    ? VISA_REASONS[job.visa]
    : { kind: 'visa', fit: 'not-needed', points: 0, text: 'You need no visa sponsorship.' };
}

/** The pay the job states as yearly figures in its currency, or null when it states no full range. */
export const statedSalary = (
  job: Pick<CandidateJob, 'salaryCurrency' | 'salaryMinYearly' | 'salaryMaxYearly'>,
): SalaryRange | null =>
  job.salaryCurrency === null || job.salaryMinYearly === null || job.salaryMaxYearly === null
    ? null
    : { currency: job.salaryCurrency, min: job.salaryMinYearly, max: job.salaryMaxYearly };

/** A candidate job scored for the seeker, with a reason for every aspect. */
export function scoreMatch(seeker: Seeker, job: CandidateJob): JobMatch {
  const salary = statedSalary(job);
  const fit = skillFit(seeker.skills, job);
  const skills = skillsReason(job, fit);
  const reasons = [
    skills,
    titleReason(job, fit),
    locationReason(job, residenceOf(seeker.profile.where) !== DEFAULT_RESIDENCE),
    seniorityReason(seeker, job),
    salaryReason(seeker.profile.minSalary, salary),
    visaReason(seeker.profile.needsVisaSponsorship, job),
  ];
  return {
    jobId: job.id,
    title: job.title,
    company: job.company,
    locations: [...job.locations],
    remote: job.remote,
    usEligibility: job.usEligibility,
    seniority: job.seniority,
    salary,
    score: reasons.reduce((sum, reason) => sum + reason.points, 0),
    reasons,
    coveredSkills: skills.covered,
    missingSkills: skills.missing,
    postedAt: job.postedAt?.toISOString() ?? null,
    firstSeenAt: job.firstSeenAt.toISOString(),
    applyUrl: job.applyUrl,
  };
}

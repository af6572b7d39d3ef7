import {
  and,
  arrayOverlaps,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { SENIORITIES } from '../../src/backendApi';
import type { Database } from '../db/database';
import { jobs, profiles } from '../db/schema';
import type { Seniority as JobSeniority, UsEligibility } from '../jobs/jobRecord';
import type { CandidateJob } from '../matching/candidateJobs';
import { MATCH_POINTS, scoreMatch } from '../matching/scoreMatch';
import { acceptedJobLevels } from '../matching/seniorityFit';
import { toAlertProfile } from '../profile/profileStore';

/**
 * The least score (out of 100) that makes an alert: half the points. A posting reaches it with the
 * title of a target role where the seeker wants to work, at their level, with pay stated (20 + 10
 * + 10 + 10), or with about half its skills covered (a share of 50) and the rest fitting; a posting
 * that merely passes the filters (one popular skill of many, on-site in the right state) does not
 * interrupt anyone. `GET /v1/matches` still lists those.
 */
export const MIN_ALERT_SCORE = 50;

/**
 * What a profile scores with neither a shared skill nor a title match: less than the minimum, so
 * the lookup needs only those two ways in (skill overlap, title term overlap), both on GIN
 * indexes. A role found in the description alone (which matching's filter accepts) never alerts.
 */
export const SCORE_WITHOUT_SKILL_OR_TITLE =
  MATCH_POINTS.location + MATCH_POINTS.seniority + MATCH_POINTS.salary;

/** A profile a posting fits, and its score. */
export interface ProfileFit {
  readonly uid: string;
  readonly score: number;
}

/** The seeker levels that accept a job of this level: matching's rule (acceptedJobLevels) read backwards. */
export const seekerLevelsFor = (job: JobSeniority) =>
  SENIORITIES.filter((seeker) => acceptedJobLevels(seeker).includes(job));

/**
 * Matching's location rule (candidateJobs) read from the job's side: remote from anywhere suits
 * either remote choice, remote in the US suits remote in the US, and an on-site or remote-US job
 * suits the profiles naming one of its states or cities. Null: nobody (not from the US).
 */
function profilesWhereJobIs(eligibility: UsEligibility, places: readonly string[]): SQL | null {
  const inPlaces =
    places.length > 0 && (eligibility === 'us' || eligibility === 'remote-us')
      ? arrayOverlaps(profiles.usPlaces, [...places])
      : null;
  const remote =
    eligibility === 'remote-worldwide'
      ? or(eq(profiles.remoteUs, true), eq(profiles.remoteWorldwide, true))
      : eligibility === 'remote-us'
        ? eq(profiles.remoteUs, true)
        : null;
  const fits = [remote, inPlaces].filter((fit) => fit != null);
  return fits.length === 0 ? null : (or(...fits) ?? null);
}

/**
 * The fewest shared skills with which a profile whose title does not match can still reach the
 * minimum: the skills' points are at most their share of `MATCH_POINTS.skills` (plus rounding),
 * the other aspects at most `SCORE_WITHOUT_SKILL_OR_TITLE`. A bound only: scoreMatch decides.
 */
export function fewestSharedSkills(jobSkillCount: number): number {
  const pointsNeeded = MIN_ALERT_SCORE - SCORE_WITHOUT_SKILL_OR_TITLE - 0.5;
  return Math.max(1, Math.ceil((pointsNeeded * jobSkillCount) / MATCH_POINTS.skills));
}

/**
 * Shares enough skills with the job to reach the minimum (GIN overlap, then the count), or names
 * a role whose telling word is in its title (GIN overlap).
 */
function mayBeRelevant(skills: readonly string[], titleTerms: readonly string[]): SQL | null {
  const shared = sql.param([...skills], profiles.matchSkills);
  const fewest = fewestSharedSkills(skills.length);
  const either = [
    skills.length > 0
      ? and(
          arrayOverlaps(profiles.matchSkills, [...skills]),
          fewest > 1
            ? sql`cardinality(array(select unnest(${profiles.matchSkills}) intersect select unnest(${shared}::text[]))) >= ${fewest}`
            : undefined,
        )
      : null,
    titleTerms.length > 0 ? arrayOverlaps(profiles.roleTerms, [...titleTerms]) : null,
  ].filter((condition) => condition != null);
  return either.length === 0 ? null : (or(...either) ?? null);
}

/** The posting, open, as scoring reads it, and its title's lexemes; null when closed or unknown. */
export async function readOpenJob(db: Database, jobId: number) {
  const [job] = await db
    .select({
      ...getTableColumns(jobs),
      titleTerms: sql<string[]>`tsvector_to_array(ts_filter(${jobs.search}, '{a}'))`,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), isNull(jobs.closedAt)));
  return job ?? null;
}

export type OpenJob = NonNullable<Awaited<ReturnType<typeof readOpenJob>>>;

/**
 * The query for the profiles the job may fit (before scoring), or null when it fits nobody:
 * a shared skill or title term (GIN), a place (GIN) or remote choice, an accepted level, no floor
 * above its pay.
 */
export function fittingProfilesQuery(db: Database, job: OpenJob) {
  const location = profilesWhereJobIs(job.usEligibility, job.usPlaces);
  const relevant = mayBeRelevant(job.skills, job.titleTerms);
  if (location === null || relevant === null) return null;
  const { salaryMaxUsd } = job;
  return db
    .select()
    .from(profiles)
    .where(
      and(
        relevant,
        location,
        inArray(profiles.seniority, seekerLevelsFor(job.seniority)),
        salaryMaxUsd === null
          ? undefined
          : or(isNull(profiles.minSalaryUsd), lte(profiles.minSalaryUsd, salaryMaxUsd)),
      ),
    );
}

/** Of these target roles, the ones the job's title matches (all their words in the title). */
async function rolesInTitle(
  db: Database,
  jobId: number,
  roles: readonly string[],
): Promise<Set<string>> {
  if (roles.length === 0) return new Set();
  const title = sql`(select ts_filter(${jobs.search}, '{a}') from ${jobs} where ${jobs.id} = ${jobId})`;
  const rows = await db
    .select({ role: sql<string>`role` })
    .from(sql`unnest(${sql.param([...roles], profiles.targetRoles)}::text[]) as role`)
    .where(sql`${title} @@ plainto_tsquery('english', role)`);
  return new Set(rows.map((row) => row.role));
}

/**
 * The profiles a new posting fits, found through the profiles' GIN indexes (skills, title terms,
 * places), never a scan of every profile: filtered by matching's rules (location, level, pay),
 * then each scored by `scoreMatch` exactly as `GET /v1/matches` scores it, keeping those at
 * `MIN_ALERT_SCORE` or more. A closed or unknown posting fits nobody.
 */
export async function profilesForJob(db: Database, jobId: number): Promise<ProfileFit[]> {
  const job = await readOpenJob(db, jobId);
  const query = job === null ? null : fittingProfilesQuery(db, job);
  if (job === null || query === null) return [];
  const rows = await query;
  const titleRoles = await rolesInTitle(db, jobId, [
    ...new Set(rows.flatMap((row) => row.targetRoles)),
  ]);
  return rows.flatMap((row) => {
    const matchedRole = row.targetRoles.find((role) => titleRoles.has(role)) ?? null;
    const candidate: CandidateJob = { ...job, matchedRole };
    const { score } = scoreMatch(
      { profile: toAlertProfile(row), skills: row.matchSkills },
      candidate,
    );
    return score >= MIN_ALERT_SCORE ? [{ uid: row.uid, score }] : [];
  });
}

import {
  and,
  arrayOverlaps,
  asc,
  desc,
  type Column,
  eq,
  inArray,
  isNull,
  lte,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { companyKey, DEFAULT_RESIDENCE, SENIORITIES, type ProfileSlot } from '../../contract';
import type { Database, Transaction } from '../db/database';
import { jobs, profiles } from '../db/schema';
import { hiddenCompanies, matchActions } from '../db/matchActionTables';
import type { Seniority as JobSeniority } from '../jobs/jobRecord';
import { isStateKey, stateKeySql } from '../jobs/store/usPlaces';
import { LOCATION_RULE, remoteChoicesAbroad, type RemoteChoice } from '../matching/locationRule';
import {
  MATCH_POINTS,
  SENIORITY_POINTS,
  salaryPoints,
  SKILLS_FOR_FULL_POINTS,
  statedSalary,
  TITLE_POINTS,
} from '../matching/scoreMatch';
import { followModeAdmits } from '../matching/following';
import { skillAsks, skillsMeetingAny, type SkillAsk } from '../matching/skillAsks';
import { acceptedJobLevels, asksForManagers, seniorityFit } from '../matching/seniorityFit';
import { titleTermsWithSpellings } from '../matching/roleWords';
import { jobTitle, titleMatchesRole, titleNearRole, titleOfJob } from '../matching/titleRole';

/**
 * The least score (out of 100) that makes an alert: half the points. A posting reaches it with the
 * title of a target role where the seeker wants to work (40 + 10), or with two thirds of its
 * skills covered (20 of 30) and the rest fitting; a posting
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

/** A user a posting fits: the best score among their active profiles, and that profile's slot. */
export interface ProfileFit {
  readonly uid: string;
  readonly slot: ProfileSlot;
  readonly score: number;
}

/** The seeker levels that accept a job of this level: matching's rule (acceptedJobLevels) read backwards. */
export const seekerLevelsFor = (job: JobSeniority) =>
  SENIORITIES.filter((seeker) => acceptedJobLevels(seeker).includes(job));

const REMOTE_COLUMNS: Readonly<Record<RemoteChoice, Column>> = {
  remoteUs: profiles.remoteUs,
  remoteWorldwide: profiles.remoteWorldwide,
};

const inUs = eq(profiles.country, DEFAULT_RESIDENCE);

/**
 * A remote choice that accepts the job: by its US eligibility for a US resident, and for everyone
 * else only where that holds outside the US too (remote from anywhere).
 */
function byRemoteChoice(job: OpenJob, choice: RemoteChoice): SQL | undefined {
  const chosen = eq(REMOTE_COLUMNS[choice], true);
  return remoteChoicesAbroad(job.usEligibility).includes(choice) ? chosen : and(chosen, inUs);
}

/**
 * A remote job of a kind that suits the seekers in its states' cities (`remoteInCityStates`): the
 * profiles naming a city in one of them ("OR/portland" for "OR"), as matching's `statesOfCities` reads them.
 */
function inCityOfStates(job: OpenJob): SQL | null {
  const states = job.usPlaces.filter(isStateKey);
  if (!job.remote || !LOCATION_RULE[job.usEligibility].remoteInCityStates || states.length === 0)
    return null;
  return sql`exists (select 1 from unnest(${profiles.usPlaces}) as place where ${stateKeySql(sql`place`)} = any(${sql.param(states, profiles.usPlaces)}::text[]))`;
}

/** Matching's location rule (`LOCATION_RULE`) read from the job's side; null: it suits nobody. */
function profilesWhereJobIs(job: OpenJob): SQL | null {
  const rule = LOCATION_RULE[job.usEligibility];
  const fits = [
    ...rule.remoteChoices.map((choice) => byRemoteChoice(job, choice)),
    job.remoteAreas.length > 0 ? arrayOverlaps(profiles.remoteAreas, [...job.remoteAreas]) : null,
    rule.inPlaces && job.usPlaces.length > 0
      ? arrayOverlaps(profiles.usPlaces, [...job.usPlaces])
      : null,
    inCityOfStates(job),
  ].filter((fit) => fit != null);
  return fits.length === 0 ? null : (or(...fits) ?? null);
}

/** A whole number of points as SQL (they are computed here from `MATCH_POINTS`, never input). */
function points(value: number): SQL {
  if (!Number.isInteger(value)) throw new Error(`Points must be whole numbers, not ${value}.`);
  return sql.raw(String(value));
}

/**
 * Whether the profile holds any of these skills, tested row by row; finding the candidates is the
 * overlaps' job (`&&`, on the GIN index).
 */
function holdsAny(names: readonly string[]): SQL {
  const [only] = names;
  return names.length === 1 && only !== undefined
    ? sql`(${only}::text = any(${profiles.matchSkills}))`
    : sql`(${arrayOverlaps(profiles.matchSkills, [...names])})`;
}

/** The halves one ask gives, as `skillFit` counts them: 2 known and required, 1 nice or partly. */
function askHalves(ask: SkillAsk): SQL {
  if (ask.nice) return sql`${holdsAny(ask.known)}::int`;
  if (ask.partly.length === 0) return sql`2 * ${holdsAny(ask.known)}::int`;
  return sql`case when ${holdsAny(ask.known)} then 2 when ${holdsAny(ask.partly)} then 1 else 0 end`;
}

/**
 * The skills' points as `skillPoints` counts them, in SQL on the profile's skills: the shared
 * skills in halves (`askHalves`) over a full fit (the longer of the profile's list and the job's
 * required skills, at most SKILLS_FOR_FULL_POINTS), rounded as Math.round rounds (a half, as 30
 * over 4 halves can give, goes up in both).
 */
function skillPointsSql(asks: readonly SkillAsk[]): SQL {
  if (asks.length === 0) return points(0);
  const halves = sql.join(asks.map(askHalves), sql` + `);
  const required = asks.filter((ask) => !ask.nice).length;
  const full = sql`least(greatest(cardinality(${profiles.matchSkills}), ${points(required)}), ${points(SKILLS_FOR_FULL_POINTS)})`;
  return sql`coalesce(round(${points(MATCH_POINTS.skills)}.0 * least(${halves}, 2 * ${full}) / nullif(2 * ${full}, 0))::int, 0)`;
}

/**
 * The profile's score on this job apart from the title, exactly as `scoreMatch` counts it, as SQL
 * on the profile's columns: the skills' share of the profile's fit (`skillPointsSql`), and the
 * level's points for each seeker level it suits (scoring's own function, tabulated for this job),
 * so the rules stay in scoreMatch. Location and pay are the same for every profile that passes the
 * filters.
 */
function scoreWithoutTitle(job: OpenJob, asks: readonly SkillAsk[]): SQL {
  const levels = seekerLevelsFor(job.seniority).map((level) => {
    const fit = seniorityFit(level, job.seniority) ?? 'near';
    return sql`when ${level} then ${points(SENIORITY_POINTS[fit])}`;
  });
  const rest = MATCH_POINTS.location + salaryPoints(statedSalary(job) !== null);
  return sql`(${skillPointsSql(asks)} + case ${profiles.seniority} ${sql.join(levels, sql` `)} end + ${points(rest)})`;
}

/**
 * The posting, open, with its title's lexemes and every spelling of the kinds of work it is or is
 * near (the terms a role it suits may be anchored on); null when closed or unknown.
 */
export async function readOpenJob(db: Database | Transaction, jobId: number) {
  const [job] = await db
    .select({
      id: jobs.id,
      company: jobs.company,
      source: jobs.source,
      board: jobs.board,
      remote: jobs.remote,
      usEligibility: jobs.usEligibility,
      usPlaces: jobs.usPlaces,
      remoteAreas: jobs.remoteAreas,
      seniority: jobs.seniority,
      salaryCurrency: jobs.salaryCurrency,
      salaryMinYearly: jobs.salaryMinYearly,
      salaryMaxYearly: jobs.salaryMaxYearly,
      skills: jobs.skills,
      niceSkills: jobs.niceSkills,
      visa: jobs.visa,
      titleTerms: sql<string[]>`${titleTermsWithSpellings(jobTitle, false)}`,
      nearTitleTerms: sql<string[]>`${titleTermsWithSpellings(jobTitle, true)}`,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), isNull(jobs.closedAt)));
  return job ?? null;
}

export type OpenJob = NonNullable<Awaited<ReturnType<typeof readOpenJob>>>;

/**
 * The query for the users the job fits, each with the best score among their active profiles and
 * its slot, or null when it fits nobody. The candidates (active profiles only): a shared skill or a title term (GIN overlaps: with neither a profile scores less
 * than the minimum), a place (GIN) or remote choice, an accepted level, no floor above the pay,
 * no sponsorship needed that the posting refuses;
 * of those, the ones whose score could reach the minimum if the title matched (a title term in
 * common, any spelling; half the title's points for a term of work near it only). Then the exact title check, once per distinct target role among them
 * (`title_roles`: the roles the title matches, and those it is near), adds the title's points.
 */
export function fittingProfilesQuery(db: Database | Transaction, job: OpenJob) {
  const location = profilesWhereJobIs(job);
  const overlapsTitle = (terms: readonly string[]) =>
    terms.length > 0 ? arrayOverlaps(profiles.roleTerms, [...terms]) : null;
  const mayTitle = overlapsTitle(job.titleTerms);
  const mayNearTitle = overlapsTitle(job.nearTitleTerms);
  const asks = skillAsks(job);
  // A skill in common, fully or in part (scoring's `halves` above nought), on the GIN index.
  const sharesSkill =
    asks.length > 0 ? arrayOverlaps(profiles.matchSkills, skillsMeetingAny(asks)) : null;
  const ways = [sharesSkill, mayNearTitle].filter((way) => way != null);
  if (location === null || ways.length === 0) return null;
  const base = scoreWithoutTitle(job, asks);
  // Scoring's `nearTitleCounts`: a title near a target role counts with a skill in common.
  const nearCounts = sharesSkill ?? sql`true`;
  const bestTitle = sql`case when ${mayTitle ?? sql`false`} then ${points(TITLE_POINTS.role)} when ${mayNearTitle ?? sql`false`} and ${nearCounts} then ${points(TITLE_POINTS.near)} else 0 end`;
  const pay = statedSalary(job);

  const candidates = db.$with('candidates').as(
    db
      .select({
        uid: profiles.uid,
        slot: profiles.slot,
        base: sql<number>`${base}`.as('base'),
        nearCounts: sql<boolean>`${nearCounts}`.as('near_counts'),
        roles: sql<
          string[] | null
        >`case when ${mayNearTitle ?? sql`false`} then ${profiles.targetRoles} end`.as('roles'),
      })
      .from(profiles)
      .where(
        and(
          // Plain `active`, as the partial GIN indexes are written: only active profiles alert.
          sql`${profiles.active}`,
          or(...ways),
          location,
          inArray(profiles.seniority, seekerLevelsFor(job.seniority)),
          job.seniority === 'lead' ? asksForManagers(sql`${profiles.targetRoles}`) : undefined,
          // A posting that refuses sponsorship is no fit for a seeker who needs it.
          job.visa === 'no' ? not(profiles.needsVisaSponsorship) : undefined,
          // The floor is compared in the pay's currency only (no exchange rates).
          pay === null
            ? undefined
            : or(
                isNull(profiles.minSalaryYearly),
                ne(profiles.minSalaryCurrency, pay.currency),
                lte(profiles.minSalaryYearly, pay.max),
              ),
          sql`${base} + ${bestTitle} >= ${points(MIN_ALERT_SCORE)}`,
          followModeAdmits(job),
          // A job the user hid, from any of their profiles, never alerts them again.
          sql`not exists (select 1 from ${matchActions} where ${matchActions.uid} = ${profiles.uid} and ${matchActions.jobId} = ${job.id} and ${matchActions.hidden} is not null)`,
          // Nor does any job of a company the profile hides.
          sql`not exists (select 1 from ${hiddenCompanies} where ${hiddenCompanies.uid} = ${profiles.uid} and ${hiddenCompanies.slot} = ${profiles.slot} and ${hiddenCompanies.companyKey} = ${companyKey(job.company)})`,
        ),
      ),
  );
  const title = titleOfJob(job.id);
  const titleRoles = db.$with('title_roles').as(
    db
      .select({
        roles: sql<
          string[]
        >`coalesce(array_agg(role) filter (where ${titleMatchesRole(sql`role`, title)}), '{}')`.as(
          'roles',
        ),
        near: sql<string[]>`coalesce(array_agg(role), '{}')`.as('near'),
      })
      .from(
        sql`(select distinct unnest(${candidates.roles}) as role from ${candidates}) as distinct_roles`,
      )
      .where(titleNearRole(sql`role`, title)),
  );
  const score = sql<number>`${candidates.base} + case when ${candidates.roles} && (select roles from ${titleRoles}) then ${points(TITLE_POINTS.role)} when ${candidates.nearCounts} and ${candidates.roles} && (select near from ${titleRoles}) then ${points(TITLE_POINTS.near)} else 0 end`;
  // One row per user: the profile the job fits best (the lowest slot of equal scores).
  return db
    .with(candidates, titleRoles)
    .selectDistinctOn([candidates.uid], {
      uid: candidates.uid,
      jobId: sql<number>`${job.id}::bigint`.mapWith(Number).as('job_id'),
      score: score.mapWith(Number).as('score'),
      slot: candidates.slot,
    })
    .from(candidates)
    .where(sql`${score} >= ${points(MIN_ALERT_SCORE)}`)
    .orderBy(candidates.uid, desc(score), asc(candidates.slot));
}

/**
 * The profiles a new posting fits and their scores, found and scored in PostgreSQL through the
 * profiles' GIN indexes (skills, title terms, places; PostgreSQL reads the table instead when the
 * overlaps admit most profiles, as with the most popular skills): matching's
 * rules (location, level, pay) filter, and each profile's score is `scoreMatch`'s exactly (its
 * point functions, tabulated for the job), keeping those at `MIN_ALERT_SCORE` or more. Only active
 * profiles (those the plan covers) count; a user with several answers once, with the best score
 * and its slot. Only uids, slots and scores come back. A closed or unknown posting fits nobody.
 */
export async function profilesForJob(
  db: Database | Transaction,
  jobId: number,
): Promise<ProfileFit[]> {
  const job = await readOpenJob(db, jobId);
  const query = job === null ? null : fittingProfilesQuery(db, job);
  const rows = query === null ? [] : await query;
  return rows.map(({ uid, slot, score }) => ({ uid, slot, score }));
}

import {
  and,
  arrayOverlaps,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { MinSalary } from '../../contract';
import type { Database } from '../db/database';
import { jobs } from '../db/schema';
import { seekerRemoteAreas } from '../jobs/store/remoteAreas';
import { profilePlaces } from '../jobs/store/usPlaces';
import { NOT_FOLLOWING, onFollowedBoard, type Following } from './following';
import { acceptedEligibilities, statesOfCities } from './locationRule';
import { yearlyFloor } from './payFit';
import type { Seeker } from './seeker';
import { acceptedJobLevels, asksForManagers } from './seniorityFit';
import { nearRoleTitleQuery } from './roleWords';
import { jobTitle, titleMatchesRole, titleNearRole } from './titleRole';
import { knownThrough, withBases } from '../skills/skillBases';

/** How many of the best-overlapping open jobs are scored; the best of them are answered. */
export const CANDIDATE_LIMIT = 200;

/**
 * Where the seeker will work (matching's location rule), as a condition on a job; null when nowhere.
 * A job remote anywhere in a state is also where a seeker in one of its cities works.
 */
function locationFits(seeker: Seeker): SQL | null {
  const { where } = seeker.profile;
  const places = profilePlaces(where.usStates, where.usCities);
  const { byRemote, byPlace, byCityState } = acceptedEligibilities(where);
  const areas = seekerRemoteAreas(where);
  const cityStates = statesOfCities(where.usCities);
  const fits = [
    byRemote.length > 0 ? inArray(jobs.usEligibility, byRemote) : null,
    areas.length > 0 ? arrayOverlaps(jobs.remoteAreas, areas) : null,
    places.length > 0 && byPlace.length > 0
      ? and(inArray(jobs.usEligibility, byPlace), arrayOverlaps(jobs.usPlaces, places))
      : null,
    cityStates.length > 0 && byCityState.length > 0
      ? and(
          eq(jobs.remote, true),
          inArray(jobs.usEligibility, byCityState),
          arrayOverlaps(jobs.usPlaces, cityStates),
        )
      : null,
  ].filter((fit) => fit != null);
  return fits.length === 0 ? null : (or(...fits) ?? null);
}

/**
 * A skill or a title to match on: some overlap with the seeker's skills, or a title of a target
 * role or a kind of work next to it. The title is found on the search vector's GIN index (title
 * or description), then checked on the title alone; a role named only in the description is not
 * a reason to show a job.
 */
function relevance(seeker: Seeker): SQL | null {
  const roles = seeker.profile.targetRoles.filter((role) => /[\p{L}\p{N}]/u.test(role));
  const anyRole =
    roles.length === 0
      ? null
      : sql.join(
          roles.map((role) => nearRoleTitleQuery(sql`${role}::text`)),
          sql` || `,
        );
  // What the seeker knows (a framework's bases too), and what is built on it (`skillAsks`).
  const sharing = knownThrough(withBases(seeker.skills));
  const either = [
    sharing.length > 0 ? arrayOverlaps(jobs.skills, sharing) : null,
    anyRole === null ? null : sql`(${jobs.search} @@ (${anyRole}) and ${jobTitle} @@ (${anyRole}))`,
  ].filter((condition) => condition != null);
  return either.length === 0 ? null : (or(...either) ?? null);
}

/** Pay not known to be below the floor: none stated, in another currency, or reaching it. */
function payNotBelow(floor: MinSalary | null): SQL | undefined {
  if (floor === null) return undefined;
  return or(
    isNull(jobs.salaryMaxYearly),
    ne(jobs.salaryCurrency, floor.currency),
    gte(jobs.salaryMaxYearly, yearlyFloor(floor)),
  );
}

/**
 * What scoring reads of a job for the seeker (`scoreMatch`): its summary, and the first target role
 * its title matches. Matching selects these for candidates, alerts for the jobs they point at.
 */
export function matchColumns(seeker: Seeker) {
  const roles = sql.param([...seeker.profile.targetRoles], jobs.skills);
  const firstRole = (matches: (role: SQL) => SQL) =>
    sql<
      string | null
    >`(select role from unnest(${roles}::text[]) with ordinality as roles(role, position) where ${matches(sql`role`)} order by position limit 1)`;
  const matchedRole = firstRole(titleMatchesRole);
  return {
    id: jobs.id,
    title: jobs.title,
    company: jobs.company,
    locations: jobs.locations,
    remote: jobs.remote,
    usEligibility: jobs.usEligibility,
    seniority: jobs.seniority,
    salaryCurrency: jobs.salaryCurrency,
    salaryMinYearly: jobs.salaryMinYearly,
    salaryMaxYearly: jobs.salaryMaxYearly,
    skills: jobs.skills,
    niceSkills: jobs.niceSkills,
    visa: jobs.visa,
    postedAt: jobs.postedAt,
    firstSeenAt: jobs.firstSeenAt,
    applyUrl: jobs.applyUrl,
    matchedRole,
    /** The first target role the title is near (`titleNearRole`); scoring reads it without a match. */
    nearRole: firstRole(titleNearRole),
  };
}

/**
 * The open jobs the seeker could take, filtered by PostgreSQL on its indexes: skill overlap (GIN
 * on skills) or a title near a target role (GIN on the tsvector), the places and remote kinds the
 * profile names, an accepted level (a people manager's only for a seeker who asks for one), no
 * refusal of the visa sponsorship the seeker needs, and pay not known to be below the floor; in `only` mode, on a
 * followed board. Followed companies first, then titles of a target role, then those near one,
 * then the most shared skills, then the newest.
 */
export async function candidateJobs(
  db: Database,
  seeker: Seeker,
  following: Following = NOT_FOLLOWING,
) {
  const { profile } = seeker;
  const location = locationFits(seeker);
  const relevant = relevance(seeker);
  if (location === null || relevant === null) return [];
  const followedBoard = onFollowedBoard(following);
  const followed = sql<boolean>`${followedBoard ?? sql`false`}`;

  const skills = sql.param([...seeker.skills], jobs.skills);
  const roles = sql.param([...profile.targetRoles], jobs.skills);
  const overlap = sql<number>`cardinality(array(select unnest(${jobs.skills}) intersect select unnest(${skills}::text[])))`;
  const columns = matchColumns(seeker);

  return db
    .select({ ...columns, followed })
    .from(jobs)
    .where(
      and(
        isNull(jobs.closedAt),
        following.mode === 'only' ? (followedBoard ?? undefined) : undefined,
        relevant,
        location,
        inArray(jobs.seniority, acceptedJobLevels(profile.seniority)),
        or(ne(jobs.seniority, 'lead'), asksForManagers(sql`${roles}::text[]`)),
        profile.needsVisaSponsorship ? ne(jobs.visa, 'no') : undefined,
        payNotBelow(profile.minSalary),
      ),
    )
    .orderBy(
      // Boosted: followed companies' jobs are all among the candidates (a constant cannot order).
      ...(followedBoard === null ? [] : [desc(followed)]),
      desc(sql`${columns.matchedRole} is not null`),
      desc(sql`${columns.nearRole} is not null`),
      desc(overlap),
      desc(sql`coalesce(${jobs.postedAt}, ${jobs.firstSeenAt})`),
    )
    .limit(CANDIDATE_LIMIT);
}

/** A candidate and whether its company is followed. */
export type FollowedCandidate = Awaited<ReturnType<typeof candidateJobs>>[number];
/** What scoring reads of a job (alerts select the same, `matchColumns`). */
export type CandidateJob = Omit<FollowedCandidate, 'followed'>;

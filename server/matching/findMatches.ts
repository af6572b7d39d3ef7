import {
  companyKey,
  FOLLOW_BOOST_POINTS,
  MATCHES_LIMIT,
  type GetMatchesResponse,
  type ProfileSlot,
} from '../../contract';
import type { Database } from '../db/database';
import { hiddenJobIds } from '../matchActions/matchActionStore';
import { readHiddenCompanies } from '../matchActions/matchRuleStore';
import { readPlanLimits } from '../plan/planLimits';
import { candidateJobs } from './candidateJobs';
import { readFollowing } from './following';
import { scoreMatch, skillFit, worthListing } from './scoreMatch';
import { readSeeker } from './seeker';

/** What matching answers for a user: the same as `GET /v1/matches`. */
export type MatchesResult = GetMatchesResponse;

/**
 * The best matches of the user's profile in this slot among open jobs worth listing, highest
 * score first (a followed company's boosted, or alone in `only` mode), then the newest; jobs the
 * profile hid, and those of companies it hides, are left out. A slot the plan does not cover (Pro ended) is inactive: no matches.
 */
export async function findMatches(
  db: Database,
  uid: string,
  slot: ProfileSlot = 1,
  limit: number = MATCHES_LIMIT,
): Promise<MatchesResult> {
  const [seeker, limits, following, hidden, hiddenCompanies] = await Promise.all([
    readSeeker(db, uid, slot),
    readPlanLimits(db, uid),
    readFollowing(db, uid, slot),
    hiddenJobIds(db, uid, slot),
    readHiddenCompanies(db, uid, slot),
  ]);
  const companyHidden = new Set(hiddenCompanies.map((row) => row.key));
  const active = slot <= limits.profiles;
  if (seeker === null) return { slot, active, profileMissing: true, matches: [] };
  if (!active) return { slot, active, profileMissing: false, matches: [] };
  // Boosted: a followed company's match ranks as if it scored more (its score stays as it is).
  const boost = following.mode === 'boost' ? FOLLOW_BOOST_POINTS : 0;
  const matches = (await candidateJobs(db, seeker, following))
    .filter((job) => !hidden.has(job.id) && !companyHidden.has(companyKey(job.company)))
    .map((job) => ({ job, match: scoreMatch(seeker, job), rank: job.followed ? boost : 0 }))
    .filter(({ job, match }) => worthListing(match, skillFit(seeker.skills, job)))
    .map(({ match, rank }) => ({ match, rank: rank + match.score }))
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        Date.parse(b.match.postedAt ?? b.match.firstSeenAt) -
          Date.parse(a.match.postedAt ?? a.match.firstSeenAt),
    )
    .slice(0, limit)
    .map(({ match }) => match);
  return { slot, active, profileMissing: false, matches };
}

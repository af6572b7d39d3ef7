import { MATCHES_LIMIT, type GetMatchesResponse, type ProfileSlot } from '../../src/backendApi';
import type { Database } from '../db/database';
import { readPlanLimits } from '../plan/planLimits';
import { candidateJobs } from './candidateJobs';
import { scoreMatch, worthListing } from './scoreMatch';
import { readSeeker } from './seeker';

/** What matching answers for a user: the same as `GET /v1/matches`. */
export type MatchesResult = GetMatchesResponse;

/**
 * The best matches of the user's profile in this slot among open jobs worth listing, highest
 * score first, then the newest. A slot the plan does not cover (Pro ended) is inactive: no matches.
 */
export async function findMatches(
  db: Database,
  uid: string,
  slot: ProfileSlot = 1,
  limit: number = MATCHES_LIMIT,
): Promise<MatchesResult> {
  const [seeker, limits] = await Promise.all([readSeeker(db, uid, slot), readPlanLimits(db, uid)]);
  const active = slot <= limits.profiles;
  if (seeker === null) return { slot, active, profileMissing: true, matches: [] };
  if (!active) return { slot, active, profileMissing: false, matches: [] };
  const matches = (await candidateJobs(db, seeker))
    .map((job) => scoreMatch(seeker, job))
    .filter(worthListing)
    .sort(
      (a, b) =>
        b.score - a.score ||
        Date.parse(b.postedAt ?? b.firstSeenAt) - Date.parse(a.postedAt ?? a.firstSeenAt),
    )
    .slice(0, limit);
  return { slot, active, profileMissing: false, matches };
}

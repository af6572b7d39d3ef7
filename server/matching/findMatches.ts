import { MATCHES_LIMIT, type GetMatchesResponse } from '../../src/backendApi';
import type { Database } from '../db/database';
import { candidateJobs } from './candidateJobs';
import { scoreMatch } from './scoreMatch';
import { readSeeker } from './seeker';

/** What matching answers for a user: the same as `GET /v1/matches`. */
export type MatchesResult = GetMatchesResponse;

/** The user's best matches among open jobs, highest score first, then the newest. */
export async function findMatches(
  db: Database,
  uid: string,
  limit: number = MATCHES_LIMIT,
): Promise<MatchesResult> {
  const seeker = await readSeeker(db, uid);
  if (seeker === null) return { profileMissing: true, matches: [] };
  const matches = (await candidateJobs(db, seeker))
    .map((job) => scoreMatch(seeker, job))
    .sort(
      (a, b) =>
        b.score - a.score ||
        Date.parse(b.postedAt ?? b.firstSeenAt) - Date.parse(a.postedAt ?? a.firstSeenAt),
    )
    .slice(0, limit);
  return { profileMissing: false, matches };
}

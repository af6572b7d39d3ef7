import { sql, type SQL } from 'drizzle-orm';
import type { JobSeniority, Seniority } from '../../contract';
import { slashesAsSpaces } from './roleWords';

/** How well a job's stated level suits a seeker's. */
export type SeniorityFit = 'same' | 'near' | 'not-stated';

/**
 * The job levels that are each seeker level's own. The profile's top step, "Lead or principal", is
 * the ladder above senior: a staff or a principal job is at that seeker's level. A job at `lead`
 * manages people (head, director, manager): only a seeker at `lead` sees it, and only one who asks
 * for such a post (`asksForManagers`).
 */
const SAME: Readonly<Record<Seniority, readonly JobSeniority[]>> = {
  intern: ['intern'],
  junior: ['junior'],
  mid: ['mid'],
  senior: ['senior'],
  lead: ['lead', 'staff', 'principal'],
};

/** The job levels next to each seeker level that are still worth showing (one step either way). */
const NEAR: Readonly<Record<Seniority, readonly JobSeniority[]>> = {
  intern: ['junior'],
  junior: ['intern', 'mid'],
  mid: ['junior', 'senior'],
  senior: ['mid', 'staff'],
  lead: ['senior'],
};

/** Every job level a seeker may see; a job that states none is always kept. */
export const acceptedJobLevels = (seeker: Seniority): JobSeniority[] => [
  ...SAME[seeker],
  ...NEAR[seeker],
  'unknown',
];

/**
 * Whether target roles (a text[] in SQL) name a post that manages people: a manager, head,
 * director, VP, chief. A staff or principal engineer, an individual contributor, asks for none, so
 * sees no people manager's job. In SQL so that matching and the alert lookup read it alike.
 */
export const asksForManagers = (roles: SQL): SQL =>
  sql`(to_tsvector('english', ${slashesAsSpaces(sql`array_to_string(${roles}, ' ')`)}) @@ to_tsquery('english', 'manager | head | director | vp | vice <-> president | chief | supervisor'))`;

export function seniorityFit(seeker: Seniority, job: JobSeniority): SeniorityFit | null {
  if (job === 'unknown') return 'not-stated';
  if (SAME[seeker].includes(job)) return 'same';
  return NEAR[seeker].includes(job) ? 'near' : null;
}

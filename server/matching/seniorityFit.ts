import type { JobSeniority, Seniority } from '../../contract';

/** How well a job's stated level suits a seeker's. */
export type SeniorityFit = 'same' | 'near' | 'not-stated';

/**
 * The job levels next to each seeker level that are still worth showing (one step either way). A
 * job at `lead` manages people (head, director, manager): only a seeker at `lead` sees it.
 */
const NEAR: Readonly<Record<Seniority, readonly JobSeniority[]>> = {
  intern: ['junior'],
  junior: ['intern', 'mid'],
  mid: ['junior', 'senior'],
  senior: ['mid', 'staff'],
  lead: ['senior', 'staff', 'principal'],
};

/** Every job level a seeker may see; a job that states none is always kept. */
export const acceptedJobLevels = (seeker: Seniority): JobSeniority[] => [
  seeker,
  ...NEAR[seeker],
  'unknown',
];

export function seniorityFit(seeker: Seniority, job: JobSeniority): SeniorityFit | null {
  if (job === 'unknown') return 'not-stated';
  if (job === seeker) return 'same';
  return NEAR[seeker].includes(job) ? 'near' : null;
}

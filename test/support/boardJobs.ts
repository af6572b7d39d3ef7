import type { JobRecord } from '../../server/jobs/jobRecord';
import type { BoardResult } from '../../server/jobs/sources/boardResult';

/** A connector's job records; a failed board fails the test with its failure. */
export const jobsOf = (result: BoardResult): readonly JobRecord[] => {
  if (!result.ok) throw new Error(`board failed: ${JSON.stringify(result.failure)}`);
  return result.jobs;
};

/** The job whose title starts with `start`. */
export const byTitle = (jobs: readonly JobRecord[], start: string): JobRecord => {
  const job = jobs.find((candidate) => candidate.title.startsWith(start));
  if (job === undefined) throw new Error(`no job titled ${start}...`);
  return job;
};

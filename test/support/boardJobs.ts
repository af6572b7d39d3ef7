import type { JobRecord } from '../../server/jobs/jobRecord';
import type { BoardAnswer } from '../../server/jobs/sources/boardResult';

/** A connector's job records; a failed board fails the test with its failure. */
export const jobsOf = (result: BoardAnswer): readonly JobRecord[] => {
  if (!result.ok) throw new Error(`board failed: ${JSON.stringify(result.failure)}`);
  if ('unchanged' in result) throw new Error('board answered "unchanged"');
  return result.jobs;
};

/** The job whose title starts with `start`. */
export const byTitle = (jobs: readonly JobRecord[], start: string): JobRecord => {
  const job = jobs.find((candidate) => candidate.title.startsWith(start));
  if (job === undefined) throw new Error(`no job titled ${start}...`);
  return job;
};

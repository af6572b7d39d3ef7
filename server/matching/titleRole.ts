import { sql, type SQL } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { isNearRole, namesOtherSpecialism, roleTitleQuery } from './roleWords';

/** The job's title as PostgreSQL reads it: the weight-A lexemes of its search vector. */
export const jobTitle = sql`ts_filter(${jobs.search}, '{a}')`;

/** The title of one job, by id, where the query does not read the jobs table itself. */
export const titleOfJob = (jobId: number) =>
  sql`(select ${jobTitle} from ${jobs} where ${jobs.id} = ${jobId})`;

/**
 * Whether the job's title matches a target role: all the role's words (English lexemes, any
 * spelling of the same work: `roleWords.ts`) are in the title, and no specialism the role leaves
 * out (such a title is only near it). Matching (the first role a candidate's title matches) and
 * alerts (the roles a new posting's title matches) both ask this.
 */
export const titleMatchesRole = (role: SQL, title: SQL = jobTitle): SQL =>
  sql`(${title} @@ ${roleTitleQuery(role)} and not ${namesOtherSpecialism(role, title)})`;

/** Whether the title is the role's or a neighbouring kind of work's (a full-stack for a front-end role). */
export const titleNearRole = (role: SQL, title: SQL = jobTitle): SQL => isNearRole(role, title);

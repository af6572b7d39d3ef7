/** What the freshness benchmark reads of the backend process and the database, before and after. */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { POLL_BOARD_QUEUE } from '../../server/jobs/poll/pollJob';

export interface Counters {
  readonly cpuSeconds: number;
  readonly writes: number;
  readonly jobWrites: number;
  readonly commits: number;
  readonly polls: number;
}

const CLOCK_TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number): number {
  // /proc/<pid>/stat: utime and stime are fields 14 and 15, after the parenthesised name.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

export const rssMbOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function counters(sql: pg.Client, pid: number): Promise<Counters> {
  const { rows } = await sql.query<{
    writes: string;
    commits: string;
    job_writes: string;
    polls: string;
  }>(
    `select (select tup_inserted + tup_updated + tup_deleted from pg_stat_database
               where datname = current_database()) as writes,
            (select xact_commit from pg_stat_database where datname = current_database()) as commits,
            (select n_tup_ins + n_tup_upd + n_tup_del from pg_stat_user_tables
               where relname = 'jobs' and schemaname = 'public') as job_writes,
            (select count(*) from pgboss.job where name = $1 and state = 'completed') as polls`,
    [POLL_BOARD_QUEUE],
  );
  const row = rows[0];
  return {
    cpuSeconds: cpuSecondsOf(pid),
    writes: Number(row?.writes),
    jobWrites: Number(row?.job_writes),
    commits: Number(row?.commits),
    polls: Number(row?.polls),
  };
}

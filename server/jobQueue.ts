import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss, type ConstructorOptions } from 'pg-boss';
import type { DatabaseConnection } from './db/database';
import { withTimeLimit } from './withTimeLimit';

/**
 * Each poll waits on three pg-boss statements (fetch, next poll, completion): a pool smaller than
 * the poll workers makes them queue for a connection (docs/scaling.md).
 */
const QUEUE_POOL_SIZE = 12;
const CONNECT_TIMEOUT_MS = 10_000;
const START_TIME_LIMIT_MS = 60_000;
/** How long stopping waits for running jobs (a poll storing, an e-mail being sent). */
const STOP_WAIT_MS = 5_000;

/**
 * pg-boss's connection: its own small pool on a PostgreSQL server; on embedded PGlite, the app's
 * one PGlite instance through pg-boss's adapter (PGlite serialises every query and transaction, so
 * the queue's statements wait their turn among the app's).
 */
function connectionOptions(connection: DatabaseConnection): ConstructorOptions {
  if (connection.kind === 'pglite') return { db: fromPglite(connection.client), backend: 'pglite' };
  return {
    connectionString: connection.url,
    max: QUEUE_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  };
}

export interface JobQueueOptions {
  readonly connection: DatabaseConnection;
  /** Whether cron schedules run (the alert e-mails' sweep and digest); off saves their upkeep. */
  readonly schedules: boolean;
  /** How often schedules are checked for due occurrences (pg-boss's default, 30 s, unless given). */
  readonly scheduleCheckSeconds?: number;
  readonly log: FastifyBaseLogger;
}

export interface JobQueue {
  /** The started queue: features create their queues and workers on it. */
  readonly boss: PgBoss;
  /** Stops taking jobs, waits (a while) for running ones, and closes the queue's connection. */
  readonly stop: () => Promise<void>;
}

/**
 * The app's one pg-boss (schema `pgboss` in the app's database), shared by the job-board polls and
 * the alert e-mails: one schema check, one supervisor and one connection pool for both.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    ...connectionOptions(options.connection),
    schedule: options.schedules,
    ...(options.scheduleCheckSeconds === undefined
      ? {}
      : { cronMonitorIntervalSeconds: options.scheduleCheckSeconds }),
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await withTimeLimit(boss.start(), START_TIME_LIMIT_MS, 'Starting the job queue').catch(
    async (error: unknown) => {
      await boss.stop({ graceful: false, timeout: STOP_WAIT_MS });
      throw error;
    },
  );
  return {
    boss,
    stop: () =>
      withTimeLimit(
        boss.stop({ graceful: true, timeout: STOP_WAIT_MS }),
        STOP_WAIT_MS * 2,
        'Stopping the job queue',
      ),
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { CleanupCounts } from './cleanup';

export const GUEST_CLEANUP_QUEUE = 'guest-cleanup';

/** Whatever the interval, a run that takes longer than this is given up (and retried). */
const RUN_EXPIRY_SECONDS = 60 * 60;

export interface GuestCleanupScheduleOptions {
  boss: PgBoss;
  cleanup: () => Promise<CleanupCounts>;
  /** When it runs: a recurrence rule (RFC 5545) or a cron expression, as pg-boss schedules take. */
  rule: string;
  log: FastifyBaseLogger;
}

/** Every `hours` hours, as a recurrence rule. */
export const everyHoursRule = (hours: number) => `FREQ=HOURLY;INTERVAL=${hours}`;

/**
 * Runs the guest clean-up on `rule`'s schedule through the job queue, so it runs once however
 * many backend processes start: pg-boss sends one job per occurrence of the schedule (its clock
 * takes a lock), the `singleton` policy keeps one run at a time, and whichever process is free
 * runs it. A deployment that scales to zero runs `npm run cleanup:guests` from a scheduler instead.
 */
export async function scheduleGuestCleanup(options: GuestCleanupScheduleOptions): Promise<void> {
  const { boss, cleanup, log } = options;
  await boss.createQueue(GUEST_CLEANUP_QUEUE, {
    policy: 'singleton',
    expireInSeconds: RUN_EXPIRY_SECONDS,
    retryLimit: 2,
    retryDelay: 5 * 60,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  });
  await boss.work(GUEST_CLEANUP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    try {
      log.info(await cleanup(), 'guest clean-up done');
    } catch (error) {
      log.error({ err: error }, 'guest clean-up failed');
      // The queue retries it.
      throw error;
    }
  });
  await boss.schedule(GUEST_CLEANUP_QUEUE, options.rule);
}

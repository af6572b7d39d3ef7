import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { CleanupCounts } from '../../server/cleanup';
import { everyHoursRule, scheduleGuestCleanup } from '../../server/cleanupSchedule';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { startJobQueue, type JobQueue } from '../../server/jobQueue';
import { fileDatabaseLocation } from './support/backend';

const COUNTS: CleanupCounts = {
  guestsDeleted: 2,
  orphanUidsDeleted: 1,
  carryOverRecordsDeleted: 0,
  webhookEventsDeleted: 0,
};

/** A logger whose JSON lines the test reads. */
function capturedLog() {
  const lines: Array<{ msg: string; level: number } & Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { log: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the scheduled guest clean-up, with two backend processes on one PostgreSQL', () => {
  const opened: Array<DatabaseHandle | JobQueue> = [];
  // Each test's processes stop before the next starts: a worker left running would take its jobs.
  afterEach(async () => {
    for (const handle of opened.splice(0).reverse()) {
      await ('boss' in handle ? handle.stop() : handle.close());
    }
  });

  /** One backend's share: its own connection pool and job queue, as another process has. */
  async function instance(rule: string, cleanup: () => Promise<CleanupCounts>) {
    const database = await openDatabase(await fileDatabaseLocation());
    opened.push(database);
    const { log, lines } = capturedLog();
    const queue = await startJobQueue({
      connection: database.connection,
      schedules: true,
      // Checked every second here, so the test sees several occurrences in seconds.
      scheduleCheckSeconds: 1,
      log,
    });
    opened.push(queue);
    await scheduleGuestCleanup({ boss: queue.boss, cleanup, rule, log });
    return { queue, lines };
  }

  it('runs at most once per occurrence however many processes keep the schedule, one run at a time', async () => {
    const runs: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const cleanup = async () => {
      runs.push(Date.now());
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await sleep(300);
      running -= 1;
      return COUNTS;
    };
    // Every 4 s here; the app's rule is hourly.
    const rule = 'FREQ=SECONDLY;INTERVAL=4';
    const first = await instance(rule, cleanup);
    const second = await instance(rule, cleanup);
    const watchedFrom = Date.now();
    await sleep(21_000);
    const occurrences = (Date.now() - watchedFrom) / 4000;

    // A schedule kept per process would run about twice per occurrence.
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(occurrences) + 1);
    expect(mostAtOnce).toBe(1);
    const logged = [...first.lines, ...second.lines].filter(
      (line) => line.msg === 'guest clean-up done',
    );
    expect(logged.length).toBeGreaterThanOrEqual(runs.length - 1);
    expect(logged[0]).toMatchObject(COUNTS);
    // Both kept the one schedule: pg-boss stores it once, by name.
    expect(await first.queue.boss.getSchedules()).toHaveLength(1);
  }, 60_000);

  it('logs a failed run as an error and leaves it to the queue to retry', async () => {
    let calls = 0;
    const { queue, lines } = await instance(everyHoursRule(24), async () => {
      calls += 1;
      throw new Error('the identity service is down');
    });
    await queue.boss.send('guest-cleanup', {});
    await expect.poll(() => calls, { timeout: 40_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => lines.find((line) => line.msg === 'guest clean-up failed'), { timeout: 5_000 })
      .toMatchObject({ level: 50, err: { message: 'the identity service is down' } });
  }, 60_000);
});

import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CleanupCounts } from '../../server/cleanup';
import { scheduleGuestCleanup } from '../../server/cleanupSchedule';
import { readServerConfig } from '../../server/config';
import { deferred } from '../support/fakeSessionService';

const HOUR = 60 * 60 * 1000;
const COUNTS: CleanupCounts = {
  guestsDeleted: 2,
  orphanUidsDeleted: 1,
  carryOverRecordsDeleted: 0,
  webhookEventsDeleted: 0,
};

/** A Fastify app whose JSON log lines the test reads. */
function appWithLog() {
  const lines: Array<{ msg: string; level: number } & Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { app: Fastify({ logger: { level: 'info', stream } }), lines };
}

describe('the scheduled guest clean-up', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs every interval, logs what it deleted, and stops when the app closes', async () => {
    const { app, lines } = appWithLog();
    const cleanup = vi.fn(async () => COUNTS);
    scheduleGuestCleanup(app, cleanup, 24 * HOUR);

    await vi.advanceTimersByTimeAsync(24 * HOUR - 1);
    expect(cleanup).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(lines.find((line) => line.msg === 'guest clean-up done')).toMatchObject(COUNTS);

    await app.close();
    await vi.advanceTimersByTimeAsync(48 * HOUR);
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('never runs twice at once, and logs a failure without stopping the schedule', async () => {
    const { app, lines } = appWithLog();
    const slow = deferred<CleanupCounts>();
    const cleanup = vi
      .fn<() => Promise<CleanupCounts>>()
      .mockReturnValueOnce(slow.promise)
      .mockRejectedValueOnce(new Error('the identity service is down'));
    scheduleGuestCleanup(app, cleanup, HOUR);

    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(lines.some((line) => line.msg.includes('has not finished'))).toBe(true);

    slow.resolve(COUNTS);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(cleanup).toHaveBeenCalledTimes(2);
    expect(lines.find((line) => line.msg === 'guest clean-up failed')).toMatchObject({
      level: 50,
      err: { message: 'the identity service is down' },
    });
    await app.close();
  });

  it('is every 24 hours by default, and off when GUEST_CLEANUP_EVERY_HOURS=off', () => {
    expect(readServerConfig({}).guestCleanupEveryHours).toBe(24);
    expect(readServerConfig({ GUEST_CLEANUP_EVERY_HOURS: '6' }).guestCleanupEveryHours).toBe(6);
    expect(
      readServerConfig({ GUEST_CLEANUP_EVERY_HOURS: 'off' }).guestCleanupEveryHours,
    ).toBeNull();
    expect(() => readServerConfig({ GUEST_CLEANUP_EVERY_HOURS: '-1' })).toThrow(
      'GUEST_CLEANUP_EVERY_HOURS must be a positive whole number',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  afterSuccess,
  backoffDelayMs,
  INITIAL_BACKOFF,
  type BackoffState,
} from '../../../server/jobs/backoff';
import { retryAfterMs } from '../../../server/jobs/sources/retryAfter';

const failTimes = (count: number): BackoffState => {
  let state = INITIAL_BACKOFF;
  for (let i = 0; i < count; i += 1) state = afterFailure(state);
  return state;
};

describe('back-off', () => {
  it('waits nothing before any failure', () => {
    expect(backoffDelayMs(INITIAL_BACKOFF)).toBe(0);
  });

  it('starts at 30 s and doubles each failure in a row', () => {
    expect([1, 2, 3, 4, 5, 6].map((count) => backoffDelayMs(failTimes(count)) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960,
    ]);
  });

  it('stops at 16 minutes however many failures follow', () => {
    expect(backoffDelayMs(failTimes(7))).toBe(16 * 60_000);
    expect(backoffDelayMs(failTimes(1_000))).toBe(16 * 60_000);
  });

  it('starts over after a success', () => {
    expect(backoffDelayMs(afterFailure(afterSuccess()))).toBe(30_000);
  });

  it('waits for Retry-After when it is longer than the back-off, not when shorter', () => {
    expect(backoffDelayMs(failTimes(1), 120_000)).toBe(120_000);
    expect(backoffDelayMs(failTimes(3), 5_000)).toBe(120_000);
    expect(backoffDelayMs(failTimes(10), 3_600_000)).toBe(3_600_000);
  });
});

describe('Retry-After', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 12:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('gives null for a missing or unreadable header', () => {
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { adaptiveDelayMs } from '../../../server/jobs/poll/adaptiveInterval';
import { isPollBoardData } from '../../../server/jobs/poll/pollJob';

const HOUR = 60 * 60_000;
const now = Date.parse('2026-11-26T12:00:00Z');

describe('adaptiveDelayMs', () => {
  it('polls a board that changed within the last day at the base interval', () => {
    expect(adaptiveDelayMs(60_000, now, now)).toBe(60_000);
    expect(adaptiveDelayMs(60_000, now - 23 * HOUR, now)).toBe(60_000);
  });

  it('backs off step by step as the board stays quiet, to 20 minutes', () => {
    expect(adaptiveDelayMs(60_000, now - 24 * HOUR, now)).toBe(10 * 60_000);
    expect(adaptiveDelayMs(60_000, now - 3 * 24 * HOUR, now)).toBe(20 * 60_000);
    expect(adaptiveDelayMs(60_000, now - 300 * 24 * HOUR, now)).toBe(20 * 60_000);
  });
});

describe('isPollBoardData with a last change', () => {
  it('accepts a finite last change time or none, and nothing else', () => {
    expect(isPollBoardData({ source: 'lever', token: 'a', failures: 0, lastChangeAt: now })).toBe(
      true,
    );
    expect(isPollBoardData({ source: 'lever', token: 'a', failures: 0 })).toBe(true);
    expect(isPollBoardData({ source: 'lever', token: 'a', failures: 0, lastChangeAt: 'x' })).toBe(
      false,
    );
  });
});

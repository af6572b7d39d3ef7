import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../src/ui/matches/freshness';

const NOW = '2026-11-26T12:00:00.000Z';
const before = (seconds: number) => new Date(Date.parse(NOW) - seconds * 1000).toISOString();

describe('how long ago a posting was made', () => {
  it.each([
    [0, 'just now'],
    [1, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [4 * 60 + 30, '4 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [2 * 24 * 3600, '2 days ago'],
  ])('%i s before is "%s"', (seconds, said) => {
    expect(timeAgo(before(seconds), NOW)).toBe(said);
  });

  it('says "just now" for a time a little after the check (clocks differ)', () => {
    expect(timeAgo(before(-5), NOW)).toBe('just now');
  });
});

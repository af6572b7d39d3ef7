import { describe, expect, it } from 'vitest';
import { localDigestHour } from '../../src/ui/matches/DigestNote';

describe('the digest hour in the reader’s time', () => {
  const summer = new Date('2026-07-01T00:00:00Z');

  it('is the UTC hour read on the given day in the local time zone', () => {
    const utcThirteen = new Date('2026-07-01T13:00:00Z');
    expect(localDigestHour(13, summer)).toBe(
      utcThirteen.toLocaleTimeString(undefined, { hour: 'numeric' }),
    );
  });

  it('names an hour of its own for each UTC hour, so none is lost to rounding', () => {
    const hours = Array.from({ length: 24 }, (_, hour) => localDigestHour(hour, summer));
    expect(new Set(hours).size).toBe(24);
  });
});

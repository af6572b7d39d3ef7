import type { JobMatch } from '../../../contract';
import { onFirstUse } from '../text/onFirstUse';

const UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'always' }));

/**
 * "4 minutes ago": how long before `now` the time `at` was, in its largest whole unit; "just now"
 * under a minute, where counting seconds from a clock that is not the poster's would be false
 * precision.
 */
export function timeAgo(at: string, now: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(now) - Date.parse(at)) / 1000));
  const fit = UNITS.find(({ seconds: size }) => seconds >= size);
  return fit ? relative().format(-Math.floor(seconds / fit.seconds), fit.unit) : 'just now';
}

/** When the posting was made public, else when ApplyFirst first saw it, and which of the two. */
export function freshnessOf(match: JobMatch): { at: string; verb: 'Posted' | 'First seen' } {
  return match.postedAt === null
    ? { at: match.firstSeenAt, verb: 'First seen' }
    : { at: match.postedAt, verb: 'Posted' };
}

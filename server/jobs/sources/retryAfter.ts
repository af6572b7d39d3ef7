/**
 * A Retry-After header as milliseconds from `now`: delay-seconds ("120") or an HTTP date. Null when
 * absent or unreadable; a date in the past is 0.
 */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (value === '') return null;
  if (/^\d{1,9}$/.test(value)) return Number(value) * 1000;
  // An HTTP date starts with the day's name; Date.parse would also accept "-5" as a year.
  const startsWithLetter = /^[A-Za-z]/.test(value);
  const date = startsWithLetter ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now.getTime());
}

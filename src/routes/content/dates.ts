const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "March 19, 2024", the same on the server and in every browser (fixed locale and time zone). */
export function formatDate(isoDate: string): string {
  return LONG_DATE.format(new Date(isoDate));
}

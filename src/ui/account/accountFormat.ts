const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  password: 'Email and password',
  'google.com': 'Google',
};

/** `['password', 'google.com']` -> `['Email and password', 'Google']`. */
export function signInMethodNames(providerIds: readonly string[]): string[] {
  return providerIds.map((providerId) => PROVIDER_NAMES[providerId] ?? providerId);
}

/** The SDK's metadata times (`Tue, 02 Jan 2024 10:00:00 GMT`) as an ISO string, or null. */
export function isoTime(value: string | null): string | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

export function formatDay(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
}

export function formatMoment(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

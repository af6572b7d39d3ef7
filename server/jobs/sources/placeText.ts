import { textAt, uniqueTexts, type JsonObject } from './json';

const US_NAMES = new Set(['us', 'usa', 'united states', 'united states of america']);

/**
 * One place as "City, Region, Country" from an API's separate fields. The region is kept only in
 * the US: elsewhere a region code reads as a US state ("Geneva, GE, Switzerland" as Georgia).
 */
export function placeText(
  city: string | null,
  region: string | null,
  country: string | null,
  countryCode: string | null,
): string | null {
  const inUs = [country, countryCode].some(
    (name) => name !== null && US_NAMES.has(name.toLowerCase()),
  );
  const parts = uniqueTexts([city, inUs ? region : null, country ?? countryCode]);
  return parts.length === 0 ? null : parts.join(', ');
}

/** The place of one location entry, its fields named as the API names them. */
export const placeAt = (
  entry: JsonObject,
  keys: {
    readonly city: string;
    readonly region: string;
    readonly country: string;
    readonly code: string;
  },
): string | null =>
  placeText(
    textAt(entry, keys.city),
    textAt(entry, keys.region),
    textAt(entry, keys.country),
    textAt(entry, keys.code),
  );

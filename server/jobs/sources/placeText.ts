import { textAt, uniqueTexts, type JsonObject } from './json';

/** One place as "City, Region, Country" from an API's separate fields. */
export function placeText(
  city: string | null,
  region: string | null,
  country: string | null,
): string | null {
  const parts = uniqueTexts([city, region, country]);
  return parts.length === 0 ? null : parts.join(', ');
}

/** The place of one location entry, its fields named as the API names them. */
export const placeAt = (
  entry: JsonObject,
  keys: { readonly city: string; readonly region: string; readonly country: string },
): string | null =>
  placeText(textAt(entry, keys.city), textAt(entry, keys.region), textAt(entry, keys.country));

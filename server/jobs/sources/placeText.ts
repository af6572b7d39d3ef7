import { usStateCode } from '../normalise/gazetteer';
import { textAt, uniqueTexts, type JsonObject } from './json';

/** One place as "City, Region, Country" from an API's separate fields. */
export function placeText(
  city: string | null,
  region: string | null,
  country: string | null,
): string | null {
  const parts = uniqueTexts([city, region, country]);
  // "New York, New York": a city named like its US state stays a city, not the whole state.
  if (city !== null && city === region && usStateCode(region) !== null) parts.splice(1, 0, region);
  return parts.length === 0 ? null : parts.join(', ');
}

/** The place of one location entry, its fields named as the API names them. */
export const placeAt = (
  entry: JsonObject,
  keys: { readonly city: string; readonly region: string; readonly country: string },
): string | null =>
  placeText(textAt(entry, keys.city), textAt(entry, keys.region), textAt(entry, keys.country));

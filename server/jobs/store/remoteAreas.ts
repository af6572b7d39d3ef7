import { createRequire } from 'node:module';
import { DEFAULT_RESIDENCE, type WorkLocations } from '../../../contract';
import type { Region } from '../jobRecord';
import { regionsOfCountry } from '../normalise/countryRegions';

const require = createRequire(import.meta.url);
const isoCountries = require('i18n-iso-countries') as typeof import('i18n-iso-countries');

/** Whether the code is an assigned ISO 3166-1 alpha-2 country code. */
export const isCountryCode = (code: string): boolean =>
  /^[A-Z]{2}$/.test(code) && isoCountries.isValid(code);

/** Where the seeker lives: the profile's country, the US when it names none. */
export const residenceOf = (where: Pick<WorkLocations, 'country'>): string =>
  where.country ?? DEFAULT_RESIDENCE;

/**
 * Where a remote posting may be done from, as keys: its countries' codes and its regions
 * ("DE", "europe", "worldwide"); none for a posting that is not remote. Matched against a
 * seeker's (`seekerRemoteAreas`) on GIN indexes on both sides.
 */
export function jobRemoteAreas(record: {
  readonly remote: boolean;
  readonly countries: readonly string[];
  readonly regions: readonly Region[];
}): string[] {
  return record.remote ? [...new Set([...record.countries, ...record.regions])] : [];
}

/**
 * The remote-area keys a seeker outside the US accepts by their remote choice: their country and
 * its regions. None for a US resident, whom matching's US rule (`LOCATION_RULE`) serves as before,
 * and none without the choice. Remote from anywhere is matched by the job's US eligibility.
 */
export function seekerRemoteAreas(where: WorkLocations): string[] {
  const country = residenceOf(where);
  if (country === DEFAULT_RESIDENCE || !where.remoteUs) return [];
  return [country, ...regionsOfCountry(country)];
}

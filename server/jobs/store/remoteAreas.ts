import { createRequire } from 'node:module';
import { DEFAULT_RESIDENCE, type WorkLocations } from '../../../contract';
import type { Region } from '../jobRecord';

const require = createRequire(import.meta.url);
const isoCountries = require('i18n-iso-countries') as typeof import('i18n-iso-countries');

interface WorldCountry {
  readonly cca2: string;
  readonly region: string;
  readonly subregion: string;
  readonly languages: Readonly<Record<string, string>>;
}
// world-countries (mledoze/countries): each country's UN region and subregion, and its languages.
const WORLD = require('world-countries') as readonly WorldCountry[];

const NORTH_AMERICA = 'North America';

/**
 * The regions of the world a posting's "Remote - <region>" may name that hold the country, by the
 * UN's regions: the Americas; North America (its subregion, Mexico included); Latin America (the
 * Americas outside the English- and French-speaking north); Europe; EMEA (Europe, Africa and
 * Western Asia); APAC (the rest of Asia, and Oceania).
 */
function regionsOf(country: WorldCountry): Region[] {
  const { region, subregion } = country;
  if (region === 'Americas') {
    const latin = subregion !== NORTH_AMERICA || 'spa' in country.languages;
    return [
      'americas',
      ...(subregion === NORTH_AMERICA ? (['north-america'] as const) : []),
      ...(latin ? (['latam'] as const) : []),
    ];
  }
  if (region === 'Europe') return ['europe', 'emea'];
  if (region === 'Africa' || subregion === 'Western Asia') return ['emea'];
  if (region === 'Asia' || region === 'Oceania') return ['apac'];
  return [];
}

const REGIONS_BY_COUNTRY: ReadonlyMap<string, readonly Region[]> = new Map(
  WORLD.map((country) => [country.cca2, regionsOf(country)]),
);

/** The regions a country is in ("DE": europe, emea); none for a code the data does not know. */
export const regionsOfCountry = (code: string): readonly Region[] =>
  REGIONS_BY_COUNTRY.get(code) ?? [];

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

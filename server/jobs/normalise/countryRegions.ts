/** The regions of the world each country lies in, as postings' "Remote - <region>" names them. */
import { createRequire } from 'node:module';
import type { Region } from '../jobRecord';

const require = createRequire(import.meta.url);

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

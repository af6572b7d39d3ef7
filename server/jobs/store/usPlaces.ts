import { sql, type SQL } from 'drizzle-orm';
import { US_STATE_CODES, type UsCity, type UsStateCode } from '../../../contract';
import { tokenize } from '../../skills/tokenize';

// prettier-ignore
const STATE_NAMES: Readonly<Record<string, UsStateCode>> = {
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
};

const STATE_CODES: ReadonlySet<string> = new Set(US_STATE_CODES);

const words = (text: string): string =>
  tokenize(text)
    .words.map((word) => word.toLowerCase())
    .join(' ');

function stateOf(part: string): UsStateCode | null {
  const trimmed = part.trim();
  const code = trimmed.split(/\s+/)[0] ?? '';
  if (STATE_CODES.has(code)) return code as UsStateCode;
  return STATE_NAMES[words(trimmed)] ?? null;
}

const CITY_MARK = '/';

/** The key a US state or a city in it is matched by: "CA", "TX/austin". */
export const placeKey = (state: UsStateCode, city?: string): string =>
  city === undefined ? state : `${state}${CITY_MARK}${words(city)}`;

/** Whether a place key is a whole state's ("CA"), not a city's ("CA/san francisco"). */
export const isStateKey = (key: string): boolean => !key.includes(CITY_MARK);

/** The state's key of a place key column or value, in SQL: "CA" for "CA/san francisco" and "CA". */
export const stateKeySql = (key: SQL): SQL => sql`split_part(${key}, ${CITY_MARK}, 1)`;

/**
 * The US states and cities a posting's locations name, as place keys: "Austin, TX" and
 * "Austin, Texas, United States" give "TX" and "TX/austin", "California, USA" gives "CA";
 * "Remote - US" and "London, UK" give none. Only "city, state" shapes count, so a city is never guessed without its state.
 */
export function usPlacesOf(locations: readonly string[]): string[] {
  const places = new Set<string>();
  for (const location of locations) {
    const parts = location.split(/[,;]/);
    const named = STATE_NAMES[words(parts[0] ?? '')];
    if (named !== undefined) places.add(placeKey(named));
    for (let at = 1; at < parts.length; at += 1) {
      const state = stateOf(parts[at] ?? '');
      if (state === null) continue;
      places.add(placeKey(state));
      const city = parts[at - 1] ?? '';
      if (at === 1 && words(city) !== '') places.add(placeKey(state, city));
      break;
    }
  }
  return [...places];
}

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

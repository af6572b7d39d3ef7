import type { UsStateCode } from '../../../contract';
import type { Region } from '../jobRecord';
import {
  citiesNamed,
  countryCode,
  isCanadianProvince,
  placeKey,
  usStateCode,
  usCityName,
  type City,
} from './gazetteer';
import { areaNamed, withAreasWhole, type Area } from './areas';
import { regionsOfCountry } from './countryRegions';

/** Words around a place that say how or where in it, not which place: "Remote (US)", "Canada Locations". */
const NOISE = new Set(
  (
    'remote remotely hybrid onsite on site in office office offices hq headquarters location locations ' +
    'based only perm within in from the and or of any area metro greater flexible friendly first ' +
    'home work anywhere time zone zones timezone timezones hours'
  ).split(' '),
);

/** Where a posting may be done, as read from its place strings. */
export interface PlaceReading {
  /** ISO 3166-1 alpha-2 codes, sorted. */
  readonly countries: readonly string[];
  readonly regions: readonly Region[];
  readonly usStates: readonly UsStateCode[];
  /** "City, ST, US" in the US, "City, CC" elsewhere. */
  readonly cities: readonly string[];
  readonly saysRemote: boolean;
  readonly saysHybrid: boolean;
}

type Part = PartKind & { readonly text: string };
type PartKind =
  | Area
  | { kind: 'country'; code: string }
  | { kind: 'state'; code: UsStateCode }
  /** "CA", "IN", "Georgia": a US state or a country, decided by what surrounds it. */
  | { kind: 'either'; state: UsStateCode; country: string }
  | { kind: 'province' }
  | { kind: 'city'; name: string; candidates: readonly City[] };

/**
 * How-words that are a state's or a province's code in capitals, last in a part: "Remote - OR" is
 * Oregon, "London, ON" is in Ontario.
 */
const CODES_LIKE_HOW_WORDS: ReadonlySet<string> = new Set(['OR', 'ON']);

/** The words of a part left once how-words are gone: "Remote (US)" -> "US". */
const placeWords = (part: string): string =>
  part
    .split(/[\s-]+/)
    .filter(
      (word, at, words) =>
        (at === words.length - 1 && CODES_LIKE_HOW_WORDS.has(word)) || !NOISE.has(placeKey(word)),
    )
    .join(' ')
    .trim();

function classify(raw: string): Part | null {
  const kind = classifyKind(raw);
  return kind === null ? null : { ...kind, text: raw };
}

function classifyKind(raw: string): PartKind | null {
  const text = placeWords(raw);
  const area = areaNamed(raw, text);
  if (area !== null) return area;
  if (text === '') return null;
  // As written first: "United States of America", "Bay Area" lose a word as how-words go.
  const country = countryCode(raw) ?? countryCode(text);
  const state = usStateCode(text);
  if (country !== null && state !== null && country !== 'US')
    return { kind: 'either', state, country };
  if (country !== null) return { kind: 'country', code: country };
  if (state !== null) return { kind: 'state', code: state };
  if (isCanadianProvince(text)) return { kind: 'province' };
  const asWritten = citiesNamed(raw);
  return asWritten.length > 0
    ? { kind: 'city', name: raw.trim(), candidates: asWritten }
    : { kind: 'city', name: text, candidates: citiesNamed(text) };
}

/** "Cape Town, SA": a two-letter code no city of that name is in is a short form of the city's country. */
const misnamesCity = (city: Part | null | undefined, code: Part & { kind: 'country' }): boolean =>
  city?.kind === 'city' &&
  code.text.trim().length === 2 &&
  city.candidates.length > 0 &&
  !city.candidates.some((candidate) => candidate.country === code.code);

/**
 * "Dublin, Dublin, Ireland, EMEA", "Remote, Pennsylvania, United States, AMER": an address ending in
 * the region its country lies in, the board's grouping of its offices, not a wider place.
 */
function withoutRegionTag(group: readonly (Part | null)[]): (Part | null)[] {
  const [country, region] = group.slice(-2);
  const tagged =
    group.length >= 3 &&
    country?.kind === 'country' &&
    region?.kind === 'region' &&
    regionsOfCountry(country.code).includes(region.region);
  return tagged ? group.slice(0, -1) : [...group];
}

/**
 * "Geneva, GE, Switzerland", "Milan, MI, Italy": between the city and a last part that names a
 * country other than the US, the parts are that country's regions, never US states or countries.
 * A list that starts with a country ("Germany, Spain, Portugal") is a list of countries.
 */
function withoutForeignRegions(group: readonly (Part | null)[]): (Part | null)[] {
  const last = group.at(-1);
  if (group.length < 3 || last?.kind !== 'country' || last.code === 'US') return [...group];
  if (group[0]?.kind === 'country') return [...group];
  return group.map((part, at) => (at === 0 || at === group.length - 1 ? part : null));
}

/**
 * "Bangalore - EC" (Electronic City): a two-letter code standing on its own after a city it does not
 * fit names a district of that city, as in "Cape Town, SA" (`misnamesCity`), not a country.
 */
const withoutDistrictCodes = (groups: readonly (Part | null)[][]): (Part | null)[][] =>
  groups.map((group, at) => {
    const [only] = group;
    return group.length === 1 &&
      only?.kind === 'country' &&
      misnamesCity(groups[at - 1]?.at(-1), only)
      ? [null]
      : group;
  });

/** The US state a part names, as a state or as a code that may be one. */
const stateCodeOf = (part: Part | null | undefined): UsStateCode | null =>
  part?.kind === 'state' ? part.code : part?.kind === 'either' ? part.state : null;

/**
 * Whether a city of this name lies in that state: "New York, NY", "Delaware, OH" and the capital,
 * "Washington, DC"; not "NY, TX" or "Ohio, MI", lists of states.
 */
const isUsCityIn = (name: string, state: UsStateCode): boolean =>
  (state === 'DC' && placeKey(name) === 'washington') ||
  citiesNamed(name).some((city) => city.country === 'US' && city.admin === state);

/** "Florida, Georgia, Illinois": three or more states in one group list states, not an address. */
const listsStates = (group: readonly (Part | null)[]): boolean =>
  group.filter((part) => stateCodeOf(part) !== null).length >= 3;

/** Location strings into their place groups: "Toronto, ON, CA" is one group of three parts. */
function groupsOf(location: string): string[][] {
  return withAreasWhole(location)
    .split(/;|:\s+|\||\/|[•·]|\(|\)|\n|\s+or\s+|\s+and\s+|\s*&\s*|\s+[-–—]\s+|^[-–—]\s*|\s*[-–—]$/i)
    .map((segment) =>
      segment
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .filter((parts) => parts.length > 0);
}

const cityLabel = (name: string, country: string, state: string | null) =>
  state === null ? `${name}, ${country}` : `${name}, ${state}, US`;

/**
 * Reads place strings ("San Francisco, CA", "Remote - Europe", "Toronto, ON, CA", "SF / NY") into
 * countries, regions, US states and cities. `knownCountries` (the API's own country fields) decide
 * between namesakes: a bare "London" is in GB unless the posting's countries say otherwise, and
 * "Georgia" is the country beside other countries but the US state beside US places.
 * `preferredCountries` only decide between namesakes, without being places themselves.
 */
export function readPlaces(
  locations: readonly string[],
  knownCountries: readonly string[] = [],
  preferredCountries: readonly string[] = [],
): PlaceReading {
  const countries = new Set<string>(knownCountries);
  const regions = new Set<Region>();
  const states = new Set<UsStateCode>();
  const cities = new Set<string>();
  const joined = placeKey(locations.join(' '));
  const saysRemote = /\b(remote|remotely|distributed|wfh|work from home|anywhere)\b/.test(joined);
  const saysHybrid = /\bhybrid\b/.test(joined);

  const grouped = locations.flatMap((location) =>
    withoutDistrictCodes(
      groupsOf(location).map((group) =>
        withoutForeignRegions(withoutRegionTag(group.map(classify))),
      ),
    ),
  );
  // First what is certain (countries, states), so namesakes can be judged by it.
  for (const group of grouped)
    for (const [at, part] of group.entries()) {
      if (part?.kind === 'country' && !misnamesCity(group[at - 1], part)) countries.add(part.code);
      if (part?.kind === 'state') countries.add('US');
      if (part?.kind === 'group') for (const code of part.codes) countries.add(code);
    }
  const usContext = () => countries.has('US') || (countries.size === 0 && states.size > 0);
  const pickCity = (candidates: readonly City[]): City | undefined =>
    candidates.find((city) => countries.has(city.country)) ??
    candidates.find((city) => preferredCountries.includes(city.country)) ??
    candidates[0];

  for (const group of grouped) {
    let pendingCity: { name: string; candidates: readonly City[] } | null = null;
    let qualified = false;
    const stateList = listsStates(group);
    const placeCity = (city: string, country: string, state: UsStateCode | null) => {
      cities.add(cityLabel(city, country, state));
      countries.add(country);
      if (state !== null) states.add(state);
    };
    // A city no state or country follows is the namesake in the posting's countries, or the biggest.
    const placePending = () => {
      if (pendingCity === null || qualified) return;
      const city = pickCity(pendingCity.candidates);
      if (city === undefined) return;
      const state = city.country === 'US' ? usStateCode(city.admin) : null;
      placeCity(
        city.country === 'US' ? usCityName(pendingCity.name) : city.name,
        city.country,
        state,
      );
    };
    for (const [at, part] of group.entries()) {
      if (part === null) continue;
      const previous = at > 0 ? group[at - 1] : undefined;
      const next = group[at + 1];
      // "New York, New York" and "Washington, D.C.": a state's name before a state is a city's
      // when a city of that name lies in it ("NJ, NY, or PA" and "Ohio, Michigan" are lists of
      // states), but "California, CA" is the state with its code (New York's is the
      // city); "SF / NY": New York named alone is the city.
      const cityAlone = part.kind === 'state' && part.code === 'NY' && group.length === 1;
      const nextState = stateCodeOf(next);
      const withOwnCode = part.kind === 'state' && part.code !== 'NY' && nextState === part.code;
      if (
        cityAlone ||
        (part.kind === 'state' &&
          !withOwnCode &&
          nextState !== null &&
          isUsCityIn(part.text, nextState))
      ) {
        placePending();
        pendingCity = { name: part.text, candidates: citiesNamed(part.text) };
        qualified = false;
        continue;
      }
      if (part.kind === 'region') regions.add(part.region);
      else if (part.kind === 'regions') for (const region of part.regions) regions.add(region);
      else if (part.kind === 'group') continue;
      else if (part.kind === 'province') countries.add('CA');
      else if (part.kind === 'city' && previous?.kind === 'country' && previous.code !== 'US') {
        // "Panama, Panama City": a city after its country is in it, whatever namesakes it has.
        placePending();
        const local = part.candidates.find((city) => city.country === previous.code);
        placeCity(local?.name ?? part.name, previous.code, null);
        pendingCity = null;
      } else if (part.kind === 'city') {
        placePending();
        pendingCity = part;
        qualified = false;
      } else {
        const asState = (code: UsStateCode) => {
          states.add(code);
          countries.add('US');
          if (pendingCity !== null && !qualified)
            placeCity(usCityName(pendingCity.name), 'US', code);
          qualified = true;
        };
        const asCountry = (code: string) => {
          countries.add(code);
          if (pendingCity !== null && !qualified) placeCity(pendingCity.name, code, null);
          qualified = true;
        };
        if (part.kind === 'state') asState(part.code);
        else if (part.kind === 'country') {
          const city = qualified ? undefined : pendingCity?.candidates[0];
          // "Cape Town, SA": a two-letter code that is not the city's country is a short form of it.
          if (
            part.text.trim().length === 2 &&
            city !== undefined &&
            !pendingCity?.candidates.some((c) => c.country === part.code)
          )
            asCountry(city.country);
          else if (!(qualified && part.code === 'US')) asCountry(part.code);
          else countries.add('US');
        } else if ((previous?.kind === 'state' && previous.code === part.state) || stateList)
          asState(part.state);
        else if (previous?.kind === 'province' || previous?.kind === 'state')
          asCountry(part.country);
        else if (pendingCity !== null && !qualified) {
          const inCountry = pendingCity.candidates.some((city) => city.country === part.country);
          const inState = pendingCity.candidates.some(
            (city) => city.country === 'US' && city.admin === part.state,
          );
          if (inCountry && !inState) asCountry(part.country);
          else asState(part.state);
        } else if ([...countries].some((code) => code !== 'US') && !usContext())
          asCountry(part.country);
        else asState(part.state);
      }
    }
    placePending();
  }
  // "Europe - Anywhere" is anywhere in Europe: worldwide only when nothing narrower is named.
  if (regions.size > 1 || (regions.size > 0 && countries.size > 0)) regions.delete('worldwide');
  return {
    countries: [...countries].sort(),
    regions: [...regions],
    usStates: [...states].sort(),
    cities: [...cities],
    saysRemote,
    saysHybrid,
  };
}

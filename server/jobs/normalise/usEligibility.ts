import type { UsStateCode } from '../../../contract';
import type { Region, UsEligibility, Workplace } from '../jobRecord';
import { countryCode } from './gazetteer';
import { readPlaces, type PlaceReading } from './places';
import {
  countriesInText,
  openToInText,
  roleBasedInText,
  saysDistributed,
  saysWorldwide,
  onlyHiringIn,
  statedWorkplace,
  taggedWorkplace,
} from './workplaceText';

export interface LocationFacts {
  /** Locations as the source wrote them. */
  readonly locations: readonly string[];
  /** What the source says about remote work, if it says (Ashby isRemote). */
  readonly remoteFlag: boolean | null;
  /** Countries the source names separately (Lever `country`, Ashby `addressCountry`). */
  readonly countries: readonly string[];
  /** The source's own workplace field (Lever workplaceType, Ashby workplaceType, Greenhouse metadata). */
  readonly workplace?: Workplace | null;
  /** Offices the source lists beside its locations (Greenhouse offices): places of the job too. */
  readonly offices?: readonly string[];
  /** Places the source says the role may be remote from (a Greenhouse remote-places field). */
  readonly remotePlaces?: readonly string[];
  /** Places that count only when the locations name none (Ashby addresses). */
  readonly placeHints?: readonly string[];
}

/** Where a posting may be done from, as a reader of it understands. */
export interface Where {
  readonly workplace: Workplace;
  /** ISO 3166-1 alpha-2 codes; [] with no country named (remote from anywhere, or nowhere said). */
  readonly countries: readonly string[];
  readonly regions: readonly Region[];
  readonly usStates: readonly UsStateCode[];
  /** "City, ST, US" or "City, CC". */
  readonly cities: readonly string[];
  readonly usEligibility: UsEligibility;
}

/** The options a posting's locations give: "SF / NY / Remote" is three. */
const optionsOf = (locations: readonly string[]): string[] =>
  locations.flatMap((location) => location.split(/\/|\||;|\bor\b/i)).filter((o) => o.trim() !== '');

/**
 * Remote offered as one of several options: "SF / Remote", "Austin, TX or remote", or a
 * "Remote (US)" location beside an office; or a location that is remote work alone ("Remote",
 * "Remote, USA"), which a company's office policy in the text does not undo. A remote-friendly
 * office is not such an option.
 */
function offersRemote(locations: readonly string[]): boolean {
  const options = optionsOf(locations);
  const remote = options.filter(
    (option) => /\bremote\b/i.test(option) && !/\b(?:friendly|first|hybrid)\b/i.test(option),
  );
  return remote.length > 0 && (options.length > 1 || /^\s*remote\b/i.test(remote[0] ?? ''));
}

/** The text calling this very role hybrid: "This is a hybrid role", "This position is hybrid". */
const THIS_ROLE_IS_HYBRID =
  /\bthis[^\S\n]+is[^\S\n]+an?[^\S\n]+hybrid[^\S\n]+(?:role|position|job)\b|\bthis[^\S\n]+(?:role|position|job)[^\S\n]+is[^\S\n]+hybrid\b/i;

/**
 * Remote offered beside an office first (by the offices when the location names no place); then
 * what the text states in words, over the source's workplace field (the posting's own text wins,
 * see eval/matching/README.md); then the field, the location words, the remote flag, and last a
 * recruiter's LinkedIn tag.
 */
function workplaceOf(
  facts: LocationFacts,
  own: PlaceReading,
  places: PlaceReading,
  text: string,
): Workplace {
  if (offersRemote(facts.locations)) return THIS_ROLE_IS_HYBRID.test(text) ? 'hybrid' : 'remote';
  // A location that names only the arrangement ("Hybrid") leaves the options to the offices.
  if (!namesPlace(own) && offersRemote(facts.offices ?? [])) return 'remote';
  const stated = statedWorkplace(text, places.countries);
  if (stated !== null) return stated;
  if (facts.workplace != null) return facts.workplace;
  if (places.saysHybrid) return 'hybrid';
  if (facts.remoteFlag !== null) return facts.remoteFlag ? 'remote' : 'onsite';
  if (places.saysRemote) return 'remote';
  return taggedWorkplace(text) ?? (wholeAreaWhileDistributed(own, text) ? 'remote' : 'onsite');
}

/**
 * "Germany" or "Washington, United States" as the only location, no city, at a company whose text
 * says it is distributed: remote within that country or state, as a reader takes it.
 */
function wholeAreaWhileDistributed(own: PlaceReading, text: string): boolean {
  const wholeArea = own.countries.length > 0 && own.cities.length === 0 && own.regions.length === 0;
  return wholeArea && saysDistributed(text);
}

const NEAR_US: ReadonlySet<Region> = new Set(['americas', 'north-america', 'worldwide']);

const namesPlace = (places: PlaceReading): boolean =>
  places.countries.length > 0 || places.regions.length > 0;

interface FieldPlaces {
  readonly places: PlaceReading;
  /** Whether the location and office strings themselves name a place. */
  readonly written: boolean;
}

/**
 * The places the source's fields name: the locations and offices, with the source's own countries
 * (not where they name only a region: "North America" with a US address is the region, the
 * address standing in for it), and the address places only when nothing else names a place. An
 * office's region ("EMEA" beside a "London" location) is its grouping, not the job's.
 */
function placesOfFields(facts: LocationFacts): FieldPlaces {
  const written = [...facts.locations, ...(facts.offices ?? [])];
  const alone = readPlaces(written);
  const known =
    alone.regions.length > 0 && alone.countries.length === 0
      ? []
      : facts.countries.map(countryCode).filter((code): code is string => code !== null);
  const places = readPlaces(written, known);
  const result = (reading: PlaceReading) => ({ places: reading, written: namesPlace(alone) });
  if (!namesPlace(places) && facts.placeHints?.length)
    return result(readPlaces([...written, ...facts.placeHints], known));
  if (!facts.offices?.length) return result(places);
  const own = readPlaces(facts.locations, known);
  if (remoteInCountries(own)) return result(own);
  return result(namesPlace(own) ? { ...places, regions: own.regions } : places);
}

/**
 * A location that is remote work in named countries only ("Remote - Canada: Select locations"): the
 * posting's own place, where the offices beside it list every country of its requisition.
 */
const remoteInCountries = (own: PlaceReading): boolean =>
  own.saysRemote &&
  own.countries.length > 0 &&
  own.cities.length === 0 &&
  own.usStates.length === 0;

/**
 * "This role is based in San Francisco" over the API's list of offices: the text's places when it
 * names a city or a state, or countries other than the fields'; "based in the US" beside US
 * offices narrows nothing, so the offices stay, and "in our Hong Kong or Singapore office" beside
 * a Singapore office adds Hong Kong to them.
 */
function basedIn(fields: PlaceReading, description: string): PlaceReading {
  const text = roleBasedInText(description, fields.countries);
  if (text === null) return fields;
  const countriesOnly = text.usStates.length === 0 && text.cities.length === 0;
  const fieldsAmongText =
    fields.countries.length > 0 && fields.countries.every((code) => text.countries.includes(code));
  if (!countriesOnly || !fieldsAmongText) return { ...text, regions: fields.regions };
  return { ...fields, countries: text.countries };
}

/**
 * Where a remote posting may be done from, its text read where the fields leave it open; a text
 * that limits it to named US states binds it to them, as a "Remote - Oregon" location does.
 */
function remotePlaces({ places, written }: FieldPlaces, description: string) {
  let countries = places.countries;
  let named = places.regions;
  let usStates = places.usStates;
  // "Remote" with only the API's country (its legal entity) and a text hiring from anywhere.
  if (!written && saysWorldwide(description)) {
    countries = [];
    named = ['worldwide'];
  }
  const openTo = openToInText(description);
  if (openTo !== null) {
    // The text's regions replace the API's ("Europe" against "open to ... North America and
    // Europe"); its countries join the address's.
    countries = [...new Set([...countries, ...openTo.countries])].sort();
    if (openTo.regions.length > 0 || openTo.countries.length > 0) named = openTo.regions;
    // "must be based out of NJ, NY, or PA": the states it names join the fields'.
    usStates = [...new Set([...usStates, ...openTo.usStates])].sort();
  }
  // "We are only hiring in Ontario, Alberta ...": those places alone, over an office's country.
  const only = onlyHiringIn(description);
  if (only !== null) {
    countries = [...only.countries].sort();
    named = only.regions;
    usStates = [...only.usStates].sort();
  }
  if (countries.length === 0 && named.length === 0) countries = countriesInText(description).sort();
  const regions = countries.length > 0 ? named.filter((r) => r !== 'worldwide') : named;
  // Remote naming no place at all is remote from anywhere.
  return {
    countries,
    regions: countries.length === 0 && regions.length === 0 ? ['worldwide' as const] : regions,
    usStates,
    boundToStates: [openTo, only].some((limit) => limit !== null && onlyUsStates(limit)),
  };
}

/** Places that are US states and nothing wider: "NJ, NY, or PA", "Ohio, Michigan or Indiana". */
const onlyUsStates = (places: PlaceReading): boolean =>
  places.usStates.length > 0 &&
  places.regions.length === 0 &&
  places.countries.every((code) => code === 'US');

/**
 * Locations naming only whole US states ("Remote - Oregon", "Washington, United States"), or a
 * remote-places field naming only US states (its cities, "Washington, DC", lie in them): remote
 * work bound to those states, open to the people in them (matched by place), not the whole US.
 */
function boundToUsStates(own: PlaceReading, remotePlacesField: readonly string[]): boolean {
  return (
    (onlyUsStates(own) && own.cities.length === 0) || onlyUsStates(readPlaces(remotePlacesField))
  );
}

function eligibilityOf(
  workplace: Workplace,
  countries: readonly string[],
  regions: readonly Region[],
): UsEligibility {
  const inUs = countries.includes('US');
  if (workplace !== 'remote') return inUs ? 'us' : 'not-us';
  if (inUs) return 'remote-us';
  if (regions.includes('worldwide') || (countries.length === 0 && regions.length === 0))
    return 'remote-worldwide';
  return regions.some((region) => NEAR_US.has(region)) ? 'remote-us' : 'not-us';
}

/**
 * Workplace and places, structured fields first: the source's workplace field, its countries, the
 * location strings and offices, and the description where it states otherwise or they leave it
 * unsaid: the arrangement in words, the places an office role "is based in", a remote job's
 * countries or regions.
 */
export function readWhere(facts: LocationFacts, description = ''): Where {
  const fieldPlaces = placesOfFields(facts);
  const fields = fieldPlaces.places;
  // The location strings alone, read once: the arrangement and the remote states look at them.
  const own = readPlaces(facts.locations);
  const workplace = workplaceOf(facts, own, fields, description);
  if (workplace === 'remote') {
    const { countries, regions, usStates, boundToStates } = remotePlaces(fieldPlaces, description);
    return {
      workplace,
      countries,
      regions,
      usStates,
      cities: fields.cities,
      usEligibility:
        boundToStates || boundToUsStates(own, facts.remotePlaces ?? [])
          ? 'us'
          : eligibilityOf(workplace, countries, regions),
    };
  }
  const places = basedIn(fields, description);
  return {
    workplace,
    countries: places.countries,
    regions: places.regions,
    usStates: places.usStates,
    cities: places.cities,
    usEligibility: eligibilityOf(workplace, places.countries, places.regions),
  };
}

export const isRemote = (facts: LocationFacts): boolean => readWhere(facts).workplace === 'remote';

/**
 * US eligibility: on site or hybrid in the US is 'us'; remote in the US (or the Americas) is
 * 'remote-us'; remote naming no country or region, or worldwide, is 'remote-worldwide'; the rest
 * 'not-us'.
 */
export const usEligibility = (facts: LocationFacts): UsEligibility =>
  readWhere(facts).usEligibility;

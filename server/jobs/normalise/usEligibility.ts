import type { UsStateCode } from '../../../contract';
import type { Region, UsEligibility, Workplace } from '../jobRecord';
import { countryCode } from './gazetteer';
import { readPlaces } from './places';

export interface LocationFacts {
  /** Locations as the source wrote them. */
  readonly locations: readonly string[];
  /** What the source says about remote work, if it says (Ashby isRemote). */
  readonly remoteFlag: boolean | null;
  /** Countries the source names separately (Lever `country`, Ashby `addressCountry`). */
  readonly countries: readonly string[];
  /** The source's own workplace field (Lever workplaceType, Ashby workplaceType, Greenhouse metadata). */
  readonly workplace?: Workplace | null;
  /** Places that count only when the locations name none (Greenhouse offices). */
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

/** LinkedIn's workplace tags, which recruiters put at the end of postings: "#LI-Hybrid". */
const LINKEDIN_TAG = /#LI[-_ ](Hybrid|Remote|Onsite|On-site|Office)\b/i;
/** The description saying the work is hybrid: "hybrid role", "3 days a week in the office". */
const HYBRID_TEXT =
  /\bhybrid(?:[- ](?:role|position|work|working|schedule|model|environment|arrangement|setup|policy|team)|\b(?=[^.\n]{0,40}\boffice))|\b\d\s*(?:[-–]\s*\d\s*)?days?\s+(?:a|per|each)\s+week\s+(?:in|at|from)\s+(?:the|our|an?)\s+(?:office|hub|studio)|\b(?:between|mix of)\s+(?:working\s+)?(?:from\s+)?home\s+(?:and|or)\s+(?:the\s+|our\s+)?office|\b(?:in|into|to)\s+the\s+office\s+[1-4]\s*(?:[-–]\s*[1-4]\s*)?(?:times|days)\s+(?:a|per|each)\s+week/i;
const REMOTE_TEXT =
  /\b(?:(?:fully|100%)\s+remote|remote[- ](?:role|position|job|opportunity)|(?:role|position|job)\s+is\s+(?:fully\s+)?remote)\b/i;
/** "remote in the US", "must be based in Canada", "U.S.-based": the country the text limits it to. */
const COUNTRY_LIMIT =
  /\b(?:remote|remotely|based|located|reside|residing|live|living|work|working|eligible to work)\s+(?:anywhere\s+)?(?:with)?in\s+(?:the\s+)?((?:[A-Z][\w.]*)(?:\s+[A-Z][\w.]*){0,3})|\b(U\.?S\.?|United States|Canada|UK)[- ]based\b/g;

/** "open to candidates based in North America and Europe": where a remote posting's text opens it. */
const OPEN_TO =
  /\bopen to (?:candidates|applicants|people|anyone|those)\s+(?:based|located|living|residing)\s+in\s+((?:the\s+)?[A-Z](?:\w|\.(?=\w))*(?:(?:,\s*|\s+and\s+|\s+or\s+|\s+)(?:the\s+)?[A-Z](?:\w|\.(?=\w))*){0,6})/;

/** The places a remote posting's text says it is open to, read as place strings are. */
const openToInText = (description: string) => {
  const named = OPEN_TO.exec(description.slice(0, 20_000))?.[1];
  return named === undefined ? null : readPlaces([named]);
};

/** A location that offers remote as one of its options: "SF / Remote", "Austin, TX or remote". */
const offersRemote = (locations: readonly string[]): boolean =>
  locations.some((location) =>
    location.split(/\/|\||;|\bor\b/i).some((option) => /^\s*remote\s*$/i.test(option)),
  );

/** The countries a remote posting's text limits it to, named right after "remote in" and the like. */
function countriesInText(description: string): string[] {
  const found = new Set<string>();
  for (const match of description.slice(0, 20_000).matchAll(COUNTRY_LIMIT)) {
    const words = (match[1] ?? match[2] ?? '').split(/\s+/);
    for (let length = words.length; length > 0; length -= 1) {
      const code = countryCode(words.slice(0, length).join(' ').replace(/[.,]$/, ''));
      if (code !== null) {
        found.add(code);
        break;
      }
    }
  }
  return [...found];
}

function workplaceOf(
  facts: LocationFacts,
  saysRemote: boolean,
  saysHybrid: boolean,
  text: string,
): Workplace {
  // Remote offered as an option in the posting's own locations wins over the workplace field.
  if (offersRemote(facts.locations)) return 'remote';
  if (facts.workplace != null) return facts.workplace;
  if (saysHybrid) return 'hybrid';
  if (facts.remoteFlag !== null) return facts.remoteFlag ? 'remote' : 'onsite';
  if (saysRemote) return 'remote';
  const tag = LINKEDIN_TAG.exec(text)?.[1]?.toLowerCase();
  if (tag !== undefined)
    return tag === 'hybrid' ? 'hybrid' : tag === 'remote' ? 'remote' : 'onsite';
  if (HYBRID_TEXT.test(text)) return 'hybrid';
  return REMOTE_TEXT.test(text) ? 'remote' : 'onsite';
}

const NEAR_US: ReadonlySet<Region> = new Set(['americas', 'north-america', 'worldwide']);

/**
 * Workplace and places, structured fields first: the source's workplace field, its countries, the
 * location strings (offices only when those name no place), and the description only for what
 * they leave unsaid (hybrid, or a remote job's country).
 */
export function readWhere(facts: LocationFacts, description = ''): Where {
  const known = facts.countries.map(countryCode).filter((code): code is string => code !== null);
  let places = readPlaces(facts.locations, known);
  if (places.countries.length === 0 && places.regions.length === 0 && facts.placeHints?.length)
    places = readPlaces([...facts.locations, ...facts.placeHints], known);
  const workplace = workplaceOf(facts, places.saysRemote, places.saysHybrid, description);
  let countries = places.countries;
  let named = places.regions;
  const openTo = workplace === 'remote' ? openToInText(description) : null;
  if (openTo !== null) {
    // The text's regions replace the API's ("Europe" against "open to ... North America and
    // Europe"); its countries join the address's.
    countries = [...new Set([...countries, ...openTo.countries])].sort();
    if (openTo.regions.length > 0 || openTo.countries.length > 0) named = openTo.regions;
  }
  if (workplace === 'remote' && countries.length === 0 && named.length === 0)
    countries = countriesInText(description).sort();
  let regions: readonly Region[] =
    countries.length > 0 ? named.filter((r) => r !== 'worldwide') : named;
  // Remote naming no place at all is remote from anywhere.
  if (workplace === 'remote' && countries.length === 0 && regions.length === 0)
    regions = ['worldwide'];
  const inUs = countries.includes('US');
  let usEligibility: UsEligibility;
  if (workplace !== 'remote') usEligibility = inUs ? 'us' : 'not-us';
  else if (inUs) usEligibility = 'remote-us';
  else if (regions.includes('worldwide') || (countries.length === 0 && regions.length === 0))
    usEligibility = 'remote-worldwide';
  else usEligibility = regions.some((region) => NEAR_US.has(region)) ? 'remote-us' : 'not-us';
  return {
    workplace,
    countries,
    regions,
    usStates: places.usStates,
    cities: places.cities,
    usEligibility,
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

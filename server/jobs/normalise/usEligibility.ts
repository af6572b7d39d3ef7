import { tokenize } from '../../skills/tokenize';
import type { UsEligibility } from '../jobRecord';

const US_STATE_CODES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY ' +
    'NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'
  ).split(' '),
);

/** Lower-cased word sequences that place a location in the US. */
const US_PLACES: readonly string[] = [
  'us',
  'usa',
  'u s',
  'u s a',
  'united states',
  'united states of america',
  'america',
  'americas',
  'alabama',
  'alaska',
  'arizona',
  'arkansas',
  'california',
  'colorado',
  'connecticut',
  'delaware',
  'florida',
  'georgia',
  'hawaii',
  'idaho',
  'illinois',
  'indiana',
  'iowa',
  'kansas',
  'kentucky',
  'louisiana',
  'maine',
  'maryland',
  'massachusetts',
  'michigan',
  'minnesota',
  'mississippi',
  'missouri',
  'montana',
  'nebraska',
  'nevada',
  'new hampshire',
  'new jersey',
  'new mexico',
  'new york',
  'north carolina',
  'north dakota',
  'ohio',
  'oklahoma',
  'oregon',
  'pennsylvania',
  'rhode island',
  'south carolina',
  'south dakota',
  'tennessee',
  'texas',
  'utah',
  'vermont',
  'virginia',
  'washington',
  'west virginia',
  'wisconsin',
  'wyoming',
  'nyc',
  'sf',
  'bay area',
  'san francisco',
  'seattle',
  'austin',
  'boston',
  'chicago',
  'los angeles',
  'denver',
  'atlanta',
  'miami',
  'san jose',
  'san diego',
  'palo alto',
  'mountain view',
  'menlo park',
  'sunnyvale',
  'brooklyn',
  'portland',
  'philadelphia',
  'pittsburgh',
  'salt lake city',
  'raleigh',
  'dallas',
  'houston',
  'phoenix',
  'minneapolis',
  'detroit',
  'nashville',
  'washington dc',
  'washington d c',
];

/** Lower-cased word sequences that place a location outside the US. */
const ELSEWHERE: readonly string[] = [
  'canada',
  'toronto',
  'vancouver',
  'montreal',
  'mexico',
  'brazil',
  'argentina',
  'colombia',
  'chile',
  'uk',
  'united kingdom',
  'england',
  'scotland',
  'ireland',
  'dublin',
  'london',
  'germany',
  'berlin',
  'munich',
  'france',
  'paris',
  'spain',
  'madrid',
  'barcelona',
  'portugal',
  'lisbon',
  'netherlands',
  'amsterdam',
  'belgium',
  'switzerland',
  'zurich',
  'austria',
  'vienna',
  'italy',
  'milan',
  'poland',
  'warsaw',
  'sweden',
  'stockholm',
  'norway',
  'denmark',
  'copenhagen',
  'finland',
  'helsinki',
  'estonia',
  'romania',
  'ukraine',
  'israel',
  'tel aviv',
  'india',
  'bangalore',
  'bengaluru',
  'hyderabad',
  'pune',
  'mumbai',
  'singapore',
  'japan',
  'tokyo',
  'china',
  'shanghai',
  'hong kong',
  'korea',
  'seoul',
  'taiwan',
  'philippines',
  'vietnam',
  'indonesia',
  'australia',
  'sydney',
  'melbourne',
  'new zealand',
  'south africa',
  'nigeria',
  'kenya',
  'egypt',
  'uae',
  'dubai',
  'emea',
  'apac',
  'latam',
  'europe',
  'eu',
  'asia',
  'africa',
];

const WORLDWIDE: readonly string[] = [
  'anywhere',
  'worldwide',
  'global',
  'globally',
  'international',
];
const REMOTE: readonly string[] = ['remote', 'remotely', 'distributed', 'wfh', 'work from home'];

/** Country codes (ISO 3166 alpha-2 or alpha-3, or a country name) that mean the US. */
const US_COUNTRY = new Set(['us', 'usa', 'united states', 'united states of america']);

const phrasesIn = (text: string): Set<string> => {
  const words = tokenize(text).words.map((word) => word.toLowerCase().split('.').join(' '));
  const phrases = new Set<string>();
  for (let start = 0; start < words.length; start += 1) {
    let phrase = '';
    for (let length = 1; length <= 4 && start + length <= words.length; length += 1) {
      phrase = length === 1 ? (words[start] ?? '') : `${phrase} ${words[start + length - 1] ?? ''}`;
      phrases.add(phrase);
    }
  }
  return phrases;
};

/** Whether a location string places the job in the US; a bare state code after a comma counts. */
function namesUs(location: string, phrases: Set<string>): boolean {
  if (US_PLACES.some((place) => phrases.has(place))) return true;
  return location
    .split(',')
    .slice(1)
    .some((part) => {
      const [code = '', next = ''] = part.trim().split(' ');
      return (
        US_STATE_CODES.has(code) ||
        (next === '' && US_STATE_CODES.has(code.slice(0, 2)) && code.length === 2)
      );
    });
}

export interface LocationFacts {
  /** Locations as the source wrote them. */
  readonly locations: readonly string[];
  /** What the source says about remote work, if it says (Lever workplaceType, Ashby isRemote). */
  readonly remoteFlag: boolean | null;
  /** Countries the source names separately (Lever `country`, Ashby `addressCountry`). */
  readonly countries: readonly string[];
}

export function isRemote(facts: LocationFacts): boolean {
  if (facts.remoteFlag !== null) return facts.remoteFlag;
  return facts.locations.some((location) => {
    const phrases = phrasesIn(location);
    return REMOTE.some((word) => phrases.has(word));
  });
}

/**
 * US eligibility from locations, countries and the remote flag. A US place (name, city, state or
 * ", CA"-style code) or a US country makes it 'us' or 'remote-us'; a remote job that names no
 * country or region, or says "anywhere"/"worldwide", is 'remote-worldwide'; anything else 'not-us'.
 */
export function usEligibility(facts: LocationFacts): UsEligibility {
  const remote = isRemote(facts);
  let inUs = facts.countries.some((country) => US_COUNTRY.has(country.trim().toLowerCase()));
  let elsewhere = facts.countries.some((country) => !US_COUNTRY.has(country.trim().toLowerCase()));
  let worldwide = false;
  for (const location of facts.locations) {
    const phrases = phrasesIn(location);
    if (namesUs(location, phrases)) inUs = true;
    else if (ELSEWHERE.some((place) => phrases.has(place))) elsewhere = true;
    if (WORLDWIDE.some((word) => phrases.has(word))) worldwide = true;
  }
  if (!remote) return inUs ? 'us' : 'not-us';
  if (inUs) return 'remote-us';
  if (worldwide || !elsewhere) return 'remote-worldwide';
  return 'not-us';
}

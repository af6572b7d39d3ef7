import type { Workplace } from '../jobRecord';
import { countryCode } from './gazetteer';
import { UTC_SPAN } from './areas';
import { readPlaces, type PlaceReading } from './places';
import { sentencesOf } from './roleText';

/**
 * What a posting's own text says about where and how the work is done. The text is read only up
 * to this length: the arrangement is stated near the top, and long legal footers are not read.
 */
const READ_LENGTH = 20_000;

/** LinkedIn's workplace tags, which recruiters put at the end of postings: "#LI-Hybrid". */
const LINKEDIN_TAG = /#LI[-_ ](Hybrid|Remote|Onsite|On-site|Office)\b/i;

/**
 * The description saying the work is hybrid (not the company: "we are a hybrid team" says how its
 * people work across roles, some of them remote): "hybrid role", "3 days a week in the office",
 * "Munich 3 days a week | hybrid", "some in person meetings, but ... flexibility to work from home",
 * "50% telecommuting permitted", "making the role hybrid in practice", "in person 4 days a week",
 * "work from home two days a week", "work remotely up to two days per week", "in the office at
 * least 3 days a week", "in-office 3x per week",
 * "onsite Tuesday through Thursday", "in person from our New York City office 1-2 days per week",
 * "work from the office on designated days approximately 2-3 days per week", "working from our
 * Austin or San Francisco office 3-5 days a week" (a range of days that may stop short of five).
 */
const WEEKDAY = String.raw`(?:mon|tues|wednes|thurs|fri)days?`;

/**
 * Named weekdays in the office, not the whole week: "onsite Tuesday through Thursday", "into the
 * office on Mondays, Wednesdays and Thursdays" (not "Monday to Friday").
 */
const OFFICE_WEEKDAYS = new RegExp(
  String.raw`\b(?:office|on[- ]?site|in[- ]person)\b[^.\n]{0,30}?\b(?!mondays?\s*(?:through|thru|to|[-–])\s*fridays?)(?:${WEEKDAY}\s*(?:through|thru|to|[-–])\s*${WEEKDAY}|${WEEKDAY}(?:\s*,\s*${WEEKDAY}){0,2}\s*,?\s*(?:and|&)\s*${WEEKDAY})`,
);

/** What a line names before the arrangement: "Work location: Remote", "Workplace type: Hybrid". */
const WORKPLACE_LABEL = String.raw`(?:work(?:ing)?\s+)?location|(?:work(?:place)?|working)\s+(?:type|model|arrangement)`;

const HYBRID_TEXT = new RegExp(
  [
    /\bhybrid(?:[- ](?:role|position|work|working|schedule|model|environment|arrangement|setup|policy)|\b(?=[^.\n]{0,40}\boffice))/,
    /\b(?:[1-4]|one|two|three|four)\s*(?:[-–]\s*[1-5]\s*)?days?\s+(?:a|per|each)\s+week\s+(?:in|at|from)\s+(?:the|our|an?)\s+(?:[\w-]+\s+){0,2}?(?:office|hub|studio)/,
    /\bin[- ](?:person|office)\s+(?:presence\s+|attendance\s+)?(?:at\s+least\s+)?(?:[1-4]|one|two|three|four)\s*(?:[-–]\s*[1-5]\s*)?(?:x|times|days?)\s+(?:a|per|each)\s+week/,
    /\bwork(?:ing)?\s+(?:from\s+home|remotely)\s+(?:up\s+to\s+)?(?:[1-4]|one|two|three|four)\s+days?\s+(?:a|per|each)\s+week/,
    /\b\d\s*days?\s+(?:a|per)\s+week\b[^.\n]{0,20}\bhybrid\b/,
    /\b(?:between|mix of)\s+(?:working\s+)?(?:from\s+)?home\s+(?:and|or)\s+(?:the\s+|our\s+)?office/,
    /\b(?:in|into|to|from|at)\s+(?:the|our)\s+(?:[\w-]+\s+){0,4}?office\s+(?:on\s+(?:designated|set|certain|specific)\s+days\s+)?(?:at\s+least\s+|a\s+minimum\s+of\s+|approximately\s+|about\s+|around\s+)?(?:[1-4]|one|two|three|four)\s*(?:[-–]\s*[1-5]\s*)?(?:x|times|days)\s+(?:a|per|each)\s+week/,
    OFFICE_WEEKDAYS,
    /\bsome\s+in[- ]person\s+(?:meetings|days|time)\b[^.\n]{0,60}\bwork(?:ing)?\s+from\s+home\b/,
    /\b[1-9]\d?\s*%\s*(?:telecommuting|remote)\s+(?:permitted|allowed|possible)/,
    /\b(?:role|position|job)\s+(?:is\s+)?hybrid\b/,
    new RegExp(String.raw`^[^\S\n]*(?:${WORKPLACE_LABEL})\s*:\s*hybrid\b`),
  ]
    .map((part) => part.source)
    .join('|'),
  'i',
);

/**
 * "fully remote", "a remote-first role", "can be performed remotely", "you can work remotely",
 * "remote work is available", "eligible for remote work", "Location: Remote", "Location: New York
 * Preferred, Remote", "a work-from-home position", "telecommuting is permitted"; not "this is not a
 * remote position", "not eligible for remote work" or "a remote-first company" (the company, not
 * the role).
 */
const REMOTE_TEXT = new RegExp(
  String.raw`(?<!\bnot\s+(?:an?\s+)?)\b(?:` +
    [
      /(?:fully|100%)\s+remote(?:ly)?/,
      /remote[- ](?:first\s+)?(?:role|position|job|opportunity|eligible)/,
      /(?:role|position|job)\s+(?:is|will\s+be|can\s+be|may\s+be)\s+(?:fully\s+)?remote/,
      /(?:can|may)\s+be\s+(?:done|performed|worked)\s+(?:fully\s+)?remotely/,
      /(?:can|may)\s+work\s+remotely/,
      /remote\s+work\s+is\s+(?:available|possible|permitted|allowed|an\s+option)/,
      /(?:can|may)\s+be\s+(?:based|located|performed)\s+anywhere/,
      /eligible\s+for\s+remote\s+work/,
      /work[- ]from[- ]home\s+(?:role|position|job|opportunity)/,
      /tele(?:commut(?:e|ing)|work(?:ing)?)\s+(?:is\s+)?(?:permitted|allowed|available|eligible|role|position|job)/,
    ]
      .map((part) => part.source)
      .join('|') +
    String.raw`)\b|^[^\S\n]*(?:${WORKPLACE_LABEL})\s*:\s*(?:[^\n.]*[,/|]\s*)?remote\b`,
  'im',
);

/**
 * Remote offered as an alternative to the office: "in our Berlin office within a hybrid environment
 * or remote", "from one of our US hubs or remotely in the United States", remote people welcomed
 * ("We are also open to remote fellows", "Remote candidates will also be considered"; not "not open
 * to remote candidates"), remote as one of two ("This role can either be fully remote ... or based
 * in our Munich office"), and office days only for those nearby: "If you're based within commuting
 * distance of our London office, the role includes in-office anchor days".
 */
const REMOTE_ALTERNATIVE = new RegExp(
  [
    /\b(?:office|offices|hubs?|on-?site|in[- ]person|hybrid(?:\s+(?:environment|setting|model))?)\s+or\s+(?:fully\s+)?remote(?:ly)?\b/,
    /(?<!\bnot\s+(?:\w+\s+)?)\bopen\s+(?:to|for)\s+(?:fully\s+)?remote\s+(?:[\w-]+\s+)?(?:candidates|applicants|employees|hires|fellows|team\s+members|talent|work(?:ers)?)\b/,
    /\bremote\s+(?:candidates|applicants)\s+(?:will|may|can)\s+(?:also\s+)?be\s+considered\b/,
    /\beither\s+(?:be\s+)?(?:fully\s+)?remote(?:ly)?\b/,
    /\bif you(?:'|’)?re\s+(?:based|located|living|live)\s+(?:within|near)\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}?commut\w*\s+distance\b/,
  ]
    .map((part) => part.source)
    .join('|'),
  'i',
);

/**
 * Remote stated for the role's own places, which wins over a company-wide hybrid policy: "Remote
 * within NSW, VIC, or ACT".
 */
const REMOTE_WITHIN = /\b[Rr]emote\s+within\s+(?:the\s+)?[A-Z]/;

const ARRANGEMENT = String.raw`\b(?:on[- ]?site|in[- ](?:person|office)|hybrid|remote(?:ly)?)\b`;
const LIST_ITEM = String.raw`[^.,;\n]{0,25}`;

/**
 * Three arrangements listed as the company's options rather than this role's: "whether they are
 * working on-site, in a hybrid model, or fully remotely".
 */
const ALL_ARRANGEMENTS = new RegExp(
  String.raw`${ARRANGEMENT}${LIST_ITEM},\s*${LIST_ITEM}${ARRANGEMENT}${LIST_ITEM},?\s+(?:or|and)\s+${LIST_ITEM}${ARRANGEMENT}`,
  'i',
);

/**
 * The arrangement the text states in words ("a hybrid position", "fully remote"), if it does;
 * remote when it offers remote beside the office or within named places. A hybrid rule for roles
 * in another country than the posting's own (`ownCountries`) is not this role's.
 */
export function statedWorkplace(
  description: string,
  ownCountries: readonly string[] = [],
): Workplace | null {
  const text = description.slice(0, READ_LENGTH);
  if (REMOTE_ALTERNATIVE.test(text) || REMOTE_WITHIN.test(text)) return 'remote';
  const ownRule = (sentence: string) =>
    !isRuleForElsewhere(sentence, ownCountries) && !ALL_ARRANGEMENTS.test(sentence);
  if (sentencesOf(text).some((sentence) => ownRule(sentence) && HYBRID_TEXT.test(sentence)))
    return 'hybrid';
  return REMOTE_TEXT.test(text) ? 'remote' : null;
}

/**
 * The company saying it works without offices: "as a distributed company", "a remote-first
 * company", "distributed by design"; not a distributed team or distributed systems the role needs.
 */
const DISTRIBUTED_TEXT =
  /\b(?:(?:a|an|our)\s+(?:fully\s+)?(?:distributed|remote[- ]first)\s+(?:company|organi[sz]ation|workforce)|distributed[- ]by[- ](?:design|intention)|(?:company|we)\s+(?:is|are)\s+(?:fully\s+)?(?:distributed|remote[- ]first))\b/i;

/** Whether the text says the company works distributed or remote first. */
export const saysDistributed = (description: string): boolean =>
  DISTRIBUTED_TEXT.test(description.slice(0, READ_LENGTH));

/** The arrangement a recruiter's LinkedIn tag gives, if there is one. */
export function taggedWorkplace(description: string): Workplace | null {
  const tag = LINKEDIN_TAG.exec(description)?.[1]?.toLowerCase();
  if (tag === undefined) return null;
  return tag === 'hybrid' ? 'hybrid' : tag === 'remote' ? 'remote' : 'onsite';
}

/** "remote in the US", "must be based in Canada", "U.S.-based": the country the text limits it to. */
const COUNTRY_LIMIT =
  /\b(?:remote|remotely|based|located|reside|residing|live|living|work|working|eligible to work)\s+(?:anywhere\s+)?(?:with)?in\s+(?:the\s+)?((?:[A-Z][\w.]*)(?:\s+[A-Z][\w.]*){0,3})|\b(U\.?S\.?|United States|Canada|UK)[- ]based\b/g;

/**
 * A remote role held to US hours or US states: "located in the Eastern time zone", "work Pacific
 * Time hours", "reside in one of the following states: CA, NY, TX".
 */
const US_LIMIT =
  /\b(?:located|based|work|working|available)\s+(?:(?:in|within|during|on)\s+)?(?:the\s+)?(?:US\s+)?(?:Eastern|Central|Mountain|Pacific)\s+(?:Standard\s+)?[Tt]ime\b|\b(?:EST|CST|MST|PST)\s+(?:time\s*zone|hours)\b|\breside in one of the following (?:US\s+)?states\b/;

/** Capitalised words joined by commas, "and" or "or" on one line: "Bellevue, San Francisco, or Mountain View". */
const NAMES = String.raw`((?:the\s+)?[A-Z](?:\w|\.(?=\w))*(?:(?:,[^\S\n]*(?:or[^\S\n]+|and[^\S\n]+)?|[^\S\n]+and[^\S\n]+|[^\S\n]+or[^\S\n]+|[^\S\n]+)(?:the\s+)?[A-Z](?:\w|\.(?=\w))*){0,6})`;

/** A rule for roles somewhere: "For roles based in Bangalore, employees work ...". */
const RULE_FOR_ROLES_IN = new RegExp(
  String.raw`\b[Ff]or (?:roles|positions|employees|those)\s+(?:based|located)\s+(?:in|out of)\s+` +
    NAMES,
);

/** Whether the sentence sets a rule for roles in countries other than the posting's own. */
function isRuleForElsewhere(sentence: string, ownCountries: readonly string[]): boolean {
  const named = RULE_FOR_ROLES_IN.exec(sentence)?.[1];
  if (named === undefined) return false;
  return !readPlaces([named]).countries.some((country) => ownCountries.includes(country));
}

/** "hiring", "hire", "able to hire": the company taking people on. */
const HIRE = String.raw`(?:hiring|hire|able\s+to\s+hire)`;
/** "be located", "be based", "reside", "live": where people must be. */
const LIVE = String.raw`(?:be\s+(?:located|based|living|residing)|reside|live)`;

/**
 * Where a remote posting's text opens it: "open to candidates based in North America and Europe",
 * "open to remote candidates in the US", "we hire remotely across the US", "remote within Europe",
 * "this role can be located in the United States or Canada", "you must be located and authorized
 * to work within the US or Canada", "authorized to work from their home location (in the US or
 * Canada".
 */
const OPEN_TO = new RegExp(
  String.raw`(?:` +
    [
      String.raw`\b[Oo]pen to (?:remote )?(?:candidates|applicants|people|anyone|those)\s+(?:(?:based|located|living|residing)\s+)?in`,
      String.raw`\b(?:role|position|job) can be (?:located|based)\s+in`,
      String.raw`\bmust ${LIVE} (?:and authori[sz]ed to work )?(?:(?:with)?in|out of(?: the (?:US|U\.S\.|United States) in)?)`,
      String.raw`\b(?:[Ww]e )?(?:can only|are only able to|are able to|can) hire (?:people |candidates )?in`,
      String.raw`\b(?:role|position|job) for (?:candidates|applicants|people) (?:(?:based|located|living|residing) )?in`,
      String.raw`\bauthori[sz]ed to work from (?:their|your) home location \(?in`,
      String.raw`\b[Ww]e hire (?:remotely |people )?(?:across|throughout|within)`,
      String.raw`\b[Ww]ork(?:ing)? (?:from )?anywhere\s+in`,
    ].join('|') +
    String.raw`)\s+` +
    NAMES,
);

/** "We can only hire in Germany and Spain": the only places a remote role hires in, whatever the fields say. */
const ONLY_HIRING_IN = new RegExp(String.raw`\bonly\s+${HIRE}\s+in\s+` + NAMES);

/**
 * "Currently, we are only hiring in the following provinces: Ontario, Alberta, ...", "We can hire
 * in the following states:" over a list of items, "must reside in one of the following states: CA,
 * NY, TX": the list, however long, to the end of its sentence or its last item.
 */
const HIRING_IN_LIST = new RegExp(
  String.raw`\b(?:(?:only\s+)?${HIRE}\s+(?:people\s+|candidates\s+)?in|${LIVE}\s+in\s+one\s+of)\s+the\s+following\s+(?:US\s+|U\.S\.\s+)?(?:countries|provinces|states|locations|regions)\s*:?[^\S\n]*([^\n]*?(?=\.(?:\s|$)|\n|$)(?:\n[^\S\n]*-[^\S\n]+[^\n]+)*)`,
  'i',
);

/** "Remote within Europe", "remote in the EU", "Remote (US only)": the places a remote role is limited to. */
const REMOTE_WITHIN_PLACES = new RegExp(
  String.raw`\b[Rr]emote\s+(?:with)?in\s+` +
    NAMES +
    String.raw`|\b[Rr]emote\s*[(–—-]\s*` +
    NAMES +
    String.raw`\s+only\b`,
);

/** "open to US residents only", "open only to Canadian residents": the places before the people. */
const OPEN_TO_RESIDENTS = new RegExp(
  String.raw`\b[Oo]pen (?:only )?to\s+` +
    NAMES +
    String.raw`\s+(?:residents|citizens|candidates|applicants)\b`,
);

/**
 * "This role is based in San Francisco, CA", "This role will be based in our SF office", "This is a
 * full-time position based out of our Dublin office", "exclusively based out of our Bellevue or
 * Seattle office", "a newly created Tax role in our Hong Kong or Singapore office", "Ability to
 * work from our Pittsburgh, PA office", "work onsite from our NYC, San Francisco, or Seattle hub".
 */
const ROLE_BASED_IN = new RegExp(
  String.raw`\b(?:(?:(?:[Tt]his|[Tt]he)\s+(?:role|position|job)\s+(?:is|will\s+be)\s+(?:\w+\s+)?|[Tt]his\s+is\s+an?\s+(?:[\w-]+,?\s+){0,3}(?:role|position|job)\s+)based\s+(?:in|out\s+of|at)\s+(?:our\s+)?|(?:(?:role|position)\s+in|(?:work\s+)?(?:on-?site|in[- ]person)\s+(?:from|in|at)|work\s+(?:from|in|out\s+of|at))\s+our\s+(?=${NAMES.replace(/^\(/, '(?:')}\s+(?:offices?|hubs?)\b))` +
    NAMES,
  'g',
);

/**
 * A remote posting's text opening it to people anywhere: "applicants from all time zones", "we
 * hire in many countries", "work from anywhere in the world" (not customers anywhere in the world).
 */
const WORLDWIDE_TEXT = new RegExp(
  [
    /\b(?:applicants|candidates|people)\s+(?:from|in)\s+(?:all|any)\s+time\s*zones\b/,
    /\b(?:hire|hiring|employ)\s+(?:people\s+)?in\s+(?:many|most|\d+\+?)\s+countries\b/,
    /\b(?:work|working|live|living|based|hire|hiring)\s+(?:from\s+|in\s+)?anywhere\s+in\s+the\s+world\b/,
  ]
    .map((part) => part.source)
    .join('|'),
  'i',
);

/** "located within GMT-3 to GMT+3", "based in UTC+1 +/- 2 hours": where people must live, in offsets. */
const LIVES_WITHIN_OFFSETS = new RegExp(
  String.raw`\b(?:located|based|living|live|reside|residing)\s+(?:with)?in\s+(?:the\s+)?(${UTC_SPAN})`,
  'i',
);

/** The places a remote posting's text says it is open to, read as place strings are. */
export function openToInText(description: string): PlaceReading | null {
  const text = description.slice(0, READ_LENGTH);
  // Offsets first: "must be located within GMT-3 to GMT+3" would otherwise name only "GMT".
  const named =
    LIVES_WITHIN_OFFSETS.exec(text)?.[1] ??
    OPEN_TO.exec(text)?.[1] ??
    OPEN_TO_RESIDENTS.exec(text)?.[1];
  if (named !== undefined) return readPlaces([named]);
  // "Remote within Europe"; not "Remote within NSW, VIC, or ACT", whose parts read as cities.
  const withinMatch = REMOTE_WITHIN_PLACES.exec(text);
  const within = withinMatch?.[1] ?? withinMatch?.[2];
  const read = within === undefined ? null : readPlaces([within]);
  return read !== null && read.cities.length === 0 ? read : null;
}

/** The only places a remote posting's text says it hires in, or null when it names none it knows. */
export function onlyHiringIn(description: string): PlaceReading | null {
  const text = description.slice(0, READ_LENGTH);
  const named = HIRING_IN_LIST.exec(text)?.[1] ?? ONLY_HIRING_IN.exec(text)?.[1];
  if (named === undefined) return null;
  const places = readPlaces([named]);
  return places.countries.length > 0 || places.regions.length > 0 ? places : null;
}

/** Whether a remote posting's text says it hires from anywhere. */
export const saysWorldwide = (description: string): boolean =>
  WORLDWIDE_TEXT.test(description.slice(0, READ_LENGTH));

/**
 * The places the text says the role itself is based in, or null when it names none it knows;
 * a namesake city is taken in `preferredCountries` (the API's) when it is one there.
 */
export function roleBasedInText(
  description: string,
  preferredCountries: readonly string[],
): PlaceReading | null {
  const named = [...description.slice(0, READ_LENGTH).matchAll(ROLE_BASED_IN)].map(
    (match) => match[1] ?? '',
  );
  if (named.length === 0) return null;
  const places = readPlaces(named, [], preferredCountries);
  return places.countries.length > 0 ? places : null;
}

/** Words of a sentence that prefers rather than requires. */
const PREFERENCE = /\b(?:prefer(?:s|red|ence|ably)?|ideally|a plus|nice to have|bonus)\b/i;

/**
 * The countries a remote posting's text limits it to, named right after "remote in" and the like,
 * and the US for US hours or states; not where it only prefers people to be.
 */
export function countriesInText(description: string): string[] {
  // A sentence that states a preference ("US-based candidates preferred") limits no one.
  const text = sentencesOf(description.slice(0, READ_LENGTH))
    .filter((sentence) => !PREFERENCE.test(sentence))
    .join('\n');
  const found = new Set<string>();
  if (US_LIMIT.test(text)) found.add('US');
  for (const match of text.matchAll(COUNTRY_LIMIT)) {
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

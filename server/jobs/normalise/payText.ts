import type { Pay, PayPeriod } from '../jobRecord';
import { PER_YEAR, periodBySize } from './salary';

/**
 * The currencies read in a posting's text, by ISO 4217 code: the ones postings in the US, Canada,
 * Europe, Latin America, India and Asia-Pacific state pay in.
 */
const CODES = [
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'SGD',
  'HKD',
  'MXN',
  'BRL',
  'EUR',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'INR',
  'JPY',
  'CNY',
  'ZAR',
  'AED',
  'ILS',
] as const;

/** Currency signs, to ISO 4217. "$" alone is the dollar of where the job is (see dollarOf). */
const SIGNS: Readonly<Record<string, string>> = {
  us$: 'USD',
  ca$: 'CAD',
  c$: 'CAD',
  a$: 'AUD',
  au$: 'AUD',
  nz$: 'NZD',
  s$: 'SGD',
  hk$: 'HKD',
  mx$: 'MXN',
  r$: 'BRL',
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  '¥': 'JPY',
  zł: 'PLN',
};

/** A currency code, ending a word: after a figure it may be written on to it ("229,900PLN"). */
const CODE_END = String.raw`(?:${CODES.join('|')})\b`;
const CODE = String.raw`\b${CODE_END}`;
/** A sign or code before an amount: "$", "CA$", "CAD $", "€", "USD". */
const MARK = String.raw`((?<![A-Za-z])(?:US|CA|AU|NZ|HK|MX|C|A|S|R)\$|(?:${CODE}\s?)?\$|€|£|₹|¥|${CODE})`;
/**
 * Bounded, so that a long run of digits costs the same at each place it is tried; never the start
 * of a longer number ("$230000" is not "$230").
 */
const AMOUNT = String.raw`(\d{1,3}(?:[,.\s]\d{2,3}){0,3}(?:\.\d{1,2})?|\d{1,9}(?:\.\d{1,2})?)(?!\d)\s?([kK]\b)?`;
/**
 * A sign or code after an amount: "70.000 €", "150,000 USD", a code written on to it ("229,900PLN"),
 * or Polish złoty's sign before its code ("26,417 zł PLN").
 */
const MARK_AFTER = String.raw`(?:\s?(€|£|₹|zł|${CODE_END})(?:\s?${CODE_END})?)`;
/**
 * Between two figures: "-", "to", "and", "and (go) up to" ("will begin at $65,000 and up to
 * $90,000", "at $160,000.00 and go up to $221,000.00").
 */
const DASH = String.raw`\s*(?:-|–|—|and\s+(?:go\s+)?up\s+to|to|and)\s*`;
/** "$155,000 - $195,000", "USD 150,000 to 180,000", "€70.000–90.000 EUR", "$185K – $325K". */
const RANGE = new RegExp(
  String.raw`${MARK}\s?${AMOUNT}${MARK_AFTER}?(?:\s*\/\s*(?:hr|hour|day|wk|week|mo|month|yr|year)\b)?${DASH}${MARK}?\s?${AMOUNT}${MARK_AFTER}?`,
  'g',
);
/** Marks only after the amounts, as much of Europe writes them: "50.000 € - 65.000 €". */
const RANGE_MARKED_AFTER = new RegExp(
  String.raw`(?<![\d.,])${AMOUNT}${MARK_AFTER}?${DASH}${AMOUNT}${MARK_AFTER}`,
  'g',
);
/** Indian pay in lakhs of rupees (100,000): "₹12 - 18 LPA", "8 to 10 lakhs per annum". */
const LAKHS = new RegExp(
  String.raw`(?:(₹|\bINR|\bRs\.?)\s?)?(\d{1,3}(?:\.\d{1,2})?)${DASH}(\d{1,3}(?:\.\d{1,2})?)\s*(LPA\b|lakhs?\b|lacs?\b)`,
  'gi',
);
const LAKH_AFTER = /^\s*(?:LPA|lakhs?|lacs?)\b/i;
/** One figure with its period: "$30/hour", "$45 per hour", "$3,850 per week". */
const SINGLE = new RegExp(
  String.raw`${MARK}\s?${AMOUNT}${MARK_AFTER}?\s*(?:\/|per|an|a)\s*(hour|hr|day|week|wk|month|year|yr)\b`,
  'gi',
);
/** A yearly salary paid for part of a year, which only pay is: "£42,500 pro rata". */
const PRO_RATA = new RegExp(String.raw`${MARK}\s?${AMOUNT}${MARK_AFTER}?\s*pro[- ]rata\b`, 'gi');
/**
 * One figure given as the pay itself, its period read after it or from its size: "Base salary:
 * $51,000", "The estimated base salary is $185,000", "The annual base salary for this role is
 * $185,000". Not "up to": that is a ceiling only.
 */
const STATED_AS = String.raw`\b(?:salary|pay|compensation|wage|stipend)(?:\s+(?:range|rate))?(?:\s+for\s+(?:this|the)\s+(?:role|position|job))?\s*(?::|\bis\b|\bof\b|\bwill be\b)\s*(?:approximately\s+|about\s+|around\s+)?`;
const STATED_AS_PAY = new RegExp(String.raw`${STATED_AS}${MARK}\s?${AMOUNT}${MARK_AFTER}?`, 'gi');
/** The same with the currency after the figure: "Weekly stipend of 3,850 USD". */
const STATED_AS_PAY_MARKED_AFTER = new RegExp(String.raw`${STATED_AS}${AMOUNT}${MARK_AFTER}`, 'gi');

const PERIOD_WORDS: readonly (readonly [RegExp, PayPeriod])[] = [
  [/^\W{0,3}(?:\/|per|an|a|each)?\s*(?:hour|hr)\b|^\W{0,3}hourly/i, 'hour'],
  [/^\W{0,3}(?:\/|per|a|each)?\s*day\b|^\W{0,3}daily/i, 'day'],
  [/^\W{0,3}(?:\/|per|a|each)?\s*(?:week|wk)\b|^\W{0,3}weekly/i, 'week'],
  [/^\W{0,3}(?:\/|per|a|each)?\s*(?:month|mo)\b|^\W{0,3}monthly/i, 'month'],
  [/^\W{0,3}(?:\/|per|a|each)?\s*(?:year|yr|annum)\b|^\W{0,3}(?:annual|annually)/i, 'year'],
];

/** The period named just before a range: "Hourly rate: $25 - $30", "Monthly stipend: ...". */
const PERIOD_BEFORE: readonly (readonly [RegExp, PayPeriod])[] = [
  [/\b(?:hourly|per hour)\b[^.\n]{0,25}$/i, 'hour'],
  [/\b(?:daily|day rate|per day)\b[^.\n]{0,25}$/i, 'day'],
  [/\b(?:weekly|per week)\b[^.\n]{0,25}$/i, 'week'],
  [/\b(?:monthly|per month)\b[^.\n]{0,25}$/i, 'month'],
  [/\b(?:annual|yearly|per year|per annum)\b[^.\n]{0,25}$/i, 'year'],
];

/** "155,000" 155000, "70.000" 70000, "60.58" 60.58, "25,00,000" 2500000, "185" with k 185000. */
function amountOf(digits: string, thousands: string | undefined): number {
  const compact = digits.replace(/\s/g, '');
  const european = /^\d{1,3}(?:\.\d{3})+$/.test(compact);
  const value = Number(european ? compact.replace(/\./g, '') : compact.replace(/,/g, ''));
  return thousands === undefined ? value : value * 1000;
}

/** The currency of the first mark given; a bare "$" is the dollar of where the job is. */
const currencyOf = (dollar: string, ...marks: (string | undefined)[]): string | null => {
  for (const mark of marks)
    if (mark !== undefined) {
      // "CAD $100,000": a code before the dollar sign says which dollar.
      const code =
        mark === '$'
          ? dollar
          : (SIGNS[mark.toLowerCase()] ?? mark.replace(/\s?\$$/, '').toUpperCase());
      if ((CODES as readonly string[]).includes(code)) return code;
    }
  return null;
};

/** A single figure counts only right after words about pay: "$10,000 per year" of a benefit does not. */
const PAY_WORDS = /salary|pay|compensation|wage|rate|earn|stipend|base|ctc/i;

/**
 * What a range of money right after these words measures is the business, not the pay: "Typical
 * sales will be $5k to $20k", "deal sizes of $50K-$250K", "budgets of $1M-$3M".
 */
const NOT_PAY_BEFORE =
  /\b(?:sales|deals?|deal sizes?|contracts?|ACV|ARR|revenue|budgets?|funding|raised|quotas?|spend|valuations?|investments?)(?:\s+(?:will\s+be|are|is|of|from|between|typically|usually|average|averaging|around|worth|ranging|range|sizes?))*\s*$/i;

/** The period the words after a range give, else the words before it, else its size. */
function periodOf(after: string, before: string, max: number): PayPeriod {
  // "gross per month": before or after tax, the period follows.
  const following = after.replace(/^\W{0,3}(?:gross|net|brutto|netto)\b/i, '');
  for (const [pattern, period] of PERIOD_WORDS) if (pattern.test(following)) return period;
  for (const [pattern, period] of PERIOD_BEFORE) if (pattern.test(before)) return period;
  return periodBySize(max);
}

/** Pay too small or too big for its period is something else: a fee, funding, a count. */
const plausible = (pay: Pay): boolean => {
  const yearly = PER_YEAR[pay.period] * pay.max;
  return (
    pay.min > 0 &&
    pay.min <= pay.max &&
    pay.max <= pay.min * 4 &&
    yearly >= 5_000 &&
    yearly < 100_000_000
  );
};

/** A range read from the text, with where it starts. */
interface Found {
  readonly at: number;
  readonly pay: Pay;
  /** Whether the words before it call it on-target earnings (base plus commission). */
  readonly onTarget?: boolean;
}

/** "The On-Target Earnings (OTE) range is", "OTE:": what a range after these words measures. */
const ON_TARGET_BEFORE = /\b(?:OTE|on[- ]target[- ]earnings?)\b[^.$€£]{0,30}$/i;

/** The text around a match: 40 characters before it and 30 after it. */
const around = (text: string, match: RegExpMatchArray) => {
  const start = match.index ?? 0;
  const end = start + match[0].length;
  return {
    start,
    before: text.slice(Math.max(0, start - 40), start),
    after: text.slice(end, end + 30),
  };
};

/** A range's low figure, which takes the high one's thousands in "$150-180k". */
const lowOf = (low: string, k1: string | undefined, k2: string | undefined): number =>
  amountOf(low, k1 ?? (k2 !== undefined && amountOf(low, undefined) < 1000 ? k2 : undefined));

function rangesIn(text: string, dollar: string): Found[] {
  const found: Found[] = [];
  const add = (
    match: RegExpMatchArray,
    currency: string | null,
    min: number,
    max: number,
    inLakhs = false,
  ) => {
    if (currency === null) return;
    const { start, before, after } = around(text, match);
    // "₹12 - 18 LPA" counts in lakhs, which the LAKHS pattern reads.
    if (!inLakhs && LAKH_AFTER.test(after)) return;
    if (NOT_PAY_BEFORE.test(before)) return;
    const pay = { currency, min, max, period: periodOf(after, before, max) };
    if (plausible(pay)) found.push({ at: start, pay, onTarget: ON_TARGET_BEFORE.test(before) });
  };
  for (const match of text.matchAll(RANGE)) {
    const [, mark1, low = '', k1, after1, mark2, high = '', k2, after2] = match;
    add(
      match,
      currencyOf(dollar, after1, after2, mark1, mark2),
      lowOf(low, k1, k2),
      amountOf(high, k2),
    );
  }
  for (const match of text.matchAll(RANGE_MARKED_AFTER)) {
    const [, low = '', k1, after1, high = '', k2, after2] = match;
    add(match, currencyOf(dollar, after1, after2), lowOf(low, k1, k2), amountOf(high, k2));
  }
  for (const match of text.matchAll(LAKHS)) {
    const [, mark, low = '', high = '', unit = ''] = match;
    const { before } = around(text, match);
    // "8 to 10 lakhs" is pay only as LPA, with the rupee, or after words about pay.
    if (mark === undefined && unit.toUpperCase() !== 'LPA' && !PAY_WORDS.test(before)) continue;
    add(match, 'INR', Number(low) * 100_000, Number(high) * 100_000, true);
  }
  return found.sort((a, b) => a.at - b.at);
}

function singlesIn(text: string, dollar: string): Found[] {
  const found: Found[] = [];
  /** One figure at `at`, its period read from the words after it, else just before it. */
  const add = (
    at: number,
    marks: (string | undefined)[],
    digits: string,
    k: string | undefined,
    after: string,
    before = '',
  ) => {
    const currency = currencyOf(dollar, ...marks);
    if (currency === null) return;
    const amount = amountOf(digits, k);
    const pay = { currency, min: amount, max: amount, period: periodOf(after, before, amount) };
    if (plausible(pay)) found.push({ at, pay });
  };
  for (const match of text.matchAll(SINGLE)) {
    const [, mark, digits, k, code, unit] = match;
    const start = match.index ?? 0;
    if (digits === undefined || unit === undefined) continue;
    if (PAY_WORDS.test(text.slice(Math.max(0, start - 80), start)))
      add(start, [code, mark], digits, k, ` ${unit}`);
  }
  for (const match of text.matchAll(PRO_RATA)) {
    const [, mark, digits, k, code] = match;
    if (digits !== undefined) add(match.index ?? 0, [code, mark], digits, k, ' a year');
  }
  for (const match of text.matchAll(STATED_AS_PAY)) {
    const [, mark, digits, k, code] = match;
    const { start, before, after } = around(text, match);
    if (digits !== undefined && !LAKH_AFTER.test(after))
      add(start, [code, mark], digits, k, after, before);
  }
  for (const match of text.matchAll(STATED_AS_PAY_MARKED_AFTER)) {
    const [, digits, k, code] = match;
    const { start, before, after } = around(text, match);
    if (digits !== undefined) add(start, [code], digits, k, after, before);
  }
  return found.sort((a, b) => a.at - b.at);
}

/**
 * The pay a description states, in its currency and period: the first range in US dollars if there
 * is one (postings that list several regions' ranges), else the first range, else a single figure
 * with its period ("$30/hour") or given as the pay ("Base salary: $51,000"). Null when it states
 * none.
 */
export function payFromText(text: string, dollar = 'USD'): Pay | null {
  const bounded = text.slice(0, 50_000);
  const all = rangesIn(bounded, dollar);
  // "OTE €103,000 - €115,000 ... a base salary range of €56,000 - €63,000": the base is the pay.
  const base = all.filter((range) => !range.onTarget);
  const ranges = base.length > 0 ? base : all;
  const found = ranges.length > 0 ? ranges : singlesIn(bounded, dollar);
  return (found.find((item) => item.pay.currency === 'USD') ?? found[0])?.pay ?? null;
}

/** The currency a bare "$" means for a job in these countries. */
export function dollarOf(countries: readonly string[]): string {
  if (countries.length === 0 || countries.includes('US')) return 'USD';
  const local = { CA: 'CAD', AU: 'AUD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', MX: 'MXN' }[
    countries[0] ?? ''
  ];
  return countries.length === 1 && local !== undefined ? local : 'USD';
}

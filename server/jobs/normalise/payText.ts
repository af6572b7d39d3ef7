import type { Pay, PayPeriod } from '../jobRecord';

/** Currency marks before or after an amount, to ISO 4217. "$" alone is US dollars. */
const SYMBOLS: Readonly<Record<string, string>> = {
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  ca$: 'CAD',
  c$: 'CAD',
  cad: 'CAD',
  a$: 'AUD',
  au$: 'AUD',
  aud: 'AUD',
  s$: 'SGD',
  sgd: 'SGD',
  '€': 'EUR',
  eur: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  '₹': 'INR',
  inr: 'INR',
  chf: 'CHF',
  sek: 'SEK',
  pln: 'PLN',
  jpy: 'JPY',
  '¥': 'JPY',
};

const MARK = String.raw`(US\$|CA\$|AU\$|C\$|A\$|S\$|\$|€|£|₹|¥|\b(?:USD|CAD|AUD|SGD|EUR|GBP|INR|CHF|SEK|PLN|JPY)\b)`;
const AMOUNT = String.raw`(\d{1,3}(?:[,.\s]\d{2,3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)\s?([kK]\b)?`;
const CODE_AFTER = String.raw`(?:\s?(USD|CAD|AUD|SGD|EUR|GBP|INR|CHF|SEK|PLN|JPY)\b)?`;
/** "$155,000 - $195,000", "USD 150,000 to 180,000", "€70.000–90.000 EUR", "$185K – $325K". */
const RANGE = new RegExp(
  String.raw`${MARK}\s?${AMOUNT}${CODE_AFTER}(?:\s*\/\s*(?:hr|hour|yr|year|mo|month)\b)?\s*(?:-|–|—|to|and)\s*${MARK}?\s?${AMOUNT}${CODE_AFTER}`,
  'g',
);
/** One figure with its period: "$30/hour", "$45 per hour". */
const SINGLE = new RegExp(
  String.raw`${MARK}\s?${AMOUNT}${CODE_AFTER}\s*(?:\/|per|an|a)\s*(hour|hr|month|year|yr)\b`,
  'gi',
);

const PERIOD_WORDS: readonly (readonly [RegExp, PayPeriod])[] = [
  [/^\W{0,3}(?:\/|per|an|a|each)?\s*(?:hour|hr)\b|^\W{0,3}hourly/i, 'hour'],
  [/^\W{0,3}(?:\/|per|a|each)?\s*(?:month|mo)\b|^\W{0,3}monthly/i, 'month'],
  [/^\W{0,3}(?:\/|per|a|each)?\s*(?:year|yr|annum)\b|^\W{0,3}(?:annual|annually)/i, 'year'],
];

/** "155,000" 155000, "70.000" 70000, "60.58" 60.58, "25,00,000" 2500000, "185" with k 185000. */
function amountOf(digits: string, thousands: string | undefined): number {
  const compact = digits.replace(/\s/g, '');
  const european = /^\d{1,3}(?:\.\d{3})+$/.test(compact);
  const value = Number(european ? compact.replace(/\./g, '') : compact.replace(/,/g, ''));
  return thousands === undefined ? value : value * 1000;
}

/** A bare "$" is the dollar of where the job is: Canadian dollars for a job only in Canada. */
const currencyOf = (dollar: string, ...marks: (string | undefined)[]): string | null => {
  for (const mark of marks)
    if (mark !== undefined) {
      const code = mark === '$' ? dollar : SYMBOLS[mark.toLowerCase()];
      if (code !== undefined) return code;
    }
  return null;
};

/** A single figure counts only right after words about pay: "$10,000 per year" of a benefit does not. */
const PAY_WORDS = /salary|pay|compensation|wage|rate|earn|stipend|base/i;

/** The period the words after a range give, else the one its size suggests. */
function periodOf(after: string, max: number): PayPeriod {
  for (const [pattern, period] of PERIOD_WORDS) if (pattern.test(after)) return period;
  return max < 500 ? 'hour' : 'year';
}

/** Pay too small or too big for its period is something else: a fee, funding, a count. */
const plausible = (pay: Pay): boolean => {
  const yearly = { year: 1, month: 12, week: 52, day: 260, hour: 2080 }[pay.period] * pay.max;
  return (
    pay.min > 0 &&
    pay.min <= pay.max &&
    pay.max <= pay.min * 4 &&
    yearly >= 5_000 &&
    yearly < 100_000_000
  );
};

/**
 * The pay a description states, in its currency and period: the first range in US dollars if there
 * is one (postings that list several regions' ranges), else the first range, else a single figure
 * with its period ("$30/hour"). Null when it states none.
 */
export function payFromText(text: string, dollar = 'USD'): Pay | null {
  const found: Pay[] = [];
  const bounded = text.slice(0, 50_000);
  for (const match of bounded.matchAll(RANGE)) {
    const [, mark1, low, k1, code1, mark2, high, k2, code2] = match;
    const currency = currencyOf(dollar, code1, code2, mark1, mark2);
    if (currency === null || low === undefined || high === undefined) continue;
    const max = amountOf(high, k2);
    // "$150-180k": the first figure takes the second's thousands.
    const min = amountOf(
      low,
      k1 ?? (k2 !== undefined && amountOf(low, undefined) < 1000 ? k2 : undefined),
    );
    const after = bounded.slice(
      (match.index ?? 0) + match[0].length,
      (match.index ?? 0) + match[0].length + 30,
    );
    const pay = { currency, min, max, period: periodOf(after, max) };
    if (plausible(pay)) found.push(pay);
  }
  if (found.length === 0)
    for (const match of bounded.matchAll(SINGLE)) {
      const [, mark, digits, k, code, unit] = match;
      const currency = currencyOf(dollar, code, mark);
      if (currency === null || digits === undefined || unit === undefined) continue;
      const start = match.index ?? 0;
      if (!PAY_WORDS.test(bounded.slice(Math.max(0, start - 80), start))) continue;
      const amount = amountOf(digits, k);
      const period = periodOf(` ${unit}`, amount);
      const pay = { currency, min: amount, max: amount, period };
      if (plausible(pay)) found.push(pay);
    }
  return found.find((pay) => pay.currency === 'USD') ?? found[0] ?? null;
}

/** The currency a bare "$" means for a job in these countries. */
export function dollarOf(countries: readonly string[]): string {
  if (countries.length === 0 || countries.includes('US')) return 'USD';
  const local = { CA: 'CAD', AU: 'AUD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', MX: 'MXN' }[
    countries[0] ?? ''
  ];
  return countries.length === 1 && local !== undefined ? local : 'USD';
}

import type { Pay, PayPeriod, SalaryRange, YearlyPay } from '../jobRecord';

/** Pay periods by the interval names Lever, Ashby and Recruitee use. */
const PERIODS: Readonly<Record<string, PayPeriod>> = {
  'per-year-salary': 'year',
  'per-month-salary': 'month',
  'per-week-salary': 'week',
  'per-day-wage': 'day',
  'per-hour-wage': 'hour',
  '1 YEAR': 'year',
  '1 MONTH': 'month',
  '1 WEEK': 'week',
  '1 DAY': 'day',
  '1 HOUR': 'hour',
  // Recruitee's salary.period.
  year: 'year',
  month: 'month',
  week: 'week',
  day: 'day',
  hour: 'hour',
};

export const PER_YEAR: Readonly<Record<PayPeriod, number>> = {
  year: 1,
  month: 12,
  week: 52,
  day: 260,
  hour: 2080,
};

/** The period of pay stated without one, by its size: under 500 by the hour, else by the year. */
export const periodBySize = (max: number): PayPeriod => (max < 500 ? 'hour' : 'year');

/** Above this a yearly figure is a typo or a unit we do not understand. */
const MAX_YEARLY_USD = 5_000_000;

/**
 * Below one unit of any currency an amount is no pay but a placeholder: boards fill a required pay
 * field with 0.01 where they state none.
 */
const LEAST_AMOUNT = 1;

const anAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= LEAST_AMOUNT;

/**
 * A pay range as an API gives it (Lever salaryRange, Ashby compensation components), in its own
 * currency and period. Null when the currency or interval is missing or unknown, or the numbers
 * make no sense. One bound alone stands for both.
 */
export function payOf(
  min: unknown,
  max: unknown,
  currency: unknown,
  interval: unknown,
): Pay | null {
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency.trim())) return null;
  if (typeof interval !== 'string') return null;
  const period = PERIODS[interval.trim()] ?? PERIODS[interval.trim().toUpperCase()];
  if (period === undefined) return null;
  const low = anAmount(min) ? min : anAmount(max) ? max : null;
  const high = anAmount(max) ? max : low;
  if (low === null || high === null || low > high) return null;
  return { currency: currency.trim().toUpperCase(), min: low, max: high, period };
}

/** Past any yearly pay in any currency's units (a billion rupiah is a good pay): a typo. */
const MAX_YEARLY_AMOUNT = 1_000_000_000_000;

/** Pay as yearly figures in its own currency: hourly x 2080, daily x 260, weekly x 52, monthly x 12. */
export function yearlyPayOf(pay: Pay | null): YearlyPay | null {
  if (pay === null) return null;
  const factor = PER_YEAR[pay.period];
  const [min, max] = [Math.round(pay.min * factor), Math.round(pay.max * factor)];
  const most = pay.currency === 'USD' ? MAX_YEARLY_USD : MAX_YEARLY_AMOUNT;
  return max > most ? null : { currency: pay.currency, min, max };
}

/** Pay in US dollars as yearly figures (`yearlyPayOf`). */
export function yearlyUsdOf(pay: Pay | null): SalaryRange | null {
  const yearly = pay?.currency === 'USD' ? yearlyPayOf(pay) : null;
  return yearly && { minUsd: yearly.min, maxUsd: yearly.max };
}

/** The API's range as yearly US dollars (see payOf and yearlyUsdOf). */
export const yearlyUsd = (min: unknown, max: unknown, currency: unknown, interval: unknown) =>
  yearlyUsdOf(payOf(min, max, currency, interval));

/** A tier titled for the US: "US - Tier 1", "United States". */
const US_TITLE = /\b(?:US|USA|U\.S\.A?\.?|United States)\b/;

/**
 * Of a posting's several ranges (by place or level, each with its title) and the overall one the
 * API may give: the first titled for the US ("US - Tier 1", as a reader takes the first of a
 * posting's US ranges); else, when they are in several currencies (countries), the first in US
 * dollars; else the overall range, one currency's over zones or cities ("SF/NY", "Nationwide"),
 * or the first.
 */
export function usPayOf(
  ranges: readonly { readonly title: string; readonly pay: Pay | null }[],
  overall: Pay | null,
): Pay | null {
  const stated = ranges.filter((range): range is { title: string; pay: Pay } => range.pay !== null);
  const us = stated.find((range) => US_TITLE.test(range.title));
  if (us !== undefined) return us.pay;
  const pays = stated.map((range) => range.pay);
  if (new Set(pays.map((pay) => pay.currency)).size > 1)
    return pays.find((pay) => pay.currency === 'USD') ?? pays[0] ?? null;
  return overall ?? pays[0] ?? null;
}

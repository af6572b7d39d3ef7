import type { SalaryRange } from '../jobRecord';

/** Pay periods per year, by the interval names Lever and Ashby use. */
const PERIODS_PER_YEAR: Readonly<Record<string, number>> = {
  'per-year-salary': 1,
  'per-month-salary': 12,
  'per-week-salary': 52,
  'per-day-wage': 260,
  'per-hour-wage': 2080,
  '1 YEAR': 1,
  '6 MONTH': 2,
  '3 MONTH': 4,
  '1 MONTH': 12,
  '2 WEEK': 26,
  '1 WEEK': 52,
  '1 DAY': 260,
  '1 HOUR': 2080,
};

/** Above this a yearly figure is a typo or a unit we do not understand. */
const MAX_YEARLY_USD = 5_000_000;

const finitePositive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * A pay range as yearly US dollars: hourly x 2080, daily x 260, weekly x 52, monthly x 12. Null
 * when the currency is not USD, the interval is unknown or one-off, or the numbers make no sense.
 * One bound alone stands for both.
 */
export function yearlyUsd(
  min: unknown,
  max: unknown,
  currency: unknown,
  interval: unknown,
): SalaryRange | null {
  if (typeof currency !== 'string' || currency.trim().toUpperCase() !== 'USD') return null;
  if (typeof interval !== 'string') return null;
  const factor =
    PERIODS_PER_YEAR[interval.trim()] ?? PERIODS_PER_YEAR[interval.trim().toUpperCase()];
  if (factor === undefined) return null;
  const low = finitePositive(min) ? min : finitePositive(max) ? max : null;
  const high = finitePositive(max) ? max : low;
  if (low === null || high === null || low > high) return null;
  const range = { minUsd: Math.round(low * factor), maxUsd: Math.round(high * factor) };
  return range.maxUsd > MAX_YEARLY_USD ? null : range;
}

import type { MinSalary, SalaryRange } from '../../contract';
import { PER_YEAR } from '../jobs/normalise/salary';

/** A floor as a yearly amount, as postings' pay is kept: a year of 12 months or 2080 hours. */
export const yearlyFloor = (floor: MinSalary): number => floor.amount * PER_YEAR[floor.period];

/**
 * How a posting's yearly pay stands against the seeker's floor. Pay in another currency than the
 * floor's is not compared (`other-currency`): there are no exchange rates (docs/architecture.md).
 */
export type PayFit = 'meets-floor' | 'below-floor' | 'no-floor' | 'other-currency' | 'not-stated';

export function payFit(floor: MinSalary | null, pay: SalaryRange | null): PayFit {
  if (pay === null) return 'not-stated';
  if (floor === null) return 'no-floor';
  if (floor.currency !== pay.currency) return 'other-currency';
  return pay.max >= yearlyFloor(floor) ? 'meets-floor' : 'below-floor';
}

const formats = new Map<string, Intl.NumberFormat>();

/** An amount in whole units of its currency, in English ("€60,000", "$120,000"). */
export function money(amount: number, currency: string): string {
  let format = formats.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    formats.set(currency, format);
  }
  return format.format(amount);
}

const names = new Map<string, string>();

/** A currency's name as a plural noun of an amount ("US dollars", "euros"). */
export function currencyName(currency: string): string {
  let name = names.get(currency);
  if (name === undefined) {
    name =
      new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'name' })
        .formatToParts(2)
        .find((part) => part.type === 'currency')?.value ?? currency;
    names.set(currency, name);
  }
  return name;
}

import { useEffect, useRef, useState } from 'react';
import type { SalaryPeriod } from '../../../contract';
import { SelectField } from '../forms/SelectField';
import { currencyOptions, type CurrencyOption } from './currencyOptions';
import countryCurrencies from './countryCurrencies.json';
import type { FloorUnit, ProfileDraft } from './profileDraft';

/** The floor's part of the draft, and the seeker's country (whose currency it starts in). */
type SalaryFloor = Pick<ProfileDraft, 'minSalary' | 'floorUnit' | 'country'>;

/** A change to the floor; `keep: false` for one the form makes itself, not kept as a draft. */
type FloorChange = (floor: Partial<SalaryFloor>, keep?: boolean) => void;

const CURRENCY_OF: Readonly<Record<string, string | undefined>> = countryCurrencies;

const PER_PERIOD: Readonly<Record<SalaryPeriod, string>> = {
  year: 'a year',
  month: 'a month',
  hour: 'an hour',
};

// Read off the labels (every period has one), not the contract's list: that would sit in the
// contract chunk every page loads first.
const isPeriod = (value: string): value is SalaryPeriod => Object.hasOwn(PER_PERIOD, value);

/**
 * The salary floor's currency and period. The currencies are listed when the picker is first
 * focused; till then the one chosen stands alone. With no amount yet, the currency is that of the
 * country the seeker lives in.
 */
export function SalaryUnit({
  floor,
  onFloorChange,
}: {
  floor: SalaryFloor;
  onFloorChange: FloorChange;
}) {
  // The unit alone: a floor taken from the profile stands for its unit, amount and all.
  const unit: FloorUnit = { currency: floor.floorUnit.currency, period: floor.floorUnit.period };
  // On arrival and when the country changes only: a currency chosen by hand stays.
  const seenCountry = useRef<string | null>(null);
  useEffect(() => {
    if (seenCountry.current === floor.country) return;
    seenCountry.current = floor.country;
    const local = CURRENCY_OF[floor.country];
    const { currency, period } = floor.floorUnit;
    if (floor.minSalary === '' && local !== undefined && local !== currency)
      onFloorChange({ floorUnit: { currency: local, period } }, false);
  }, [floor, onFloorChange]);
  const [listed, setListed] = useState<readonly CurrencyOption[]>([]);
  const current = unit.currency;
  const currencies = listed.some(([code]) => code === current)
    ? listed
    : [[current, current] as const, ...listed];
  return (
    <div className="salary-unit">
      <SelectField
        label="Currency"
        value={current}
        options={currencies}
        onReach={() => {
          if (listed.length === 0) setListed(currencyOptions());
        }}
        onChoose={(currency) => onFloorChange({ floorUnit: { ...unit, currency } })}
      />
      <SelectField
        label="Per"
        value={unit.period}
        options={Object.entries(PER_PERIOD)}
        onChoose={(period) => {
          if (isPeriod(period)) onFloorChange({ floorUnit: { ...unit, period } });
        }}
      />
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { SALARY_PERIODS, type SalaryPeriod } from '../../../contract';
import { currencyOptions, type CurrencyOption } from './currencyOptions';
import countryCurrencies from './countryCurrencies.json';
import type { FloorChange, SalaryFloor } from './SalaryField';
import type { ProfileDraft } from './profileDraft';

const CURRENCY_OF: Readonly<Record<string, string | undefined>> = countryCurrencies;

const PER_PERIOD: Readonly<Record<SalaryPeriod, string>> = {
  year: 'a year',
  month: 'a month',
  hour: 'an hour',
};

function Select({
  label,
  value,
  options,
  onOpen,
  onChoose,
}: {
  label: string;
  value: string;
  options: readonly CurrencyOption[];
  onOpen?: () => void;
  onChoose: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <select
          id={id}
          className="field__input"
          value={value}
          onFocus={onOpen}
          onChange={(event) => onChoose(event.target.value)}
        >
          {options.map(([option, name]) => (
            <option key={option} value={option}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/**
 * The salary floor's currency and period. The currencies are listed when the picker is first
 * focused; till then the one chosen stands alone. With no amount yet, the currency is that of the
 * country the seeker lives in.
 */
export function SalaryUnit({
  floor,
  onFloorChange,
}: {
  floor: SalaryFloor & Pick<ProfileDraft, 'country'>;
  onFloorChange: FloorChange;
}) {
  // On arrival and when the country changes only: a currency chosen by hand stays.
  const seenCountry = useRef<string | null>(null);
  useEffect(() => {
    if (seenCountry.current === floor.country) return;
    seenCountry.current = floor.country;
    const local = CURRENCY_OF[floor.country];
    if (floor.minSalary === '' && local !== undefined && local !== floor.salaryCurrency)
      onFloorChange({ salaryCurrency: local }, false);
  }, [floor, onFloorChange]);
  const [listed, setListed] = useState<readonly CurrencyOption[]>([]);
  const current = floor.salaryCurrency;
  const currencies = listed.some(([code]) => code === current)
    ? listed
    : [[current, current] as const, ...listed];
  return (
    <>
      <Select
        label="Currency"
        value={current}
        options={currencies}
        onOpen={() => {
          if (listed.length === 0) setListed(currencyOptions());
        }}
        onChoose={(salaryCurrency) => onFloorChange({ salaryCurrency })}
      />
      <Select
        label="Per"
        value={floor.salaryPeriod}
        options={SALARY_PERIODS.map((period) => [period, PER_PERIOD[period]] as const)}
        onChoose={(chosen) => {
          const salaryPeriod = SALARY_PERIODS.find((period) => period === chosen);
          if (salaryPeriod) onFloorChange({ salaryPeriod });
        }}
      />
    </>
  );
}

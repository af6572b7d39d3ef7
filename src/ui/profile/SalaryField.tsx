import { useEffect } from 'react';
import { TextField } from '../forms/TextField';
import { lazyModule } from './lazyModule';
import type { ProfileDraft } from './profileDraft';

export type SalaryFloor = Pick<ProfileDraft, 'minSalary' | 'salaryCurrency' | 'salaryPeriod'>;

/** A change to the floor; `keep: false` for one the form makes itself, not kept as a draft. */
export type FloorChange = (floor: Partial<SalaryFloor>, keep?: boolean) => void;

/** The currency and period pickers, in a chunk of their own: the page's first load has no room. */
export const salaryUnit = lazyModule(() => import('./SalaryUnit'), 'The salary currency picker');

/**
 * The salary floor: its amount, and once their chunk is in (it is asked for when the form shows),
 * its currency and period; till then the floor keeps the unit it has.
 */
export function SalaryField({
  floor,
  onFloorChange,
  invalid,
  describedBy,
}: {
  floor: SalaryFloor & Pick<ProfileDraft, 'country'>;
  onFloorChange: FloorChange;
  invalid: boolean;
  describedBy: string;
}) {
  const loaded = salaryUnit.useLoaded();
  useEffect(() => void salaryUnit.load(), []);
  return (
    <div className="salary">
      <TextField
        label="Minimum salary (optional)"
        name="min-salary"
        inputMode="numeric"
        placeholder="120000"
        value={floor.minSalary}
        onValueChange={(minSalary) => onFloorChange({ minSalary })}
        invalid={invalid}
        describedBy={describedBy}
      />
      {loaded && <loaded.SalaryUnit floor={floor} onFloorChange={onFloorChange} />}
    </div>
  );
}

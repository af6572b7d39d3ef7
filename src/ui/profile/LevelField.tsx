import { SENIORITIES, type Seniority } from '../../../contract';

const SENIORITY_LABELS: Record<Seniority, string> = {
  intern: 'Intern',
  junior: 'Junior',
  mid: 'Mid-level',
  senior: 'Senior',
  lead: 'Lead or principal',
};

/** The seeker's level as radio buttons, on the profile form and the start step alike. */
export function LevelField({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: Seniority;
  onChange: (level: Seniority) => void;
}) {
  return (
    <fieldset className="choices">
      <legend className="field__label">{legend}</legend>
      {SENIORITIES.map((level) => (
        <label key={level} className="choice">
          <input
            type="radio"
            name="seniority"
            value={level}
            checked={value === level}
            onChange={() => onChange(level)}
          />
          {SENIORITY_LABELS[level]}
        </label>
      ))}
    </fieldset>
  );
}

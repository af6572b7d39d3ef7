import { useId } from 'react';

/** An option as the select lists it: its value and what people read. */
export type SelectOption = readonly [value: string, label: string];

/**
 * A labelled native select. `onReach` runs when a pointer goes down on it or it takes the focus,
 * before its list opens: a long list can be built then, not when the form first shows.
 */
export function SelectField({
  label,
  name,
  value,
  options,
  onReach,
  onChoose,
}: {
  label: string;
  name?: string;
  value: string;
  options: readonly SelectOption[];
  onReach?: () => void;
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
          name={name}
          className="field__input"
          value={value}
          onChange={(event) => onChoose(event.target.value)}
          onPointerDown={onReach}
          onFocus={onReach}
        >
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

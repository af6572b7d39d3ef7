import type { ReactNode } from 'react';
import type { ChipKind } from './chipList';

export interface ChipBoxProps {
  kind: ChipKind;
  label: string;
  inputId: string;
  chips: readonly string[];
  onRemove: (chip: string) => void;
  /** The input, after the chips in the box. */
  input: ReactNode;
  /** What follows the box: the problem, the announcements, the suggestions. */
  children?: ReactNode;
}

/**
 * The frame of a profile list: its label, then a box with a chip (and a remove button) per entry
 * and the input. The chip input and its stand-in both draw it, so the one replacing the other
 * moves nothing.
 */
export function ChipBox({ kind, label, inputId, chips, onRemove, input, children }: ChipBoxProps) {
  return (
    <div className="field chip-field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__box chip-field__box">
        {chips.length > 0 && (
          <ul className="chip-field__chips" aria-label={`Chosen ${kind}`}>
            {chips.map((chip) => (
              <li key={chip} className="chip">
                {chip}
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={`Remove ${chip}`}
                  onClick={() => onRemove(chip)}
                />
              </li>
            ))}
          </ul>
        )}
        {input}
      </div>
      {children}
    </div>
  );
}

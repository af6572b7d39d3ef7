import type { ReactNode } from 'react';
import type { PlaceChip } from './placeChips';
import './chipField.css';

export const PLACES_LABEL = 'US cities and states where you would work on site';
export const PLACES_PLACEHOLDER = 'Austin, TX or Texas';

/**
 * The label, a chip per chosen place (with its remove button) and the input: the picker and its
 * stand-in both draw it, so the one replacing the other moves nothing.
 */
export function PlaceBox({
  inputId,
  chips,
  onRemove,
  input,
  children,
}: {
  inputId: string;
  chips: readonly PlaceChip[];
  onRemove: (chip: PlaceChip) => void;
  input: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="field chip-field">
      <label className="field__label" htmlFor={inputId}>
        {PLACES_LABEL}
      </label>
      <div className="field__box chip-field__box">
        {chips.length > 0 && (
          <ul className="chip-field__chips" aria-label="Chosen places">
            {chips.map((chip) => (
              <li key={chip.label} className="chip">
                {chip.label}
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={`Remove ${chip.label}`}
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

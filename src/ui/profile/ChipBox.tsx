import type { ReactNode } from 'react';
import type { ChipKind } from './chipList';

/** A chip is an entry's own text (a role, a skill) or a labelled value (a place). */
export type Chip = string | { readonly label: string };

const chipText = (chip: Chip): string => (typeof chip === 'string' ? chip : chip.label);

export interface ChipBoxProps<T extends Chip> {
  kind: ChipKind | 'places';
  label: string;
  inputId: string;
  chips: readonly T[];
  onRemove: (chip: T) => void;
  /** The input, after the chips in the box. */
  input: ReactNode;
  /** What follows the box: the problem, the announcements, the suggestions. */
  children?: ReactNode;
}

/**
 * The frame of a profile list: its label, then a box with a chip (and a remove button) per entry
 * and the input. Each chip input and its stand-in both draw it, so the one replacing the other
 * moves nothing.
 */
export function ChipBox<T extends Chip>({
  kind,
  label,
  inputId,
  chips,
  onRemove,
  input,
  children,
}: ChipBoxProps<T>) {
  return (
    <div className="field chip-field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__box chip-field__box">
        {chips.length > 0 && (
          <ul className="chip-field__chips" aria-label={`Chosen ${kind}`}>
            {chips.map((chip) => (
              <li key={chipText(chip)} className="chip">
                {chipText(chip)}
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={`Remove ${chipText(chip)}`}
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

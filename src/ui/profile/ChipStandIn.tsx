import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { ChipBox, type Chip, type ChipBoxProps } from './ChipBox';
import './chipField.css';

/** What a stand-in hands to the chip input replacing it. */
export interface Handover {
  focused: boolean;
  /** Typed in the stand-in and not a chip yet. */
  typed: string;
}

/** The handover between a stand-in (`onLeave`) and the chip input that replaces it (`takeOver`). */
export function useHandover(): { takeOver: () => Handover; onLeave: (left: Handover) => void } {
  const handover = useRef<Handover>({ focused: false, typed: '' });
  const takeOver = useCallback(() => handover.current, []);
  const onLeave = useCallback((left: Handover) => {
    handover.current = left;
  }, []);
  return { takeOver, onLeave };
}

export interface ChipStandInProps<T extends Chip> extends Omit<
  ChipBoxProps<T>,
  'inputId' | 'input'
> {
  name: string;
  placeholder: string | undefined;
  invalid: boolean;
  describedBy: string;
  /** What was typed, on Enter or when the input loses focus (pressing Save). */
  onAdd: (typed: string) => void;
  /** The person reached for the field: load the chip input now. */
  onReach: () => void;
  onLeave: (left: Handover) => void;
}

/**
 * A chip field before its chip input has loaded: the same chips in the same box, and a plain
 * input whose text becomes a chip on Enter or on leaving it, so nothing typed is lost.
 */
export function ChipStandIn<T extends Chip>({
  name,
  placeholder,
  invalid,
  describedBy,
  onAdd,
  onReach,
  onLeave,
  ...box
}: ChipStandInProps<T>) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  useLayoutEffect(() => {
    const element = input.current;
    // Before React removes the input: whether it had the focus, and what was typed in it.
    return () =>
      onLeave({
        focused: element !== null && element === document.activeElement,
        typed: element?.value ?? '',
      });
  }, [onLeave]);
  const addTyped = () => {
    if (typed.trim() === '') return;
    onAdd(typed);
    setTyped('');
  };
  return (
    <ChipBox
      {...box}
      inputId={id}
      input={
        <input
          ref={input}
          id={id}
          name={name}
          className="field__input chip-field__input"
          placeholder={placeholder}
          autoComplete="off"
          value={typed}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy.trim() || undefined}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || typed.trim() === '') return;
            event.preventDefault();
            addTyped();
          }}
          onBlur={addTyped}
          onPointerDown={onReach}
          onFocus={onReach}
        />
      }
    />
  );
}

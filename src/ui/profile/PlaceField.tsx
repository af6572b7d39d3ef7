import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { lazyModule } from './lazyModule';
import { PlaceBox, PLACES_PLACEHOLDER } from './PlaceBox';
import { placeChips, withTyped, type Places } from './placeChips';

export interface PlaceFieldProps {
  places: Places;
  onPlacesChange: (places: Places) => void;
  invalid: boolean;
  describedBy: string;
}

/** What the stand-in hands to the picker replacing it: its focus, and what was typed. */
export interface PlaceHandover {
  focused: boolean;
  typed: string;
}

/** The place picker (Ariakit's combobox over the place data), in a chunk of its own. */
export const placePicker = lazyModule(() => import('./PlaceCombobox'), 'The place picker');

/**
 * The on-site places as chips, searched in the place data the matching reads once the picker has
 * loaded (first focus), and until then a plain input taking "City, ST" or a state. Whoever was
 * typing goes on typing in the picker.
 */
export function PlaceField(props: PlaceFieldProps) {
  const loaded = placePicker.useLoaded();
  const handover = useRef<PlaceHandover>({ focused: false, typed: '' });
  const takeOver = useCallback(() => handover.current, []);
  const onLeave = useCallback((left: PlaceHandover) => {
    handover.current = left;
  }, []);
  return loaded ? (
    <loaded.PlaceCombobox {...props} takeOver={takeOver} />
  ) : (
    <PlaceStandIn {...props} onLeave={onLeave} />
  );
}

function PlaceStandIn({
  places,
  onPlacesChange,
  invalid,
  describedBy,
  onLeave,
}: PlaceFieldProps & { onLeave: (left: PlaceHandover) => void }) {
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
    onPlacesChange(withTyped(places, typed));
    setTyped('');
  };
  const load = () => void placePicker.load();
  return (
    <PlaceBox
      inputId={id}
      chips={placeChips(places)}
      onRemove={(chip) => onPlacesChange(chip.without)}
      input={
        <input
          ref={input}
          id={id}
          name="places"
          className="field__input chip-field__input"
          placeholder={PLACES_PLACEHOLDER}
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
          onPointerDown={load}
          onFocus={load}
        />
      }
    />
  );
}

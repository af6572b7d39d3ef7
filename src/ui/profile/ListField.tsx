import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ChipBox } from './ChipBox';
import type { ChipKind } from './chipList';
import { lazyModule } from './lazyModule';
import { listOf } from './profileDraft';
import './chipField.css';

export interface ListFieldProps {
  kind: ChipKind;
  label: string;
  name: string;
  placeholder: string;
  /** The list as the draft keeps it: entries separated by commas. */
  value: string;
  onValueChange: (value: string) => void;
  invalid: boolean;
  describedBy: string;
}

/** What the stand-in hands to the chip input replacing it. */
export interface Handover {
  focused: boolean;
  /** Typed in the stand-in and not a chip yet. */
  typed: string;
}

/**
 * The chip input (Ariakit's combobox), in a chunk of its own: only this form needs it, and not
 * before someone reaches for a list or the browser is idle, so it adds nothing to the page's load.
 */
export const chipField = lazyModule(() => import('./ChipCombobox'), 'The chip input');

const load = () => void chipField.load();

/**
 * A list of the profile (roles, skills) as chips with suggestions, and until the chip input has
 * loaded (the prerendered page, the first moments after load, a slow network) as the same chips
 * in the same box with a plain input. Whoever was typing there goes on typing in the chip input.
 */
export function ListField(props: ListFieldProps) {
  const loaded = chipField.useLoaded();
  const handover = useRef<Handover>({ focused: false, typed: '' });
  const takeOver = useCallback(() => handover.current, []);
  const onLeave = useCallback((left: Handover) => {
    handover.current = left;
  }, []);
  useEffect(() => chipField.loadWhenIdle(), []);
  return loaded ? (
    <loaded.ChipCombobox {...props} takeOver={takeOver} />
  ) : (
    <ChipStandIn {...props} onLeave={onLeave} />
  );
}

/**
 * The chips without suggestions: what is typed becomes chips on Enter or when the input loses
 * focus (pressing Save), so nothing typed is lost; the draft's check applies the limits.
 */
function ChipStandIn({
  onLeave,
  kind,
  label,
  name,
  placeholder,
  value,
  onValueChange,
  invalid,
  describedBy,
}: ListFieldProps & { onLeave: (left: Handover) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const chips = listOf(value);
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
    onValueChange([...chips, typed].join(', '));
    setTyped('');
  };
  return (
    <ChipBox
      kind={kind}
      label={label}
      inputId={id}
      chips={chips}
      onRemove={(chip) => onValueChange(chips.filter((kept) => kept !== chip).join(', '))}
      input={
        <input
          ref={input}
          id={id}
          name={name}
          className="field__input chip-field__input"
          placeholder={chips.length > 0 ? undefined : placeholder}
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
          // Reaching for the list loads the chip input now (again, after a network blip).
          onPointerDown={load}
          onFocus={load}
        />
      }
    />
  );
}

import { useCallback, useLayoutEffect, useRef } from 'react';
import { TextField } from '../forms/TextField';
import type { ChipKind } from './chipList';
import { lazyModule } from './lazyModule';
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

/** The chip input (Ariakit's combobox), in a chunk of its own: only this form needs it. */
export const chipField = lazyModule(() => import('./ChipCombobox'), 'The chip input');

// With the page, not when the form first shows: the profile arrives later than this chunk, so
// the form shows chips from its first frame and the text box below is seldom seen.
if (typeof window !== 'undefined') void chipField.load();

/**
 * A list of the profile (roles, skills) as chips with suggestions, and until the chip input has
 * loaded (the prerendered page, a slow network) as a text box of entries separated by commas, the
 * same size. Whoever was typing in the text box goes on typing in the chip input.
 */
export function ListField(props: ListFieldProps) {
  const loaded = chipField.useLoaded();
  const typingInTextBox = useRef(false);
  const takesOverFocus = useCallback(() => typingInTextBox.current, []);
  const onLeave = useCallback((focused: boolean) => {
    typingInTextBox.current = focused;
  }, []);
  return loaded ? (
    <loaded.ChipCombobox {...props} takesOverFocus={takesOverFocus} />
  ) : (
    <TextBoxField {...props} onLeave={onLeave} />
  );
}

function TextBoxField({
  onLeave,
  label,
  name,
  placeholder,
  value,
  onValueChange,
  invalid,
  describedBy,
}: ListFieldProps & { onLeave: (focused: boolean) => void }) {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const element = input.current;
    // Before React removes the box: whether it had the focus then.
    return () => onLeave(element !== null && element === document.activeElement);
  }, [onLeave]);
  return (
    <TextField
      ref={input}
      {...{ label, name, placeholder, value, onValueChange, invalid, describedBy }}
      autoComplete="off"
      // If the chunk did not load with the page (a network blip), focusing the box tries again.
      onFocus={() => void chipField.load()}
    />
  );
}

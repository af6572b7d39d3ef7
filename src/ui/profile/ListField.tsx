import { ChipStandIn, useHandover, type Handover } from './ChipStandIn';
import type { ChipKind } from './chipList';
import { lazyModule } from './lazyModule';
import { listOf } from './profileDraft';

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

export type { Handover } from './ChipStandIn';

/**
 * The chip input (Ariakit's combobox), in a chunk of its own: only this form needs it, and only
 * once someone reaches for a list: its evaluation and the render swapping it in are a long task on
 * a slow phone, kept out of the page's load.
 */
export const chipField = lazyModule(() => import('./ChipCombobox'), 'The chip input');

const load = () => void chipField.load();

/**
 * A list of the profile (roles, skills) as chips with suggestions, and until the chip input has
 * loaded (the prerendered page, until the list is first reached, a slow network) as the same chips
 * in the same box with a plain input. Whoever was typing there goes on typing in the chip input.
 */
export function ListField(props: ListFieldProps) {
  const loaded = chipField.useLoaded();
  const { takeOver, onLeave } = useHandover();
  return loaded ? (
    <loaded.ChipCombobox {...props} takeOver={takeOver} />
  ) : (
    <ListStandIn {...props} onLeave={onLeave} />
  );
}

/** The chips without suggestions; the draft's check applies the limits. */
function ListStandIn({
  onLeave,
  value,
  onValueChange,
  placeholder,
  ...field
}: ListFieldProps & { onLeave: (left: Handover) => void }) {
  const chips = listOf(value);
  return (
    <ChipStandIn
      {...field}
      chips={chips}
      placeholder={chips.length > 0 ? undefined : placeholder}
      onRemove={(chip) => onValueChange(chips.filter((kept) => kept !== chip).join(', '))}
      onAdd={(typed) => onValueChange([...chips, typed].join(', '))}
      // Reaching for the list loads the chip input now (again, after a network blip).
      onReach={load}
      onLeave={onLeave}
    />
  );
}

import { ChipStandIn, useHandover, type Handover } from './ChipStandIn';
import { lazyModule } from './lazyModule';
import { PLACES_LABEL, PLACES_PLACEHOLDER, placeChips, withTyped, type Places } from './placeChips';

export interface PlaceFieldProps {
  places: Places;
  onPlacesChange: (places: Places) => void;
  invalid: boolean;
  describedBy: string;
}

/** What the stand-in hands to the picker replacing it: its focus, and what was typed. */
export type PlaceHandover = Handover;

/** The place picker (Ariakit's combobox over the place data), in a chunk of its own. */
export const placePicker = lazyModule(() => import('./PlaceCombobox'), 'The place picker');

/**
 * The on-site places as chips, searched in the place data the matching reads once the picker has
 * loaded (first focus), and until then a plain input taking "City, ST" or a state. Whoever was
 * typing goes on typing in the picker.
 */
export function PlaceField(props: PlaceFieldProps) {
  const loaded = placePicker.useLoaded();
  const { takeOver, onLeave } = useHandover();
  return loaded ? (
    <loaded.PlaceCombobox {...props} takeOver={takeOver} />
  ) : (
    <PlaceStandIn {...props} onLeave={onLeave} />
  );
}

function PlaceStandIn({
  places,
  onPlacesChange,
  onLeave,
  invalid,
  describedBy,
}: PlaceFieldProps & { onLeave: (left: Handover) => void }) {
  return (
    <ChipStandIn
      kind="places"
      label={PLACES_LABEL}
      name="places"
      placeholder={PLACES_PLACEHOLDER}
      invalid={invalid}
      describedBy={describedBy}
      chips={placeChips(places)}
      onRemove={(chip) => onPlacesChange(chip.without)}
      onAdd={(typed) => onPlacesChange(withTyped(places, typed))}
      onReach={() => void placePicker.load()}
      onLeave={onLeave}
    />
  );
}

import { Combobox, useComboboxStore } from '@ariakit/react';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { US_STATE_CODES } from '../../../contract';
import { lazyModule } from './lazyModule';
import { ChipBox } from './ChipBox';
import { SuggestionList } from './SuggestionList';
import { PLACES_LABEL, PLACES_PLACEHOLDER } from './placeChips';
import {
  cityLines,
  PLACE_PROBLEM,
  placeChips,
  placeOf,
  withPlace,
  withTyped,
  type PlaceChip,
} from './placeChips';
import type { PlaceFieldProps, PlaceHandover } from './PlaceField';
import { placeNames, stateLabel, type PlaceNames } from './placeNames';
import { suggestionsFor, type Suggestible } from './suggestionSearch';

interface PlaceData {
  names: PlaceNames;
  /** The states, then the US cities, most populous first. */
  entries: Suggestible[];
}

/**
 * What the picker searches: the states, then the US cities of the gazetteer the matching reads
 * (generated: `npm run places`), fetched when the field is first focused.
 */
const placeData = lazyModule(async (): Promise<PlaceData> => {
  const [names, { default: data }] = await Promise.all([
    placeNames.load(),
    import('./placeSuggestions.json'),
  ]);
  if (names === null) throw new Error('The place names did not load.');
  const states = US_STATE_CODES.map((code) => ({ name: stateLabel(code, names) }));
  return { names, entries: [...states, ...data.cities.map((name) => ({ name }))] };
}, 'The places');

export interface PlaceComboboxProps extends PlaceFieldProps {
  /** What the stand-in this replaces had: its focus and what was typed go on here. */
  takeOver: () => PlaceHandover;
}

/**
 * The on-site places as chips, with the states and cities that start with what is typed offered
 * below (Ariakit's combobox: the arrow keys move through them, Enter picks one). Enter also adds
 * a state or a "City, ST" typed in full; what is not a place stays typed, with the reason.
 */
export function PlaceCombobox({
  places,
  onPlacesChange,
  invalid,
  describedBy,
  takeOver,
}: PlaceComboboxProps) {
  const ids = { input: useId(), problem: useId() };
  const chips = placeChips(places);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [open, setOpen] = useState(false);
  const data = placeData.useLoaded();
  const chosen = [
    ...cityLines(places.cities),
    ...(data ? places.usStates.map((code) => stateLabel(code, data.names)) : []),
  ];
  const offered = data ? suggestionsFor(typed, data.entries, chosen) : [];
  const stateNames = data?.names.states;
  const store = useComboboxStore({
    value: typed,
    setValue: (text) => {
      setTyped(text);
      setProblem(null);
    },
    open: open && offered.length > 0,
    setOpen,
  });
  const input = useRef<HTMLInputElement>(null);
  const popover = useRef<HTMLDivElement>(null);

  /** Adds what was typed or picked; answers whether it was a place. */
  function add(text: string): boolean {
    const place = placeOf(text, stateNames);
    if (place === null) {
      setProblem(PLACE_PROBLEM);
      return false;
    }
    onPlacesChange(withPlace(places, place));
    setAnnouncement(`Added ${text.trim()}.`);
    setProblem(null);
    setTyped('');
    return true;
  }

  function remove(chip: PlaceChip): void {
    onPlacesChange(chip.without);
    setAnnouncement(`Removed ${chip.label}.`);
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const field = event.currentTarget;
    if (event.key === 'Enter' && typed.trim() !== '') {
      // A suggestion arrowed to is picked by the combobox itself (its item's click).
      if (popover.current?.querySelector('[data-active-item]')) return;
      event.preventDefault();
      add(typed);
    } else if (
      event.key === 'Backspace' &&
      field.selectionStart === 0 &&
      field.selectionEnd === 0 &&
      chips.length > 0
    ) {
      event.preventDefault();
      const last = chips[chips.length - 1];
      if (last) remove(last);
    }
  }

  // Taking over from the stand-in, whose cleanup ran just before: its focus and what was typed.
  useLayoutEffect(() => {
    const { focused, typed: left } = takeOver();
    // What the stand-in held is known only once its cleanup ran, after this render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (left !== '') setTyped(left);
    if (focused) {
      input.current?.focus();
      void placeData.load();
    }
    // Once, when this input replaces the stand-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <ChipBox
      kind="places"
      label={PLACES_LABEL}
      inputId={ids.input}
      chips={chips}
      onRemove={remove}
      input={
        <Combobox
          store={store}
          ref={input}
          id={ids.input}
          name="places"
          className="field__input chip-field__input"
          placeholder={PLACES_PLACEHOLDER}
          autoComplete="off"
          aria-invalid={invalid || problem !== null || undefined}
          aria-describedby={[problem ? ids.problem : '', describedBy].join(' ').trim() || undefined}
          onFocus={() => void placeData.load()}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            const to = event.relatedTarget;
            if (to instanceof Node && popover.current?.contains(to)) return;
            // Leaving (pressing Save) adds what is typed, a place or not: the check names the latter.
            if (typed.trim() === '') return;
            onPlacesChange(withTyped(places, typed, stateNames));
            setTyped('');
          }}
        />
      }
    >
      <SuggestionList
        store={store}
        listRef={popover}
        offered={offered}
        onPick={add}
        problem={problem}
        problemId={ids.problem}
        announcement={announcement}
      />
    </ChipBox>
  );
}

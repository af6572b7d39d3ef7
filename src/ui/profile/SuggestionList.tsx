import { ComboboxItem, ComboboxList, type ComboboxStore } from '@ariakit/react';
import type { Ref } from 'react';

export interface SuggestionListProps {
  store: ComboboxStore;
  /** The list's element: leaving the input for it (a click on a suggestion) is not leaving. */
  listRef: Ref<HTMLDivElement>;
  offered: readonly string[];
  /** A suggestion clicked, or arrowed to and picked with Enter. */
  onPick: (suggestion: string) => void;
  /** Why what was typed was not added, or null. */
  problem: string | null;
  problemId: string;
  /** What was added or removed last, read out by screen readers. */
  announcement: string;
}

/**
 * What follows a chip input's box (ChipCombobox, PlaceCombobox): the problem with what was typed,
 * the announcement of what changed, and the suggestions as Ariakit's inline list, whose items the
 * input points to (`aria-activedescendant`) while the focus stays in it.
 */
export function SuggestionList({
  store,
  listRef,
  offered,
  onPick,
  problem,
  problemId,
  announcement,
}: SuggestionListProps) {
  return (
    <>
      {problem && (
        <p id={problemId} className="field__problem">
          {problem}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <ComboboxList store={store} ref={listRef} className="chip-field__options">
        {offered.map((suggestion) => (
          <ComboboxItem
            key={suggestion}
            value={suggestion}
            className="chip-field__option"
            setValueOnClick={false}
            onClick={() => onPick(suggestion)}
          />
        ))}
      </ComboboxList>
    </>
  );
}

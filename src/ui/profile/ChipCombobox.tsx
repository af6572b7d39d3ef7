import { Combobox, useComboboxStore } from '@ariakit/react';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { ChipBox } from './ChipBox';
import { SuggestionList } from './SuggestionList';
import { addChips, CHIP_LIMITS } from './chipList';
import { chipSuggestions } from './chipSuggestions';
import type { Handover, ListFieldProps } from './ListField';
import { listOf } from './profileDraft';
import { suggestionsFor } from './suggestionSearch';

const SEPARATORS = /[,\n]/;

export interface ChipComboboxProps extends ListFieldProps {
  /** What the stand-in this replaces had: its focus and what was typed go on here. */
  takeOver: () => Handover;
}

/**
 * A profile list as chips, with suggestions from the matching's vocabulary (Ariakit's combobox:
 * the arrow keys move through them, Enter picks one). Enter or a comma adds what is typed, a
 * pasted list adds each entry, Backspace in the empty input removes the last chip. The draft keeps
 * the list as text separated by commas; what is typed but not added yet stays in the input, and
 * is added when the input loses focus (pressing Save).
 */
export function ChipCombobox({
  kind,
  label,
  name,
  placeholder,
  value,
  onValueChange,
  invalid,
  describedBy,
  takeOver,
}: ChipComboboxProps) {
  const ids = { input: useId(), problem: useId() };
  const limits = CHIP_LIMITS[kind];
  const chips = listOf(value);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [open, setOpen] = useState(false);
  const vocabulary = chipSuggestions.useLoaded();
  const offered = vocabulary ? suggestionsFor(typed, vocabulary[kind], chips) : [];
  const store = useComboboxStore({
    value: typed,
    setValue: change,
    open: open && offered.length > 0,
    setOpen,
  });
  const input = useRef<HTMLInputElement>(null);
  const popover = useRef<HTMLDivElement>(null);

  /** Adds `entries`; what cannot be added, then `rest`, stays in the input. */
  function add(entries: readonly string[], rest = ''): void {
    const result = addChips(chips, entries, limits);
    const added = result.chips.slice(chips.length);
    if (added.length > 0) {
      onValueChange(result.chips.join(', '));
      setAnnouncement(`Added ${added.join(', ')}.`);
    }
    setProblem(result.problem);
    setTyped([...result.left, rest.trimStart()].filter((text) => text !== '').join(', '));
  }

  function change(text: string): void {
    if (!SEPARATORS.test(text)) {
      setTyped(text.trimStart());
      return;
    }
    const entries = text.split(SEPARATORS);
    const rest = entries.pop() ?? '';
    add(entries, rest);
  }

  function remove(chip: string): void {
    onValueChange(chips.filter((kept) => kept !== chip).join(', '));
    setAnnouncement(`Removed ${chip}.`);
    setProblem(null);
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const field = event.currentTarget;
    if (event.key === 'Enter' && typed.trim() !== '') {
      // A suggestion shown as arrowed to is picked by the combobox itself (its item's click).
      if (popover.current?.querySelector('[data-active-item]')) return;
      event.preventDefault();
      add([typed]);
    } else if (
      event.key === 'Backspace' &&
      field.selectionStart === 0 &&
      field.selectionEnd === 0 &&
      chips.length > 0
    ) {
      event.preventDefault();
      remove(chips[chips.length - 1] ?? '');
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>): void {
    const pasted = event.clipboardData.getData('text');
    if (!SEPARATORS.test(pasted)) return;
    event.preventDefault();
    const field = event.currentTarget;
    const start = field.selectionStart ?? typed.length;
    const end = field.selectionEnd ?? typed.length;
    add((typed.slice(0, start) + pasted + typed.slice(end)).split(SEPARATORS));
  }

  function onBlur(event: FocusEvent<HTMLInputElement>): void {
    const to = event.relatedTarget;
    if (to instanceof Node && popover.current?.contains(to)) return;
    if (typed.trim() !== '') add([typed]);
  }

  // Taking over from the stand-in, whose cleanup ran just before: its focus and what was typed.
  useLayoutEffect(() => {
    const { focused, typed: left } = takeOver();
    if (focused) input.current?.focus();
    if (left === '') return;
    change(left);
    // What was typed there gets its suggestions here, as if typed here. What the stand-in held is
    // known only once its cleanup ran, after this render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpen(focused);
    // Once, when this input replaces the stand-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <ChipBox
      kind={kind}
      label={label}
      inputId={ids.input}
      chips={chips}
      onRemove={remove}
      input={
        <Combobox
          store={store}
          ref={input}
          id={ids.input}
          name={name}
          className="field__input chip-field__input"
          placeholder={chips.length > 0 ? undefined : placeholder}
          autoComplete="off"
          aria-invalid={invalid || problem !== null || undefined}
          aria-describedby={[problem ? ids.problem : '', describedBy].join(' ').trim() || undefined}
          onFocus={() => void chipSuggestions.load()}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={onBlur}
        />
      }
    >
      <SuggestionList
        store={store}
        listRef={popover}
        offered={offered}
        onPick={(suggestion) => add([suggestion])}
        problem={problem}
        problemId={ids.problem}
        announcement={announcement}
      />
    </ChipBox>
  );
}

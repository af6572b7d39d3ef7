import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { personAtKeyboard } from './person';

configure({ asyncUtilTimeout: 5_000 });

/** The chip input's chunk arrives when the test says so, as over a slow network. */
const arrival = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
});
vi.mock('../../src/ui/profile/ChipCombobox', async (importOriginal) => {
  await arrival.opened;
  return importOriginal();
});

/** The idle callbacks the page asked for, run when the test says so. */
const idleCallbacks: (() => void)[] = [];

beforeAll(() => {
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
  // As for the chip input's own tests: jsdom lays nothing out, and Ariakit checks boxes.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([
    new DOMRect(0, 0, 100, 20),
  ] as unknown as DOMRectList);
  Element.prototype.scrollIntoView = () => {};
});

afterEach(cleanup);

const LABEL = 'Skills (separate them with commas)';

/** The skills field of a fresh copy of the module (not loaded yet), as the profile form holds it. */
async function renderSkills(initial: string) {
  const { ListField, chipField } = await import('../../src/ui/profile/ListField');
  const texts = [initial];
  const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
  function SkillsField() {
    const [text, setText] = useState(initial);
    return (
      <form onSubmit={(event) => submitted(event.nativeEvent as SubmitEvent)}>
        <ListField
          kind="skills"
          label={LABEL}
          name="skills"
          placeholder="TypeScript, React"
          value={text}
          onValueChange={(next) => {
            setText(next);
            texts.push(next);
          }}
          invalid={false}
          describedBy=""
        />
        <button type="submit">Save</button>
      </form>
    );
  }
  render(<SkillsField />);
  const chips = () =>
    within(screen.queryByRole('list', { name: 'Chosen skills' }) ?? document.createElement('ul'))
      .queryAllByRole('listitem')
      .map((chip) => chip.textContent);
  return { chipField, chips, text: () => texts.at(-1), submitted, person: personAtKeyboard() };
}

describe('a profile list before its chip input has loaded', () => {
  it('shows the same chips with a plain input, keeps what is typed, and hands over the focus', async () => {
    const { chipField, chips, text, submitted, person } = await renderSkills('Go');
    const load = vi.spyOn(chipField, 'load');
    const standIn = screen.getByRole('textbox', { name: LABEL });
    expect(chips()).toEqual(['Go']);
    expect(screen.queryByRole('combobox')).toBeNull();
    // Nothing loads it with the page: only reaching for the field.
    expect(load).not.toHaveBeenCalled();

    await person.click(standIn);
    expect(load).toHaveBeenCalled();
    await person.keyboard('Elixir{Enter}');
    expect(submitted).not.toHaveBeenCalled();
    await person.keyboard('Rust');
    await person.tab();
    expect(chips()).toEqual(['Go', 'Elixir', 'Rust']);
    expect(text()).toBe('Go, Elixir, Rust');
    await person.click(screen.getByRole('button', { name: 'Remove Rust' }));
    expect(text()).toBe('Go, Elixir');

    await person.click(standIn);
    await person.keyboard('Has');
    arrival.open();
    const input = await screen.findByRole('combobox', { name: LABEL });
    expect(document.activeElement).toBe(input);
    expect(input).toHaveProperty('value', 'Has');
    await person.keyboard('kell{Enter}');
    expect(chips()).toEqual(['Go', 'Elixir', 'Haskell']);
    expect(text()).toBe('Go, Elixir, Haskell');
  });

  it('does not load it with the page, even once the browser is idle', async () => {
    vi.resetModules();
    const { chips } = await renderSkills('Go, Rust');
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const callback of idleCallbacks) callback();
    // The chunk is free to arrive (the first test let it): had anything asked, it would be here.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(chips()).toEqual(['Go', 'Rust']);
    expect(screen.getByRole('textbox', { name: LABEL })).toBeTruthy();
  });
});

import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROFILE_LIMITS } from '../../contract';
import { chipSuggestions } from '../../src/ui/profile/chipSuggestions';
import { chipField, ListField } from '../../src/ui/profile/ListField';
import { personAtKeyboard } from './person';

configure({ asyncUtilTimeout: 5_000 });

afterEach(cleanup);

beforeAll(async () => {
  // The chip input and its vocabulary, as the page loads them before the form shows.
  await Promise.all([chipField.load(), chipSuggestions.load()]);
  // jsdom lays nothing out, so Ariakit would take every element for hidden and unfocusable (its
  // check is the element's boxes) and leave the focus on a picked suggestion, as no browser does.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([
    new DOMRect(0, 0, 100, 20),
  ] as unknown as DOMRectList);
  // jsdom has no scrolling either.
  Element.prototype.scrollIntoView = () => {};
});

afterAll(() => {
  vi.restoreAllMocks();
  // jsdom has none: the arrowed-to suggestion is scrolled into view in a browser.
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

/** The skills field as the profile form holds it: the list as text separated by commas. */
function SkillsField({ initial, onText }: { initial: string; onText: (text: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form>
      <ListField
        kind="skills"
        label="Skills (separate them with commas)"
        name="skills"
        placeholder="TypeScript, React"
        value={text}
        onValueChange={(next) => {
          setText(next);
          onText(next);
        }}
        invalid={false}
        describedBy=""
      />
      <button type="submit">Save</button>
    </form>
  );
}

function renderSkills(initial = '') {
  const texts: string[] = [initial];
  render(<SkillsField initial={initial} onText={(text) => texts.push(text)} />);
  const input = screen.getByRole('combobox', { name: 'Skills (separate them with commas)' });
  const chips = () =>
    within(screen.queryByRole('list', { name: 'Chosen skills' }) ?? document.createElement('ul'))
      .queryAllByRole('listitem')
      .map((chip) => chip.textContent);
  return { person: personAtKeyboard(), input, chips, text: () => texts.at(-1) };
}

describe('the chip input of a profile list', () => {
  it('adds a suggestion chosen with the arrow keys and Enter, and typed text with Enter', async () => {
    const { person, input, chips, text } = renderSkills();
    await person.click(input);
    await person.keyboard('kuber');
    const options = await screen.findAllByRole('option');
    expect(options[0]?.textContent).toBe('Kubernetes');
    await person.keyboard('{ArrowDown}{Enter}');
    expect(chips()).toEqual(['Kubernetes']);
    expect(input).toHaveProperty('value', '');
    await person.keyboard('Elm{Enter}');
    expect(chips()).toEqual(['Kubernetes', 'Elm']);
    expect(text()).toBe('Kubernetes, Elm');
    expect(document.activeElement).toBe(input);
  });

  it('makes a pasted list chips, and a comma ends a chip', async () => {
    const { person, input, chips, text } = renderSkills('Go');
    await person.click(input);
    await person.paste('TypeScript, React,\nPostgreSQL');
    expect(chips()).toEqual(['Go', 'TypeScript', 'React', 'PostgreSQL']);
    await person.keyboard('Docker, Ru');
    expect(chips()).toEqual(['Go', 'TypeScript', 'React', 'PostgreSQL', 'Docker']);
    expect(input).toHaveProperty('value', 'Ru');
    expect(text()).toBe('Go, TypeScript, React, PostgreSQL, Docker');
  });

  it('removes the last chip with Backspace, any chip with its button, and says so', async () => {
    const { person, input, chips } = renderSkills('Go, Rust, Zig');
    await person.click(input);
    await person.keyboard('{Backspace}');
    expect(chips()).toEqual(['Go', 'Rust']);
    expect(screen.getByText('Removed Zig.')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Remove Go' }));
    expect(chips()).toEqual(['Rust']);
    expect(document.activeElement).toBe(input);
  });

  it('keeps what goes over a limit in the input, with the reason next to it', async () => {
    const many = Array.from({ length: PROFILE_LIMITS.skills }, (_, at) => `S${at}`).join(', ');
    const { person, input, chips } = renderSkills(many);
    await person.click(input);
    await person.keyboard('Elixir{Enter}');
    expect(chips()).toHaveLength(PROFILE_LIMITS.skills);
    expect(input).toHaveProperty('value', 'Elixir');
    const reason = `You can list at most ${PROFILE_LIMITS.skills} skills.`;
    expect(screen.getByText(reason).id).not.toBe('');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText(reason).id);
  });

  it('adds what is typed when the input loses focus, as when Save is pressed', async () => {
    const { person, input, chips } = renderSkills();
    await person.click(input);
    await person.keyboard('Haskell');
    await person.tab();
    await waitFor(() => expect(chips()).toEqual(['Haskell']));
  });
});

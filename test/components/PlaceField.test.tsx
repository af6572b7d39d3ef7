import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLACES_LABEL } from '../../src/ui/profile/placeChips';
import type { Places } from '../../src/ui/profile/placeChips';
import { PlaceField, placePicker } from '../../src/ui/profile/PlaceField';
import { personAtKeyboard } from './person';

configure({ asyncUtilTimeout: 5_000 });

afterEach(cleanup);

beforeAll(async () => {
  await placePicker.load();
  // jsdom lays nothing out: Ariakit would take every element for hidden (see ChipCombobox.test).
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([
    new DOMRect(0, 0, 100, 20),
  ] as unknown as DOMRectList);
  Element.prototype.scrollIntoView = () => {};
});

afterAll(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

/** The places as the profile form holds them: states, and cities one a line. */
function renderPlaces(initial: Places = { usStates: [], cities: '' }) {
  const kept: Places[] = [initial];
  function Form() {
    const [places, setPlaces] = useState(initial);
    return (
      <form>
        <input aria-label="Before" />
        <PlaceField
          places={places}
          onPlacesChange={(next) => {
            setPlaces(next);
            kept.push(next);
          }}
          invalid={false}
          describedBy=""
        />
      </form>
    );
  }
  render(<Form />);
  const chips = () =>
    within(screen.queryByRole('list', { name: 'Chosen places' }) ?? document.createElement('ul'))
      .queryAllByRole('listitem')
      .map((chip) => chip.textContent);
  return { person: personAtKeyboard(), chips, places: () => kept.at(-1) };
}

describe('the place picker, at the keyboard', () => {
  it('finds a city and a state as they are typed; the arrow keys and Enter pick them', async () => {
    const { person, chips, places } = renderPlaces();
    await person.tab();
    await person.tab();
    const input = screen.getByRole('combobox', { name: PLACES_LABEL });
    expect(document.activeElement).toBe(input);
    await person.keyboard('austin');
    expect((await screen.findAllByRole('option'))[0]?.textContent).toBe('Austin, TX');
    await person.keyboard('{ArrowDown}{Enter}');
    await person.keyboard('tex');
    expect((await screen.findAllByRole('option'))[0]?.textContent).toBe('Texas (TX)');
    await person.keyboard('{ArrowDown}{Enter}');
    expect(chips()).toEqual(['All of TX', 'Austin, TX']);
    expect(places()).toEqual({ usStates: ['TX'], cities: 'Austin, TX' });
    expect(document.activeElement).toBe(input);
  });

  it('adds a town typed as "City, ST", keeps what is no place with the reason, and Backspace removes', async () => {
    const { person, chips, places } = renderPlaces({ usStates: ['WA'], cities: '' });
    await person.tab();
    await person.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove All of WA' }));
    await person.tab();
    await person.keyboard('Smallville, ks{Enter}');
    expect(chips()).toEqual(['All of WA', 'Smallville, KS']);
    await person.keyboard('Atlantis{Enter}');
    const input = screen.getByRole('combobox', { name: PLACES_LABEL });
    expect(input).toHaveProperty('value', 'Atlantis');
    expect(
      screen.getByText('Choose a place from the list, or write a city as “City, ST”.'),
    ).toBeTruthy();
    await person.keyboard('{Control>}a{/Control}{Backspace}{Backspace}');
    expect(chips()).toEqual(['All of WA']);
    expect(screen.getByText('Removed Smallville, KS.')).toBeTruthy();
    expect(places()).toEqual({ usStates: ['WA'], cities: '' });
  });
});

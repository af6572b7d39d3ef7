import { cleanup, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { personAtKeyboard } from './person';

afterEach(cleanup);

/** The field in a fresh copy of its modules: no other file has loaded the country list yet. */
async function renderCountry(initial: string) {
  vi.resetModules();
  const { CountryField } = await import('../../src/ui/profile/CountryField');
  const { placeNames } = await import('../../src/ui/profile/placeNames');
  const load = vi.spyOn(placeNames, 'load');
  const chosen: string[] = [];
  function Form() {
    const [country, setCountry] = useState(initial);
    return (
      <form>
        <input aria-label="Before" />
        <CountryField
          country={country}
          onCountryChange={(next) => {
            setCountry(next);
            chosen.push(next);
          }}
        />
      </form>
    );
  }
  render(<Form />);
  const select = screen.getByRole('combobox', { name: 'Country you live in' });
  const options = () => within(select).getAllByRole('option');
  return { select, options, load, chosen, person: personAtKeyboard() };
}

describe('the country lived in', () => {
  it('shows the seeker’s country alone, and builds the list only once it is reached', async () => {
    const { select, options, load, chosen, person } = await renderCountry('DE');
    expect(select).toHaveProperty('value', 'DE');
    expect(options().map((option) => option.textContent)).toEqual(['Germany']);
    // Showing the form does not fetch, name and sort every country.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();

    await person.click(screen.getByRole('textbox', { name: 'Before' }));
    await person.tab();
    expect(document.activeElement).toBe(select);
    expect(load).toHaveBeenCalled();
    await within(select).findByRole('option', { name: 'France' });
    expect(options().length).toBeGreaterThan(200);
    expect(select).toHaveProperty('value', 'DE');

    await person.selectOptions(select, 'France');
    expect(chosen).toEqual(['FR']);
    expect(select).toHaveProperty('value', 'FR');
  });
});

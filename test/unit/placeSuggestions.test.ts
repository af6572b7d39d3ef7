import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { placeFiles, REGENERATE_PLACES } from '../../scripts/places/placeSuggestions';
import { placeChips, placeOf, withPlace, withTyped } from '../../src/ui/profile/placeChips';
import { countryName, remoteNearLabel } from '../../src/ui/profile/countryName';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the profile form’s place data', () => {
  it(`is what the gazetteers give (else: ${REGENERATE_PLACES})`, () => {
    for (const [file, text] of Object.entries(placeFiles()))
      expect(readFileSync(join(repositoryRoot, file), 'utf8') === text, `${file} is stale`).toBe(
        true,
      );
  });

  it('names countries as people do, and the remote choice by where the seeker lives', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('DE')).toBe('Germany');
    expect(remoteNearLabel('US')).toBe('Remote in the US');
    expect(remoteNearLabel('DE')).toBe('Remote, open to people in Germany');
  });
});

describe('places typed or picked', () => {
  it('reads a state by code, name or label, and a city with its state', () => {
    expect(placeOf('tx')).toEqual({ state: 'TX' });
    expect(placeOf(' new  york ', new Map([['NY', 'New York']]))).toEqual({ state: 'NY' });
    expect(placeOf('New York')).toBeNull();
    expect(placeOf('Texas (TX)')).toEqual({ state: 'TX' });
    expect(placeOf('Austin,tx')).toEqual({ city: 'Austin, TX' });
    expect(placeOf('Austin')).toBeNull();
    expect(placeOf('Paris, FR')).toBeNull();
  });

  it('adds each place once, and keeps typed text that is no place as a line the check names', () => {
    const none = { usStates: [], cities: '' };
    const once = withPlace(withPlace(none, { city: 'Austin, TX' }), { city: 'austin, tx' });
    expect(once).toEqual({ usStates: [], cities: 'Austin, TX' });
    expect(withPlace(once, { state: 'WA' })).toEqual({ usStates: ['WA'], cities: 'Austin, TX' });
    expect(withTyped(once, ' Somewhere ')).toEqual({
      usStates: [],
      cities: 'Austin, TX\nSomewhere',
    });
    const chips = placeChips({ usStates: ['WA'], cities: 'Austin, TX\nDallas, TX' });
    expect(chips.map((chip) => chip.label)).toEqual(['All of WA', 'Austin, TX', 'Dallas, TX']);
    expect(chips[1]?.without).toEqual({ usStates: ['WA'], cities: 'Dallas, TX' });
  });
});

import type { UsStateCode } from '../../../contract';
import { countryName } from './countryName';
import { lazyModule } from './lazyModule';

export interface PlaceNames {
  /** Every country (ISO 3166-1), by name. */
  countries: readonly { code: string; name: string }[];
  /** Each US state's name by code. */
  states: ReadonlyMap<UsStateCode, string>;
}

/**
 * The country codes and the US states' names (generated: `npm run places`), fetched once the form
 * shows: the page's first load does not carry them.
 */
export const placeNames = lazyModule(async (): Promise<PlaceNames> => {
  const names = (await import('./placeNames.json')).default;
  // One collator for the whole sort: localeCompare with a locale sets one up for every comparison.
  const byName = new Intl.Collator('en').compare;
  return {
    countries: names.countries
      .map((code) => ({ code, name: countryName(code) }))
      .sort((a, b) => byName(a.name, b.name)),
    states: new Map(names.states as [UsStateCode, string][]),
  };
}, 'The place names');

/** A state as a suggestion reads: "Texas (TX)". */
export const stateLabel = (code: UsStateCode, names: PlaceNames): string =>
  `${names.states.get(code) ?? code} (${code})`;

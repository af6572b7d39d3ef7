/**
 * Each country's currency, for the profile form's salary floor: ISO 3166-1 alpha-2 to ISO 4217,
 * from world-countries (the gazetteer remoteAreas.ts reads), its first currency the platform knows.
 * Fetched with the floor's pickers; the front end does not carry that package's 1.4 MB.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface WorldCountry {
  readonly cca2: string;
  readonly currencies?: Readonly<Record<string, unknown>>;
}

export const CURRENCIES_PATH = 'src/ui/profile/countryCurrencies.json';

/** The file's text: one country a line, by code, as Prettier writes it. */
export function countryCurrenciesText(): string {
  const known = new Set(Intl.supportedValuesOf('currency'));
  const world = require('world-countries') as readonly WorldCountry[];
  const pairs = world
    .map(({ cca2, currencies }) => [
      cca2,
      Object.keys(currencies ?? {}).find((code) => known.has(code)),
    ])
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .sort(([a], [b]) => a.localeCompare(b, 'en'));
  return `${JSON.stringify(Object.fromEntries(pairs), null, 2)}\n`;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { countryCurrenciesText, CURRENCIES_PATH } from '../../scripts/places/countryCurrencies';
import { REGENERATE_PLACES } from '../../scripts/places/placeSuggestions';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('each country’s currency, for the salary floor', () => {
  it(`is what world-countries gives (else: ${REGENERATE_PLACES})`, () => {
    const text = countryCurrenciesText();
    expect(readFileSync(join(repositoryRoot, CURRENCIES_PATH), 'utf8') === text).toBe(true);
    const currencies = JSON.parse(text) as Record<string, string>;
    expect(currencies).toMatchObject({ US: 'USD', DE: 'EUR', IN: 'INR', CA: 'CAD', GB: 'GBP' });
    const known = new Set(Intl.supportedValuesOf('currency'));
    expect(Object.values(currencies).filter((code) => !known.has(code))).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RESIDENCE } from '../../contract';

const BrowsersDisplayNames = Intl.DisplayNames;
const useDisplayNames = (value: typeof Intl.DisplayNames) =>
  Object.defineProperty(Intl, 'DisplayNames', { value, configurable: true, writable: true });

afterEach(() => {
  useDisplayNames(BrowsersDisplayNames);
});

/** A fresh copy of the module (no region names made yet), and a count of those it makes. */
async function freshCountryName() {
  vi.resetModules();
  const made = { count: 0 };
  useDisplayNames(
    class extends BrowsersDisplayNames {
      constructor(...args: ConstructorParameters<typeof BrowsersDisplayNames>) {
        super(...args);
        made.count += 1;
      }
    },
  );
  const { countryName } = await import('../../src/ui/profile/countryName');
  return { countryName, made };
}

describe('a country’s name', () => {
  it('names the default residence as the browser does, without loading its region names', async () => {
    const { countryName, made } = await freshCountryName();
    expect(countryName(DEFAULT_RESIDENCE)).toBe('United States');
    expect(made.count).toBe(0);
    const browsers = new BrowsersDisplayNames(['en'], { type: 'region' }).of(DEFAULT_RESIDENCE);
    expect(countryName(DEFAULT_RESIDENCE)).toBe(browsers);
  });

  it('names another country from the browser’s data, and a code it has no name for as the code', async () => {
    const { countryName, made } = await freshCountryName();
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('IN')).toBe('India');
    expect(countryName('XZ')).toBe('XZ');
    expect(made.count).toBe(1);
  });
});

/** A currency as the picker offers it: its ISO 4217 code and its name for people. */
export type CurrencyOption = readonly [code: string, name: string];

/**
 * Every currency the browser knows, named by the browser ("Euro (EUR)"), by name. Loaded when the
 * salary field is first focused: naming some three hundred currencies is work the page's start
 * does not need.
 */
export function currencyOptions(): CurrencyOption[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' });
  return Intl.supportedValuesOf('currency')
    .map((code): CurrencyOption => [code, `${names.of(code) ?? code} (${code})`])
    .sort((a, b) => a[1].localeCompare(b[1], 'en'));
}

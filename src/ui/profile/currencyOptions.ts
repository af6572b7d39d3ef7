/** A currency as the picker offers it: its ISO 4217 code and its name for people. */
export type CurrencyOption = readonly [code: string, name: string];

/**
 * Every currency the browser knows, named by the browser ("Euro (EUR)"), by name. Called when the
 * currency picker is first focused: naming and sorting every currency is work the form's first
 * render does not need.
 */
export function currencyOptions(): CurrencyOption[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' });
  // One collator for the whole sort, as for the countries (placeNames.ts).
  const byName = new Intl.Collator('en').compare;
  return Intl.supportedValuesOf('currency')
    .map((code): CurrencyOption => [code, `${names.of(code) ?? code} (${code})`])
    .sort((a, b) => byName(a[1], b[1]));
}

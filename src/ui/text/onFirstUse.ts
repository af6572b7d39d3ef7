/**
 * A value made at its first use, then kept. For `Intl` formatters: the page's first `Intl` object
 * loads the browser's locale data in a long task (docs/architecture.md, "Intl at load"), which a
 * page should pay only when it shows a date, a country or a relative time.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { readonly value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

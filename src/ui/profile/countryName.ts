import { DEFAULT_RESIDENCE } from '../../../contract';
import { onFirstUse } from '../text/onFirstUse';

const regionNames = onFirstUse(
  () => new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }),
);

/** The default residence's name, as the browser names it: every new profile shows it. */
export const DEFAULT_RESIDENCE_NAME = 'United States';

/**
 * A country's name in English from the browser's own data ("DE": "Germany"), so no list of names
 * is sent; the code itself where the browser has none. Shown only with a loaded profile, never in
 * a prerendered page, so the server's and the browser's wording never meet in one hydration. The
 * default residence is named without the browser's data: the page's first `Intl.DisplayNames`
 * loads the browser's region names in a long task, which a new profile's form need not wait for.
 */
export function countryName(code: string): string {
  if (code === DEFAULT_RESIDENCE) return DEFAULT_RESIDENCE_NAME;
  return regionNames().of(code) ?? code;
}

/** The remote choice that depends on where the seeker lives, in words. */
export const remoteNearLabel = (country: string): string =>
  country === DEFAULT_RESIDENCE
    ? 'Remote in the US'
    : `Remote, open to people in ${countryName(country)}`;

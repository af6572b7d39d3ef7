import { DEFAULT_RESIDENCE } from '../../../contract';

let regionNames: Intl.DisplayNames | null = null;

/**
 * A country's name in English from the browser's own data ("DE": "Germany"), so no list of names
 * is sent; the code itself where the browser has none. Shown only with a loaded profile, never in
 * a prerendered page, so the server's and the browser's wording never meet in one hydration.
 */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return regionNames.of(code) ?? code;
}

/** The remote choice that depends on where the seeker lives, in words. */
export const remoteNearLabel = (country: string): string =>
  country === DEFAULT_RESIDENCE
    ? 'Remote in the US'
    : `Remote, open to people in ${countryName(country)}`;

import { DEFAULT_RESIDENCE, type WorkLocations } from '../../../contract';
import { countryName } from './countryName';

/** Where a profile wants to work, in words: "remote in the US; TX; Austin, TX". */
export function placesOf(where: WorkLocations): string {
  const country = where.country ?? DEFAULT_RESIDENCE;
  const near =
    country === DEFAULT_RESIDENCE
      ? 'remote in the US'
      : `remote, open to people in ${countryName(country)}`;
  const places = [
    ...(where.remoteUs ? [near] : []),
    ...(where.remoteWorldwide ? ['remote from anywhere'] : []),
    ...where.usStates,
    ...where.usCities.map(({ city, state }) => `${city}, ${state}`),
  ];
  return places.join('; ');
}

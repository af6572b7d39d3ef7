import type { WorkLocations } from '../../../contract';

/** Where a profile wants to work, in words: "remote in the US; TX; Austin, TX". */
export function placesOf(where: WorkLocations): string {
  const places = [
    ...(where.remoteUs ? ['remote in the US'] : []),
    ...(where.remoteWorldwide ? ['remote from anywhere'] : []),
    ...where.usStates,
    ...where.usCities.map(({ city, state }) => `${city}, ${state}`),
  ];
  return places.join('; ');
}

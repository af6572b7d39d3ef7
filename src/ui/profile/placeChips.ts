import { PROFILE_LIMITS, US_STATE_CODES, type UsStateCode } from '../../../contract';

export const PLACES_LABEL = 'US cities and states where you would work on site';
export const PLACES_PLACEHOLDER = 'Austin, TX or Texas';

/** The on-site places of a draft: whole states, and cities one "City, ST" a line. */
export interface Places {
  usStates: UsStateCode[];
  cities: string;
}

/** One place to add: a whole state, or a city as "City, ST". */
export type Place = { state: UsStateCode } | { city: string };

const isState = (code: string): code is UsStateCode =>
  (US_STATE_CODES as readonly string[]).includes(code);

export const cityLines = (cities: string): string[] =>
  cities
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * What was typed or picked as a place: "TX", "Texas (TX)" and, with the states' names, "Texas"
 * are the state; "Austin, TX" (any city, with a state's code) the city; anything else null.
 */
export function placeOf(
  text: string,
  stateNames: ReadonlyMap<UsStateCode, string> = new Map(),
): Place | null {
  const typed = text.trim().replace(/\s+/g, ' ');
  const labelled = /\(([A-Za-z]{2})\)$/.exec(typed)?.[1]?.toUpperCase();
  if (labelled !== undefined && isState(labelled)) return { state: labelled };
  const code = typed.toUpperCase();
  if (isState(code)) return { state: code };
  const named = [...stateNames].find(([, name]) => name.toLowerCase() === typed.toLowerCase());
  if (named !== undefined) return { state: named[0] };
  const match = /^(.+),\s*([A-Za-z]{2})$/.exec(typed);
  const city = match?.[1]?.trim() ?? '';
  const state = match?.[2]?.toUpperCase() ?? '';
  return city !== '' && isState(state) && city.length <= PROFILE_LIMITS.cityLength
    ? { city: `${city}, ${state}` }
    : null;
}

/** The places with `place` added (once: a city in any case). */
export function withPlace(places: Places, place: Place): Places {
  if ('state' in place)
    return places.usStates.includes(place.state)
      ? places
      : { ...places, usStates: [...places.usStates, place.state] };
  const lines = cityLines(places.cities);
  if (lines.some((line) => line.toLowerCase() === place.city.toLowerCase())) return places;
  return { ...places, cities: [...lines, place.city].join('\n') };
}

/**
 * The places with what was typed added as leaving the field adds it: a place as `placeOf` reads
 * it, else the text as a city line, which the draft's check then names, so nothing typed is lost.
 */
export function withTyped(
  places: Places,
  text: string,
  stateNames?: ReadonlyMap<UsStateCode, string>,
): Places {
  const place = placeOf(text, stateNames);
  if (place !== null) return withPlace(places, place);
  return { ...places, cities: [...cityLines(places.cities), text.trim()].join('\n') };
}

/** A chosen place as a chip: its words, and the places without it. */
export interface PlaceChip {
  label: string;
  without: Places;
}

export function placeChips(places: Places): PlaceChip[] {
  const lines = cityLines(places.cities);
  return [
    ...places.usStates.map((code) => ({
      label: `All of ${code}`,
      without: { ...places, usStates: places.usStates.filter((kept) => kept !== code) },
    })),
    ...lines.map((line, at) => ({
      label: line,
      without: { ...places, cities: lines.filter((_, other) => other !== at).join('\n') },
    })),
  ];
}

export const PLACE_PROBLEM = 'Choose a place from the list, or write a city as “City, ST”.';

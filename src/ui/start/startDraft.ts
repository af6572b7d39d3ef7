import {
  PROFILE_LIMITS,
  US_STATE_CODES,
  type CvProposals,
  type UsCity,
  type UsStateCode,
} from '../../../contract';
import { listOf, type ProfileDraft } from '../profile/profileDraft';

/** Whether the CV's proposals name a role or a skill (a CV of other text proposes none). */
export function proposesRolesOrSkills(proposals: CvProposals | null | undefined): boolean {
  return (proposals?.targetRoles.length ?? 0) + (proposals?.skills.length ?? 0) > 0;
}

/** A city as the draft writes it, one a line: "Austin, TX". */
export const cityLine = ({ city, state }: UsCity): string => `${city}, ${state}`;

/** The draft's cities, one entry a line, blanks dropped. */
export function cityLinesOf(draft: ProfileDraft): string[] {
  return draft.cities
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** `kept` then `proposed`, without repeats in any case, at most `most`, as the draft writes lists. */
function joined(kept: string, proposed: readonly string[], most: number): string {
  return listOf([kept, ...proposed].join(','))
    .slice(0, most)
    .join(', ');
}

/**
 * The draft with the CV's proposals in it. What the draft lists already stays first (nothing the
 * person chose is lost); the proposed roles and skills follow, most relevant first. The level and
 * places the CV names replace the draft's; where it names none, the draft's stay.
 */
export function withProposals(draft: ProfileDraft, proposals: CvProposals): ProfileDraft {
  const namesPlaces =
    proposals.remote || proposals.usStates.length > 0 || proposals.usCities.length > 0;
  return {
    ...draft,
    roles: joined(draft.roles, proposals.targetRoles, PROFILE_LIMITS.targetRoles),
    skills: joined(draft.skills, proposals.skills, PROFILE_LIMITS.skills),
    seniority: proposals.seniority ?? draft.seniority,
    ...(namesPlaces && {
      remoteUs: proposals.remote,
      usStates: proposals.usStates.slice(0, PROFILE_LIMITS.usStates),
      cities: proposals.usCities.slice(0, PROFILE_LIMITS.usCities).map(cityLine).join('\n'),
    }),
  };
}

/** A place the step offers as a checkbox: a state by its code, or a city as "City, ST". */
export type PlaceChoice = { kind: 'state'; code: UsStateCode } | { kind: 'city'; line: string };

function isStateCode(code: string): code is UsStateCode {
  return (US_STATE_CODES as readonly string[]).includes(code);
}

/**
 * The states and cities offered `earlier`, then those of the draft and of the proposals, each
 * once: the step lists them as checkboxes, so one unticked stays on screen to be ticked again.
 */
export function placeChoicesOf(
  draft: ProfileDraft,
  proposals: CvProposals | null,
  earlier: readonly PlaceChoice[] = [],
): PlaceChoice[] {
  const earlierStates = earlier.flatMap((place) => (place.kind === 'state' ? [place.code] : []));
  const earlierLines = earlier.flatMap((place) => (place.kind === 'city' ? [place.line] : []));
  const states = new Set<string>([
    ...earlierStates,
    ...draft.usStates,
    ...(proposals?.usStates ?? []),
  ]);
  const lines = new Set([
    ...earlierLines,
    ...cityLinesOf(draft),
    ...(proposals?.usCities ?? []).map(cityLine),
  ]);
  return [
    ...[...states].filter(isStateCode).map((code) => ({ kind: 'state' as const, code })),
    ...[...lines].map((line) => ({ kind: 'city' as const, line })),
  ];
}

export function placeChosen(draft: ProfileDraft, place: PlaceChoice): boolean {
  return place.kind === 'state'
    ? draft.usStates.includes(place.code)
    : cityLinesOf(draft).includes(place.line);
}

/** The draft with `place` ticked or unticked. */
export function choosePlace(
  draft: ProfileDraft,
  place: PlaceChoice,
  chosen: boolean,
): Partial<ProfileDraft> {
  if (place.kind === 'state') {
    const others = draft.usStates.filter((code) => code !== place.code);
    return { usStates: chosen ? [...others, place.code] : others };
  }
  const others = cityLinesOf(draft).filter((line) => line !== place.line);
  return { cities: (chosen ? [...others, place.line] : others).join('\n') };
}

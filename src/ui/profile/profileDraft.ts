import {
  DEFAULT_RESIDENCE,
  PROFILE_LIMITS,
  SENIORITIES,
  US_STATE_CODES,
  type AlertProfile,
  type AlertProfileInput,
  type ProfileSlot,
  type MinSalary,
  type Seniority,
  type UsCity,
  type UsStateCode,
} from '../../../contract';

/** The form's values as people type them: lists as text, the salary as text. */
export interface ProfileDraft {
  roles: string;
  skills: string;
  remoteUs: boolean;
  remoteWorldwide: boolean;
  /** Where the seeker lives, ISO 3166-1 alpha-2. */
  country: string;
  usStates: UsStateCode[];
  /** One "City, ST" a line. */
  cities: string;
  seniority: Seniority;
  /** The salary floor's amount as typed, in `floorUnit`. */
  minSalary: string;
  floorUnit: FloorUnit;
  needsVisaSponsorship: boolean;
}

/** A salary floor's currency (ISO 4217) and period; a whole floor may stand for its unit. */
export type FloorUnit = Pick<MinSalary, 'currency' | 'period'>;

/** The unit when none is chosen, as every floor was before they could be. */
const USD_A_YEAR: FloorUnit = { currency: 'USD', period: 'year' };

export type DraftField = 'roles' | 'skills' | 'where' | 'cities' | 'minSalary';
export type DraftProblems = Partial<Record<DraftField, string>>;

export const EMPTY_DRAFT: ProfileDraft = {
  roles: '',
  skills: '',
  remoteUs: true,
  remoteWorldwide: false,
  country: DEFAULT_RESIDENCE,
  usStates: [],
  cities: '',
  seniority: 'mid',
  minSalary: '',
  floorUnit: USD_A_YEAR,
  needsVisaSponsorship: false,
};

export function draftFromProfile(profile: AlertProfile): ProfileDraft {
  return {
    roles: profile.targetRoles.join(', '),
    skills: profile.skills.join(', '),
    remoteUs: profile.where.remoteUs,
    remoteWorldwide: profile.where.remoteWorldwide,
    country: profile.where.country ?? DEFAULT_RESIDENCE,
    usStates: [...profile.where.usStates],
    cities: profile.where.usCities.map(({ city, state }) => `${city}, ${state}`).join('\n'),
    seniority: profile.seniority,
    minSalary: profile.minSalary === null ? '' : String(profile.minSalary.amount),
    floorUnit: profile.minSalary ?? USD_A_YEAR,
    needsVisaSponsorship: profile.needsVisaSponsorship,
  };
}

/** Comma-separated entries, trimmed, without blanks or repeats (ignoring case). */
export function listOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => {
      const key = entry.toLowerCase();
      if (entry === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function isStateCode(code: string): code is UsStateCode {
  return (US_STATE_CODES as readonly string[]).includes(code);
}

function citiesOf(text: string): UsCity[] | string {
  const cities: UsCity[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const match = /^(.+),\s*([A-Za-z]{2})$/.exec(line.trim());
    const state = match?.[2]?.toUpperCase() ?? '';
    const city = match?.[1]?.trim() ?? '';
    if (!match || !isStateCode(state) || city === '') {
      return `Write each city as “City, ST”, for example “Austin, TX” (not “${line.trim()}”).`;
    }
    if (city.length > PROFILE_LIMITS.cityLength) {
      return `A city name can have at most ${PROFILE_LIMITS.cityLength} characters.`;
    }
    cities.push({ city, state });
  }
  return cities.length > PROFILE_LIMITS.usCities
    ? `You can list at most ${PROFILE_LIMITS.usCities} cities.`
    : cities;
}

export const tooManyEntries = (most: number, what: string) =>
  `You can list at most ${most} ${what}.`;
export const tooLongEntry = (longest: number) =>
  `Each entry can have at most ${longest} characters.`;

function listProblem(items: string[], most: number, longest: number, what: string) {
  if (items.length > most) return tooManyEntries(most, what);
  if (items.some((item) => item.length > longest)) return tooLongEntry(longest);
  return undefined;
}

function salaryOf(text: string): number | null | string {
  const digits = text.replace(/[\s,$]/g, '');
  if (digits === '') return null;
  const value = Number(digits);
  if (!/^[1-9]\d*$/.test(digits) || value > PROFILE_LIMITS.maxSalaryAmount) {
    return 'Enter the amount as a whole number, for example 120000.';
  }
  return value;
}

/** The request body for the draft, or what is wrong with it, field by field. */
export function checkDraft(
  draft: ProfileDraft,
): { input: AlertProfileInput } | { problems: DraftProblems } {
  const targetRoles = listOf(draft.roles);
  const skills = listOf(draft.skills);
  const cities = citiesOf(draft.cities);
  const salary = salaryOf(draft.minSalary);
  const problems: DraftProblems = {};
  const rolesProblem =
    targetRoles.length === 0
      ? 'Enter at least one role, for example “Frontend engineer”.'
      : listProblem(targetRoles, PROFILE_LIMITS.targetRoles, PROFILE_LIMITS.roleLength, 'roles');
  if (rolesProblem) problems.roles = rolesProblem;
  const skillsProblem = listProblem(
    skills,
    PROFILE_LIMITS.skills,
    PROFILE_LIMITS.skillLength,
    'skills',
  );
  if (skillsProblem) problems.skills = skillsProblem;
  if (typeof cities === 'string') problems.cities = cities;
  if (typeof salary === 'string') problems.minSalary = salary;
  const placeChosen =
    draft.remoteUs ||
    draft.remoteWorldwide ||
    draft.usStates.length > 0 ||
    (Array.isArray(cities) && cities.length > 0);
  if (!placeChosen) problems.where = 'Choose at least one place: remote, a state or a city.';
  if (
    Object.keys(problems).length > 0 ||
    typeof cities === 'string' ||
    typeof salary === 'string'
  ) {
    return { problems };
  }
  return {
    input: {
      targetRoles,
      skills,
      where: {
        remoteUs: draft.remoteUs,
        remoteWorldwide: draft.remoteWorldwide,
        country: draft.country,
        usStates: draft.usStates,
        usCities: cities,
      },
      seniority: draft.seniority,
      minSalary:
        salary === null
          ? null
          : // A unit taken from a saved floor still holds its old amount: this one replaces it.
            { ...draft.floorUnit, amount: salary },
      needsVisaSponsorship: draft.needsVisaSponsorship,
    },
  };
}

// --- Kept in this tab across reloads (never the CV) --------------------------------------------

const DRAFT_KEY_PREFIX = 'applyfirst:profile-draft:';

/** One draft per user and slot; slot 1 keeps the key it had before there were slots. */
function draftKey(uid: string, slot: ProfileSlot): string {
  return DRAFT_KEY_PREFIX + (slot === 1 ? uid : `${uid}:${slot}`);
}

/** A kept draft; one kept before a field was asked lacks it. */
type KeptDraft = Omit<ProfileDraft, 'country' | 'floorUnit'> &
  Partial<Pick<ProfileDraft, 'country' | 'floorUnit'>>;

function isDraft(value: unknown): value is KeptDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.roles === 'string' &&
    typeof draft.skills === 'string' &&
    typeof draft.remoteUs === 'boolean' &&
    typeof draft.remoteWorldwide === 'boolean' &&
    (draft.country === undefined || typeof draft.country === 'string') &&
    Array.isArray(draft.usStates) &&
    draft.usStates.every((code) => typeof code === 'string' && isStateCode(code)) &&
    typeof draft.cities === 'string' &&
    (SENIORITIES as readonly unknown[]).includes(draft.seniority) &&
    typeof draft.minSalary === 'string' &&
    typeof draft.needsVisaSponsorship === 'boolean'
  );
}

/** Storage can be off or full (private modes); the draft is then simply not kept. */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(uid: string, slot: ProfileSlot): ProfileDraft | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(draftKey(uid, slot)) ?? 'null');
    // A draft kept before the country (or the floor's unit) was asked lives in the US, as its
    // profile does, and its floor is in US dollars a year.
    return isDraft(value)
      ? { floorUnit: USD_A_YEAR, ...value, country: value.country ?? DEFAULT_RESIDENCE }
      : null;
  } catch {
    return null;
  }
}

export function keepDraft(uid: string, slot: ProfileSlot, draft: ProfileDraft): void {
  try {
    storage()?.setItem(draftKey(uid, slot), JSON.stringify(draft));
  } catch {
    // Full or blocked storage: the form still works, the draft just does not outlive a reload.
  }
}

export function forgetDraft(uid: string, slot: ProfileSlot): void {
  storage()?.removeItem(draftKey(uid, slot));
}

import { PROFILE_LIMITS } from '../../../contract';
import { tooLongEntry, tooManyEntries } from './profileDraft';

/** The limits of one list of the profile (PROFILE_LIMITS), and its name in messages. */
export interface ChipLimits {
  most: number;
  longest: number;
  what: string;
}

export const CHIP_LIMITS = {
  roles: {
    most: PROFILE_LIMITS.targetRoles,
    longest: PROFILE_LIMITS.roleLength,
    what: 'roles',
  },
  skills: {
    most: PROFILE_LIMITS.skills,
    longest: PROFILE_LIMITS.skillLength,
    what: 'skills',
  },
} as const satisfies Record<string, ChipLimits>;

export type ChipKind = keyof typeof CHIP_LIMITS;

export interface ChipsAdded {
  chips: string[];
  /** The entries that were not added, as typed, to stay in the input: nothing typed is lost. */
  left: string[];
  problem: string | null;
}

/**
 * `chips` with the `entries` added (trimmed, blanks and repeats in any case dropped) while the
 * limits allow; an entry too long, or beyond the most the list may hold, is left over.
 */
export function addChips(
  chips: readonly string[],
  entries: readonly string[],
  { most, longest, what }: ChipLimits,
): ChipsAdded {
  const next = [...chips];
  const left: string[] = [];
  let problem: string | null = null;
  for (const entry of entries.map((text) => text.trim())) {
    const repeated = next.some((chip) => chip.toLowerCase() === entry.toLowerCase());
    if (entry === '' || repeated) continue;
    if (entry.length > longest) {
      left.push(entry);
      problem = tooLongEntry(longest);
    } else if (next.length >= most) {
      left.push(entry);
      problem = tooManyEntries(most, what);
    } else {
      next.push(entry);
    }
  }
  return { chips: next, left, problem };
}

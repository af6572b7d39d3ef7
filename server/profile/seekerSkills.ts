import { canonicalSkills } from './normaliseProfile';
import { findSkills } from '../skills/skillVocabulary';

/** The seeker's skills: the profile's (canonical, as saved) joined with those found in the CV. */
export function seekerSkills(profileSkills: readonly string[], cvText: string | null): string[] {
  return canonicalSkills([...profileSkills, ...(cvText === null ? [] : findSkills(cvText))]);
}

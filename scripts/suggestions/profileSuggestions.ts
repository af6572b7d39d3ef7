/**
 * The suggestions the profile form offers as people type a role or a skill, written from the
 * backend's own vocabulary into src/ui/profile/profileSuggestions.json (the front end may not
 * import server/). Regenerate with `npm run suggestions`; a unit test fails while the file is stale.
 */
import { format, resolveConfig } from 'prettier';
import { COMMON_TITLES } from '../../server/jobs/commonTitles';
import { SKILLS } from '../../server/skills/skillData';

export const SUGGESTIONS_PATH = 'src/ui/profile/profileSuggestions.json';
export const REGENERATE_SUGGESTIONS = 'npm run suggestions';

export { COMMON_TITLES };

/** One skill the matching knows: its canonical name, and the other spellings that find it. */
export interface SkillSuggestion {
  name: string;
  also?: string[];
}

export interface ProfileSuggestions {
  roles: string[];
  skills: SkillSuggestion[];
}

export function profileSuggestions(): ProfileSuggestions {
  return {
    roles: [...COMMON_TITLES],
    skills: SKILLS.map(({ name, aliases }) =>
      aliases && aliases.length > 0 ? { name, also: [...aliases] } : { name },
    ),
  };
}

/** The file's text, as Prettier writes it, so formatting the repository leaves it as it is. */
export async function profileSuggestionsText(): Promise<string> {
  const options = await resolveConfig(SUGGESTIONS_PATH);
  return format(JSON.stringify(profileSuggestions()), { ...options, filepath: SUGGESTIONS_PATH });
}

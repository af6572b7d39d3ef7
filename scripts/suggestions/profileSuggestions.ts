/**
 * The suggestions the profile form offers as people type a role or a skill, written from the
 * backend's own vocabulary into src/ui/profile/profileSuggestions.json (the front end may not
 * import server/). Regenerate with `npm run suggestions`; a unit test fails while the file is stale.
 */
import { format, resolveConfig } from 'prettier';
import { SKILLS } from '../../server/skills/skillData';

export const SUGGESTIONS_PATH = 'src/ui/profile/profileSuggestions.json';
export const REGENERATE_SUGGESTIONS = 'npm run suggestions';

/**
 * Common titles, written as people write them. Every kind of work the title matching knows
 * (server/matching/roleWords.ts) is in at least one of them: a unit test checks it.
 */
export const COMMON_TITLES: readonly string[] = [
  'Software engineer',
  'Software developer',
  'Frontend engineer',
  'Frontend developer',
  'UI engineer',
  'Backend engineer',
  'Backend developer',
  'Full-stack engineer',
  'Full-stack developer',
  'Web developer',
  'Mobile engineer',
  'iOS engineer',
  'Android engineer',
  'Machine learning engineer',
  'ML engineer',
  'AI engineer',
  'Data engineer',
  'Data scientist',
  'Data analyst',
  'Analytics engineer',
  'Research engineer',
  'Research scientist',
  'Site reliability engineer',
  'SRE',
  'DevOps engineer',
  'Platform engineer',
  'Infrastructure engineer',
  'Cloud engineer',
  'Security engineer',
  'QA engineer',
  'Test automation engineer',
  'Embedded software engineer',
  'Firmware engineer',
  'Network engineer',
  'Systems administrator',
  'Database administrator',
  'Solutions architect',
  'Solutions engineer',
  'Sales engineer',
  'Developer advocate',
  'Engineering manager',
  'Technical lead',
  'Product manager',
  'Technical program manager',
  'Project manager',
  'Product designer',
  'UX designer',
  'UI designer',
  'UX researcher',
  'IT support specialist',
];

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

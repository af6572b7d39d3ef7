import { SKILLS } from './skillData';

const CATEGORY = new Map(SKILLS.map((skill) => [skill.name, skill.category]));

/** Ways of working a recruiter still filters on. */
const KEPT_PRACTICES = new Set(['Product Management', 'SEO']);

/** Fields rather than skills: nearly every posting now mentions AI, few ask for it as a skill. */
const FIELDS = new Set(['Artificial Intelligence']);

/**
 * Whether a skill found in a posting is one a recruiter would list for the role: not a way of
 * working ("Agile", "Code Review", "Mentoring") nor the field it is in. A seeker's skills keep them
 * all; they only add nothing to a posting's list.
 */
export const isPostingSkill = (name: string): boolean =>
  !FIELDS.has(name) && (CATEGORY.get(name) !== 'practice' || KEPT_PRACTICES.has(name));

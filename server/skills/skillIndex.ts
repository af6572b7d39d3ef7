import { SKILLS, type SkillEntry } from './skillData';
import { tokenize } from './tokenize';

/** Lookup tables built once from the vocabulary. Keys are a term's tokens joined by one space. */
export interface SkillIndex {
  /** Lower-cased keys of spellings matched whatever their case. */
  readonly anyCase: ReadonlyMap<string, string>;
  /** Keys as written of spellings matched only in that exact case. */
  readonly exactCase: ReadonlyMap<string, string>;
  /** Single-token spellings that need exact case and a tech context. */
  readonly inContext: ReadonlyMap<string, string>;
  /** Single-token spellings that need exact case and a cue word in their sentence. */
  readonly withCue: ReadonlyMap<string, string>;
  /** A skill's own cue words, for the skills that do not take the spoken languages' ones. */
  readonly cuesOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** Lower-cased proper prefixes of multi-token keys, so a lookup stops as soon as no term can follow. */
  readonly prefixes: ReadonlySet<string>;
  /** Every spelling lower-cased, for what a user types into a skills field. */
  readonly typed: ReadonlyMap<string, string>;
  readonly longestTerm: number;
}

const keyOf = (term: string): readonly string[] => {
  const { words } = tokenize(term);
  if (words.length === 0) throw new Error(`Skill term "${term}" has no word in it`);
  return words;
};

function put(map: Map<string, string>, key: string, canonical: string): void {
  const existing = map.get(key);
  if (existing !== undefined && existing !== canonical) {
    throw new Error(`Skill term "${key}" means both ${existing} and ${canonical}`);
  }
  map.set(key, canonical);
}

export function buildSkillIndex(skills: readonly SkillEntry[] = SKILLS): SkillIndex {
  const anyCase = new Map<string, string>();
  const exactCase = new Map<string, string>();
  const inContext = new Map<string, string>();
  const withCue = new Map<string, string>();
  const cuesOf = new Map<string, ReadonlySet<string>>();
  const prefixes = new Set<string>();
  const typed = new Map<string, string>();
  let longestTerm = 1;

  const add = (
    term: string,
    canonical: string,
    target: Map<string, string>,
    caseSensitive: boolean,
  ) => {
    const words = keyOf(term);
    if ((target === inContext || target === withCue) && words.length !== 1)
      throw new Error(`In-context or cued term "${term}" must be one word`);
    const lower = words.map((word) => word.toLowerCase());
    put(target, (caseSensitive ? words : lower).join(' '), canonical);
    put(typed, lower.join(' '), canonical);
    for (let length = 1; length < lower.length; length += 1)
      prefixes.add(lower.slice(0, length).join(' '));
    longestTerm = Math.max(longestTerm, words.length);
  };

  for (const skill of skills) {
    const caseBound = [
      ...(skill.exact ?? []),
      ...(skill.inContext ?? []),
      ...(skill.withCue ?? []),
    ].map((term) => term.toLowerCase());
    if (!caseBound.includes(skill.name.toLowerCase())) add(skill.name, skill.name, anyCase, false);
    for (const alias of skill.aliases ?? []) add(alias, skill.name, anyCase, false);
    for (const term of skill.exact ?? []) add(term, skill.name, exactCase, true);
    for (const term of skill.inContext ?? []) add(term, skill.name, inContext, true);
    for (const term of skill.withCue ?? []) add(term, skill.name, withCue, true);
    if (skill.cues !== undefined) cuesOf.set(skill.name, new Set(skill.cues));
  }
  return { anyCase, exactCase, inContext, withCue, cuesOf, prefixes, typed, longestTerm };
}

import { SKILLS, type SkillEntry } from './skillData';

/**
 * What each skill is built on, all the way down (Spring Boot: Spring, then Java), and the reverse:
 * the skills built on each one. Both sides of matching read them, so a posting asking a framework
 * counts the seeker's knowledge of its base the same way in scoring and in the alert lookup.
 */
export interface SkillBases {
  readonly basesOf: ReadonlyMap<string, readonly string[]>;
  readonly builtOn: ReadonlyMap<string, readonly string[]>;
}

export function buildSkillBases(skills: readonly SkillEntry[] = SKILLS): SkillBases {
  const direct = new Map(skills.map((skill) => [skill.name, skill.builtOn]));
  const basesOf = new Map<string, string[]>();
  const builtOn = new Map<string, string[]>();
  for (const { name } of skills) {
    const chain: string[] = [];
    for (let base = direct.get(name); base !== undefined; base = direct.get(base)) {
      if (!direct.has(base)) throw new Error(`${name} is built on ${base}, which is no skill`);
      if (base === name || chain.includes(base)) throw new Error(`${name} is built on itself`);
      chain.push(base);
    }
    if (chain.length === 0) continue;
    basesOf.set(name, chain);
    for (const base of chain) builtOn.set(base, [...(builtOn.get(base) ?? []), name]);
  }
  return { basesOf, builtOn };
}

const BASES = buildSkillBases();

const unique = (names: Iterable<string>) => [...new Set(names)];

/**
 * The skills a posting works in without naming them: the bases of its skills that it does not
 * name itself (Next.js without React gives React), in the order of the skills they underlie.
 */
export function impliedSkills(jobSkills: readonly string[]): string[] {
  const named = new Set(jobSkills);
  return unique(jobSkills.flatMap((skill) => BASES.basesOf.get(skill) ?? [])).filter(
    (base) => !named.has(base),
  );
}

/** The skills built on any of these (React gives Next.js, Remix, Gatsby, React Native). */
export const skillsBuiltOn = (skills: readonly string[]): string[] =>
  unique(skills.flatMap((skill) => BASES.builtOn.get(skill) ?? []));

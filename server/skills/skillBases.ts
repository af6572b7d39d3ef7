import { SKILLS, type SkillEntry } from './skillData';

/**
 * What each skill is built on, all the way down (Spring Boot: Spring, then Java), and the reverse:
 * the skills built on each one. Someone who knows a framework knows what it is built on, and
 * someone who knows the base knows part of every framework on it.
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

/** What a skill is built on, nearest first (Spring Boot: Spring, Java). */
export const basesOf = (skill: string): readonly string[] => BASES.basesOf.get(skill) ?? [];

/**
 * The skills that show someone knows these: each one, and every skill built on it (knowing Next.js
 * shows React). Canonical names, each once.
 */
export const knownThrough = (skills: readonly string[]): string[] =>
  unique(skills.flatMap((skill) => [skill, ...(BASES.builtOn.get(skill) ?? [])]));

/** Everything someone who knows these skills knows: each, and what it is built on. */
export const withBases = (skills: readonly string[]): string[] =>
  unique(skills.flatMap((skill) => [skill, ...basesOf(skill)]));

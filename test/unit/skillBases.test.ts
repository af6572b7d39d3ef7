import { describe, expect, it } from 'vitest';
import type { SkillEntry } from '../../server/skills/skillEntry';
import { buildSkillBases, impliedSkills, skillsBuiltOn } from '../../server/skills/skillBases';

const entry = (name: string, builtOn?: string): SkillEntry => ({
  name,
  category: 'backend',
  ...(builtOn === undefined ? {} : { builtOn }),
});

describe('what a skill is built on', () => {
  it('a framework implies its bases all the way down, and none it names itself', () => {
    expect(impliedSkills(['Next.js', 'TypeScript'])).toEqual(['React']);
    expect(impliedSkills(['Spring Boot'])).toEqual(['Spring', 'Java']);
    expect(impliedSkills(['Spring Boot', 'Java'])).toEqual(['Spring']);
    expect(impliedSkills(['Django', 'Flask', 'Python'])).toEqual([]);
    expect(impliedSkills(['Kafka'])).toEqual([]);
  });

  it('a base finds every skill built on it, however deep', () => {
    expect(skillsBuiltOn(['React'])).toEqual(
      expect.arrayContaining(['Next.js', 'Remix', 'Gatsby', 'React Native']),
    );
    expect(skillsBuiltOn(['Java'])).toEqual(expect.arrayContaining(['Spring', 'Spring Boot']));
    expect(skillsBuiltOn(['Kafka'])).toEqual([]);
  });

  it('refuses a base that is no skill, or a skill built on itself', () => {
    expect(() => buildSkillBases([entry('Nuxt', 'Vue')])).toThrow(/Vue, which is no skill/);
    expect(() => buildSkillBases([entry('A', 'B'), entry('B', 'A')])).toThrow(/built on itself/);
    expect(() => buildSkillBases([entry('A', 'A')])).toThrow(/built on itself/);
  });
});

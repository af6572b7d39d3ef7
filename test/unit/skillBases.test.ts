import { describe, expect, it } from 'vitest';
import type { SkillEntry } from '../../server/skills/skillEntry';
import { basesOf, buildSkillBases, knownThrough, withBases } from '../../server/skills/skillBases';

const entry = (name: string, builtOn?: string): SkillEntry => ({
  name,
  category: 'backend',
  ...(builtOn === undefined ? {} : { builtOn }),
});

describe('what a skill is built on', () => {
  it('a framework is built on its bases all the way down, nearest first', () => {
    expect(basesOf('Next.js')).toEqual(['React']);
    expect(basesOf('Spring Boot')).toEqual(['Spring', 'Java']);
    expect(basesOf('Kafka')).toEqual([]);
  });

  it('who knows a framework knows its bases; a base is shown by every framework on it', () => {
    expect(withBases(['Spring Boot', 'Java', 'Go'])).toEqual([
      'Spring Boot',
      'Spring',
      'Java',
      'Go',
    ]);
    expect(knownThrough(['React'])).toEqual(
      expect.arrayContaining(['React', 'Next.js', 'Remix', 'Gatsby', 'React Native']),
    );
    expect(knownThrough(['Java'])).toEqual(
      expect.arrayContaining(['Java', 'Spring', 'Spring Boot']),
    );
    expect(knownThrough(['Kafka'])).toEqual(['Kafka']);
  });

  it('refuses a base that is no skill, or a skill built on itself', () => {
    expect(() => buildSkillBases([entry('Nuxt', 'Vue')])).toThrow(/Vue, which is no skill/);
    expect(() => buildSkillBases([entry('A', 'B'), entry('B', 'A')])).toThrow(/built on itself/);
    expect(() => buildSkillBases([entry('A', 'A')])).toThrow(/built on itself/);
  });
});

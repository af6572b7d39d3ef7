import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROFILE_LIMITS } from '../../contract';
import {
  COMMON_TITLES,
  profileSuggestionsText,
  REGENERATE_SUGGESTIONS,
  SUGGESTIONS_PATH,
} from '../../scripts/suggestions/profileSuggestions';
import { ROLE_WORDS } from '../../server/matching/roleWords';
import { SKILLS } from '../../server/skills/skillData';
import { addChips, CHIP_LIMITS } from '../../src/ui/profile/chipList';
import { suggestionsFor } from '../../src/ui/profile/suggestionSearch';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the profile form’s suggestions', () => {
  it(`are what the backend's vocabulary gives (else: ${REGENERATE_SUGGESTIONS})`, async () => {
    const written = readFileSync(join(repositoryRoot, SUGGESTIONS_PATH), 'utf8');
    expect(written === (await profileSuggestionsText()), `${SUGGESTIONS_PATH} is stale`).toBe(true);
    const { skills } = JSON.parse(written) as { skills: { name: string }[] };
    expect(skills).toHaveLength(SKILLS.length);
  });

  it('name every kind of work the title matching knows in a common title', () => {
    const titles = COMMON_TITLES.map((title) => ` ${title.toLowerCase().replace(/-/g, '')} `);
    const unnamed = ROLE_WORDS.filter(
      ({ spellings }) =>
        !spellings.some((spelling) => titles.some((title) => title.includes(` ${spelling} `))),
    );
    expect(unnamed.map(({ spellings }) => spellings[0])).toEqual([]);
  });

  it('offer the name first, then names starting with it, then other spellings and words', () => {
    const skills = [
      { name: 'Reactive programming' },
      { name: 'React Native' },
      { name: 'Preact' },
      { name: 'React', also: ['ReactJS'] },
      { name: 'Kubernetes', also: ['k8s'] },
    ];
    expect(suggestionsFor(' react', skills, [])).toEqual([
      'React',
      'Reactive programming',
      'React Native',
      'Preact',
    ]);
    expect(suggestionsFor('K8S', skills, [])).toEqual(['Kubernetes']);
    expect(suggestionsFor('native', skills, [])).toEqual(['React Native']);
    expect(suggestionsFor('react', skills, ['REACT', 'Preact'], 1)).toEqual([
      'Reactive programming',
    ]);
    expect(suggestionsFor('  ', skills, [])).toEqual([]);
  });
});

describe('adding chips', () => {
  const limits = { ...CHIP_LIMITS.roles, most: 3, longest: 10 };

  it('adds trimmed entries once, in any case, and keeps blanks out', () => {
    expect(addChips(['Go'], [' Rust ', 'go', '', 'rust', 'Zig'], limits)).toEqual({
      chips: ['Go', 'Rust', 'Zig'],
      left: [],
      problem: null,
    });
  });

  it('leaves over, with the reason, what is too long or beyond the most a list holds', () => {
    expect(addChips(['Go'], ['Rust', 'Zig', 'Haskell'], limits)).toEqual({
      chips: ['Go', 'Rust', 'Zig'],
      left: ['Haskell'],
      problem: 'You can list at most 3 roles.',
    });
    expect(addChips([], ['A very long role', 'QA'], limits)).toEqual({
      chips: ['QA'],
      left: ['A very long role'],
      problem: 'Each entry can have at most 10 characters.',
    });
  });

  it('uses the profile’s own limits', () => {
    expect(CHIP_LIMITS.roles).toMatchObject({
      most: PROFILE_LIMITS.targetRoles,
      longest: PROFILE_LIMITS.roleLength,
    });
    expect(CHIP_LIMITS.skills).toMatchObject({
      most: PROFILE_LIMITS.skills,
      longest: PROFILE_LIMITS.skillLength,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { acceptedEligibilities } from '../../server/matching/locationRule';
import { acceptedJobLevels, seniorityFit } from '../../server/matching/seniorityFit';
import { SKILLS } from '../../server/skills/skillData';
import { canonicalSkill } from '../../server/skills/skillVocabulary';

describe('seniority fit', () => {
  it('keeps the same level, one step either way and unstated levels; nothing further', () => {
    expect(acceptedJobLevels('senior')).toEqual(['senior', 'mid', 'staff', 'unknown']);
    expect(seniorityFit('senior', 'senior')).toBe('same');
    expect(seniorityFit('senior', 'staff')).toBe('near');
    expect(seniorityFit('senior', 'unknown')).toBe('not-stated');
    expect(seniorityFit('senior', 'intern')).toBeNull();
    expect(seniorityFit('intern', 'principal')).toBeNull();
  });

  it('shows people managers (lead) to a seeker at lead only, never to an individual contributor', () => {
    expect(seniorityFit('senior', 'lead')).toBeNull();
    expect(seniorityFit('mid', 'lead')).toBeNull();
    expect(seniorityFit('lead', 'lead')).toBe('same');
  });

  it('a seeker at lead or principal is at the level of a staff or principal job, next to a senior one', () => {
    expect(seniorityFit('lead', 'staff')).toBe('same');
    expect(seniorityFit('lead', 'principal')).toBe('same');
    expect(seniorityFit('lead', 'senior')).toBe('near');
    expect(seniorityFit('senior', 'principal')).toBeNull();
  });
});

describe('the location rule from the profile\u2019s side', () => {
  const nowhere = { remoteUs: false, remoteWorldwide: false, usStates: [], usCities: [] };
  it('remote in the US takes remote jobs of either kind; remote from anywhere only worldwide ones', () => {
    expect(acceptedEligibilities({ ...nowhere, remoteUs: true }).byRemote).toEqual([
      'remote-worldwide',
      'remote-us',
    ]);
    expect(acceptedEligibilities({ ...nowhere, remoteWorldwide: true }).byRemote).toEqual([
      'remote-worldwide',
    ]);
    expect(acceptedEligibilities(nowhere)).toEqual({
      byRemote: [],
      byPlace: ['remote-us', 'us'],
      byCityState: ['us'],
    });
  });
});

describe('skill names as the alert lookup compares them', () => {
  it('every vocabulary name is its own canonical spelling in any case, so exact comparison in SQL equals scoring\u2019s case-blind one', () => {
    for (const { name } of SKILLS) {
      expect(canonicalSkill(name.toLowerCase()), name).toBe(name);
      expect(canonicalSkill(name.toUpperCase()), name).toBe(name);
    }
  });
});

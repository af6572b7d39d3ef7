import { describe, expect, it } from 'vitest';
import { PROFILE_LIMITS, type CvProposals } from '../../contract';
import { NO_PROPOSALS } from '../../server/cv/cvProposals';
import { EMPTY_DRAFT } from '../../src/ui/profile/profileDraft';
import {
  choosePlace,
  placeChoicesOf,
  proposesRolesOrSkills,
  withProposals,
} from '../../src/ui/start/startDraft';

const proposals: CvProposals = {
  targetRoles: ['Frontend engineer'],
  skills: ['TypeScript', 'React'],
  seniority: 'senior',
  usStates: ['TX'],
  usCities: [{ city: 'Austin', state: 'TX' }],
  remote: false,
};
const nothing = NO_PROPOSALS;

describe('the start step’s draft', () => {
  it('keeps what the draft lists first, then adds the proposals, without repeats in any case', () => {
    const draft = { ...EMPTY_DRAFT, roles: 'Web developer', skills: 'react, Go' };
    const next = withProposals(draft, proposals);
    expect(next.roles).toBe('Web developer, Frontend engineer');
    expect(next.skills).toBe('react, Go, TypeScript');
    expect(next.seniority).toBe('senior');
    expect(next).toMatchObject({ remoteUs: false, usStates: ['TX'], cities: 'Austin, TX' });
  });

  it('keeps the draft’s level and places when the CV names none, and stays within the limits', () => {
    const many = Array.from({ length: PROFILE_LIMITS.skills + 5 }, (_, at) => `Skill ${at}`);
    const draft = { ...EMPTY_DRAFT, seniority: 'junior' as const, usStates: ['WA' as const] };
    const next = withProposals(draft, { ...nothing, skills: many });
    expect(next.skills.split(', ')).toHaveLength(PROFILE_LIMITS.skills);
    expect(next).toMatchObject({ seniority: 'junior', remoteUs: true, usStates: ['WA'] });
    expect(proposesRolesOrSkills(nothing)).toBe(false);
    expect(proposesRolesOrSkills(proposals)).toBe(true);
  });

  it('offers every place once, and one unticked stays offered', () => {
    const draft = withProposals(EMPTY_DRAFT, proposals);
    const places = placeChoicesOf(draft, proposals);
    expect(places).toEqual([
      { kind: 'state', code: 'TX' },
      { kind: 'city', line: 'Austin, TX' },
    ]);
    const unticked = { ...draft, ...choosePlace(draft, places[1]!, false) };
    expect(unticked.cities).toBe('');
    expect(placeChoicesOf(unticked, null, places)).toEqual(places);
    expect({ ...unticked, ...choosePlace(unticked, places[0]!, false) }.usStates).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { rolesQuery } from '../../server/matching/candidateJobs';
import { acceptedJobLevels, seniorityFit } from '../../server/matching/seniorityFit';

describe('target roles as one full-text query', () => {
  it('joins roles with "or" and drops what websearch_to_tsquery reads as operators', () => {
    expect(rolesQuery(['Backend Engineer', 'SRE'])).toBe('Backend Engineer or SRE');
    expect(rolesQuery(['-Data "Engineer"', 'Frontend or Mobile', '!!!'])).toBe(
      'Data Engineer or Frontend Mobile',
    );
    expect(rolesQuery([])).toBe('');
  });
});

describe('seniority fit', () => {
  it('keeps the same level, one step either way and unstated levels; nothing further', () => {
    expect(acceptedJobLevels('senior')).toEqual(['senior', 'mid', 'staff', 'lead', 'unknown']);
    expect(seniorityFit('senior', 'senior')).toBe('same');
    expect(seniorityFit('senior', 'staff')).toBe('near');
    expect(seniorityFit('senior', 'unknown')).toBe('not-stated');
    expect(seniorityFit('senior', 'intern')).toBeNull();
    expect(seniorityFit('intern', 'principal')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { CandidateJob } from '../../server/matching/candidateJobs';
import {
  MATCH_POINTS,
  scoreMatch,
  skillPoints,
  worthListing,
} from '../../server/matching/scoreMatch';
import type { Seeker } from '../../server/matching/seeker';
import type { AlertProfile } from '../../contract';

const PROFILE: AlertProfile = {
  targetRoles: ['Frontend Engineer'],
  skills: [],
  where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] },
  seniority: 'senior',
  minSalaryUsd: null,
  needsVisaSponsorship: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const seekerWith = (skills: readonly string[]): Seeker => ({
  profile: { ...PROFILE, skills: [...skills] },
  skills,
});

const JOB: CandidateJob = {
  id: 1,
  title: 'Growth Analyst',
  company: 'Example Co',
  locations: ['Remote - US'],
  remote: true,
  usEligibility: 'remote-us',
  seniority: 'unknown',
  salaryMinUsd: null,
  salaryMaxUsd: null,
  skills: [],
  postedAt: null,
  firstSeenAt: new Date('2026-01-01T00:00:00.000Z'),
  applyUrl: 'https://jobs.example.com/1',
  matchedRole: null,
  nearRole: null,
};

const SEEKER_SKILLS = ['Erlang', 'Elixir', 'OCaml', 'Haskell', 'Clojure', 'Scala', 'F#'];

describe('the skills\u2019 points: the share of the seeker\u2019s fit', () => {
  it('a long list of the job\u2019s skills does not drown the ones the seeker has', () => {
    const long = [...SEEKER_SKILLS.slice(0, 4), 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'];
    const match = scoreMatch(seekerWith(SEEKER_SKILLS), { ...JOB, skills: long });
    expect(match.reasons.find((reason) => reason.kind === 'skills')?.points).toBe(32);
    expect(skillPoints(4, SEEKER_SKILLS.length, long.length)).toBe(32);
  });

  it('one shared skill of a job naming only that one is not a full fit', () => {
    const match = scoreMatch(seekerWith(SEEKER_SKILLS), { ...JOB, skills: ['Erlang'] });
    expect(match.reasons.find((reason) => reason.kind === 'skills')?.points).toBe(8);
    expect(skillPoints(5, SEEKER_SKILLS.length, 5)).toBe(MATCH_POINTS.skills);
  });

  it('one skill a seeker names alone is not a full fit for a job asking many', () => {
    const match = scoreMatch(seekerWith(['Erlang']), {
      ...JOB,
      skills: ['Erlang', 'Elixir', 'Terraform'],
    });
    expect(match.reasons.find((reason) => reason.kind === 'skills')?.points).toBe(13);
    expect(skillPoints(2, 2, 2)).toBe(MATCH_POINTS.skills);
    expect(skillPoints(0, 0, 0)).toBe(0);
  });
});

describe('which jobs are worth listing', () => {
  const listed = (shared: number, title: Partial<CandidateJob> = {}) =>
    worthListing(
      scoreMatch(seekerWith(SEEKER_SKILLS), {
        ...JOB,
        ...title,
        skills: [...SEEKER_SKILLS.slice(0, shared), 'Other'],
      }),
      SEEKER_SKILLS.length,
    );

  it('a title none of the target roles needs a third of the seeker\u2019s fit, not one skill', () => {
    expect(listed(1)).toBe(false);
    expect(listed(2)).toBe(true);
  });

  it('a title of (or near) a target role is listed without a shared skill', () => {
    expect(listed(0, { nearRole: 'Frontend Engineer' })).toBe(true);
    expect(listed(0)).toBe(false);
  });
});

describe('the skills reason', () => {
  it('names the seeker\u2019s skills it asks for, then what is missing', () => {
    const match = scoreMatch(seekerWith(['Erlang', 'Elixir']), {
      ...JOB,
      skills: ['Elixir', 'Erlang', 'Terraform'],
    });
    expect(match.reasons.find((reason) => reason.kind === 'skills')?.text).toBe(
      'It asks for 2 of your skills: Elixir, Erlang. Missing: Terraform.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { CandidateJob } from '../../server/matching/candidateJobs';
import { MIN_ALERT_SCORE, SCORE_WITHOUT_SKILL_OR_TITLE } from '../../server/alerts/profilesForJob';
import {
  MATCH_POINTS,
  scoreMatch,
  skillFit,
  skillPoints,
  SKILLS_FOR_FULL_POINTS,
  worthListing,
} from '../../server/matching/scoreMatch';
import type { Seeker } from '../../server/matching/seeker';
import type { AlertProfile, MatchReason } from '../../contract';

const PROFILE: AlertProfile = {
  targetRoles: ['Frontend Engineer'],
  skills: [],
  where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] },
  seniority: 'senior',
  minSalary: null,
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
  salaryCurrency: null,
  salaryMinYearly: null,
  salaryMaxYearly: null,
  skills: [],
  niceSkills: [],
  visa: 'not-said',
  postedAt: null,
  firstSeenAt: new Date('2026-01-01T00:00:00.000Z'),
  applyUrl: 'https://jobs.example.com/1',
  matchedRole: null,
  nearRole: null,
};

const SEEKER_SKILLS = ['Erlang', 'Elixir', 'OCaml', 'Haskell', 'Clojure', 'Scala', 'F#'];

const skillsOf = (match: { reasons: readonly MatchReason[] }) => {
  const found = match.reasons.find((reason) => reason.kind === 'skills');
  if (found?.kind !== 'skills') throw new Error('no skills reason');
  return found;
};

const pointsFor = (seekerSkills: readonly string[], job: Partial<CandidateJob>) =>
  skillsOf(scoreMatch(seekerWith(seekerSkills), { ...JOB, ...job })).points;

describe('the skills\u2019 points: the share of the seeker\u2019s fit', () => {
  it('a long list of the job\u2019s skills does not drown the ones the seeker has', () => {
    const long = [...SEEKER_SKILLS.slice(0, 4), 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'];
    expect(pointsFor(SEEKER_SKILLS, { skills: long })).toBe((MATCH_POINTS.skills * 4) / 5);
  });

  it('one shared skill of a job naming only that one is not a full fit', () => {
    expect(pointsFor(SEEKER_SKILLS, { skills: ['Erlang'] })).toBe(MATCH_POINTS.skills / 5);
    expect(pointsFor(SEEKER_SKILLS, { skills: SEEKER_SKILLS.slice(0, 5) })).toBe(
      MATCH_POINTS.skills,
    );
  });

  it('one skill a seeker names alone is not a full fit for a job asking many', () => {
    expect(pointsFor(['Erlang'], { skills: ['Erlang', 'Elixir', 'Terraform'] })).toBe(
      Math.round(MATCH_POINTS.skills / 3),
    );
    expect(pointsFor(['Erlang', 'Elixir'], { skills: ['Erlang', 'Elixir'] })).toBe(
      MATCH_POINTS.skills,
    );
    expect(skillPoints({ halves: 0, full: 0 })).toBe(0);
  });

  it('a required skill weighs twice a nice-to-have one', () => {
    const skills = ['Erlang', 'Elixir', 'Terraform'];
    expect(pointsFor(SEEKER_SKILLS, { skills })).toBe((MATCH_POINTS.skills * 2) / 5);
    expect(pointsFor(SEEKER_SKILLS, { skills, niceSkills: ['Erlang', 'Elixir'] })).toBe(
      MATCH_POINTS.skills / 5,
    );
  });
});

describe('frameworks and what they are built on', () => {
  it('a required framework whose base the seeker knows counts half, and stays missing', () => {
    const reason = skillsOf(
      scoreMatch(seekerWith(['React', 'CSS']), { ...JOB, skills: ['Next.js', 'Figma', 'CSS'] }),
    );
    // A full fit of 3 (the job's required skills): CSS two halves, Next.js one, of six.
    expect(reason.points).toBe(MATCH_POINTS.skills / 2);
    expect(reason).toMatchObject({ covered: ['CSS', 'React'], missing: ['Next.js', 'Figma'] });
    expect(reason.text).toBe(
      'It asks for one of your skills: CSS; and Next.js, built on your React.',
    );
  });

  it('who knows a framework knows what it is built on', () => {
    const reason = skillsOf(scoreMatch(seekerWith(['Spring Boot']), { ...JOB, skills: ['Java'] }));
    expect(reason).toMatchObject({ covered: ['Java'], missing: [] });
    expect(reason.points).toBe(pointsFor(['Java'], { skills: ['Java'] }));
    // Remix is built on React, which a Next.js engineer knows.
    expect(skillsOf(scoreMatch(seekerWith(['Next.js']), { ...JOB, skills: ['Remix'] })).text).toBe(
      'It asks for Remix, built on your React.',
    );
  });

  it('a framework only nice to have gives nothing for its base', () => {
    expect(pointsFor(['React'], { skills: ['Next.js', 'Go'], niceSkills: ['Next.js'] })).toBe(0);
  });
});

describe('the kind of work weighs more than a shared stack', () => {
  it('a job titled as a target role, asking none of the seeker\u2019s skills, ranks above another title sharing most of them', () => {
    const seeker = seekerWith(['React', 'TypeScript', 'CSS', 'GraphQL', 'Node.js']);
    const role = scoreMatch(seeker, {
      ...JOB,
      title: 'Frontend Engineer',
      skills: ['Elm', 'Svelte'],
      matchedRole: 'Frontend Engineer',
    });
    const stack = scoreMatch(seeker, {
      ...JOB,
      title: 'Growth Analyst',
      skills: ['React', 'TypeScript', 'CSS', 'GraphQL', 'Excel'],
    });
    expect(role.score).toBeGreaterThan(stack.score);
  });
});

describe('which jobs are worth listing', () => {
  const listed = (job: Partial<CandidateJob>) => {
    const candidate = { ...JOB, ...job };
    return worthListing(
      scoreMatch(seekerWith(SEEKER_SKILLS), candidate),
      skillFit(SEEKER_SKILLS, candidate),
    );
  };

  it('a title none of the target roles needs two thirds of the seeker\u2019s fit, not a skill or two', () => {
    expect(listed({ skills: ['Erlang', 'Elixir', 'OCaml', 'Other'] })).toBe(false);
    expect(listed({ skills: ['Erlang', 'Elixir', 'OCaml', 'Haskell', 'Other'] })).toBe(true);
  });

  it('lists every job that could alert without a title', () => {
    const fits = Array.from({ length: SKILLS_FOR_FULL_POINTS }, (_, at) => at + 1).flatMap((full) =>
      Array.from({ length: 2 * full + 1 }, (_, halves) => ({ ...skillFit([], JOB), halves, full })),
    );
    const alerting = fits.filter(
      (fit) => skillPoints(fit) + SCORE_WITHOUT_SKILL_OR_TITLE >= MIN_ALERT_SCORE,
    );
    expect(alerting.length).toBeGreaterThan(0);
    const unlisted = alerting.filter((fit) => !worthListing({ reasons: [] }, fit));
    expect(unlisted.map(({ halves, full }) => `${halves} halves of ${full}`)).toEqual([]);
  });

  it('skills the job would only like are not enough on their own', () => {
    expect(
      listed({ skills: ['Other', 'Erlang', 'Elixir'], niceSkills: ['Erlang', 'Elixir'] }),
    ).toBe(false);
  });

  it('a title of a target role is listed without a shared skill', () => {
    expect(listed({ skills: ['Other'], matchedRole: 'Frontend Engineer' })).toBe(true);
    expect(listed({ skills: ['Other'] })).toBe(false);
  });

  it('a title near a target role is listed with a shared skill, or when the job names none', () => {
    expect(listed({ skills: ['Erlang', 'Other'], nearRole: 'Frontend Engineer' })).toBe(true);
    expect(listed({ skills: [], nearRole: 'Frontend Engineer' })).toBe(true);
    // Work next to the seeker's in a stack they have none of is no fit.
    expect(listed({ skills: ['Other'], nearRole: 'Frontend Engineer' })).toBe(false);
  });
});

describe('the skills reason', () => {
  it('names the seeker\u2019s skills it asks for and those it would like; what is missing is a list apart', () => {
    const reason = skillsOf(
      scoreMatch(seekerWith(['Erlang', 'Elixir', 'Redis']), {
        ...JOB,
        skills: ['Elixir', 'Erlang', 'Terraform', 'Redis', 'Kafka'],
        niceSkills: ['Redis', 'Kafka'],
      }),
    );
    expect(reason.text).toBe(
      'It asks for 2 of your skills: Elixir, Erlang. It would like Redis as well.',
    );
    expect(reason).toMatchObject({
      covered: ['Elixir', 'Erlang', 'Redis'],
      missing: ['Terraform'],
    });
  });
});

describe('the visa reason: what the posting says, for a seeker who needs sponsorship', () => {
  const visaOf = (needsVisaSponsorship: boolean, job: Partial<CandidateJob>) => {
    const seeker: Seeker = { profile: { ...PROFILE, needsVisaSponsorship }, skills: [] };
    const found = scoreMatch(seeker, { ...JOB, ...job }).reasons.find(
      (reason) => reason.kind === 'visa',
    );
    if (found?.kind !== 'visa') throw new Error('no visa reason');
    return { fit: found.fit, text: found.text, points: found.points };
  };

  it('says a posting sponsors, or does not, as it says so', () => {
    expect(visaOf(true, { visa: 'yes' })).toEqual({
      fit: 'sponsors',
      text: 'The posting says it sponsors visas.',
      points: 0,
    });
    expect(visaOf(true, { visa: 'no' })).toEqual({
      fit: 'does-not-sponsor',
      text: 'The posting says it does not sponsor visas.',
      points: 0,
    });
    expect(visaOf(true, { visa: 'not-said' }).fit).toBe('unknown');
  });

  it('says nothing of the posting to a seeker who needs no visa', () => {
    expect(visaOf(false, { visa: 'no' }).fit).toBe('not-needed');
  });
});

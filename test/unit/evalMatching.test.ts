import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../server/jobs/jobRecord';
import {
  compareFields,
  compareSkillStatus,
  compareSkills,
  productView,
  Tally,
} from '../../scripts/evalAgreement';
import {
  LabelError,
  readBoardLabels,
  splitOf,
  type LabelRegion,
  type PostingLabel,
} from '../../scripts/evalLabels';
import { ndcgAt, precisionAt } from '../../scripts/evalRanking';

/** Fictional boards and postings: only the shapes matter here. */
const posting = {
  id: 101,
  title: 'Senior Backend Engineer',
  isTech: true,
  remote: 'hybrid',
  countries: ['us'],
  regions: [],
  usStates: ['ny'],
  cities: ['New York, NY, US'],
  openToUsBased: true,
  level: 'senior',
  minYears: 5,
  pay: { currency: 'usd', min: 150000, max: 190000, period: 'year' },
  skillsRequired: ['Go', 'Postgres'],
  skillsNiceToHave: ['Kubernetes'],
  visa: 'not-said',
};
const file = (postings: unknown[], board = 'greenhouse:acme', split = 'train') => ({
  board,
  company: 'Acme',
  split,
  postings,
});

describe('label files', () => {
  it('reads a well-formed file, normalising codes and ids', () => {
    const labels = readBoardLabels('acme.json', file([posting]));
    expect(labels).toMatchObject({ source: 'greenhouse', token: 'acme', split: 'train' });
    expect(labels.postings[0]).toMatchObject({
      id: '101',
      countries: ['US'],
      usStates: ['NY'],
      pay: { currency: 'USD', min: 150000, max: 190000, period: 'year' },
      notes: '',
    });
  });

  it('names the file and the field of a mistake', () => {
    expect(() => readBoardLabels('acme.json', file([{ ...posting, level: 'Senior' }]))).toThrow(
      /acme\.json postings\[0\] \(id "101"\): "level"/,
    );
    expect(() => readBoardLabels('acme.json', file([{ ...posting, pay: { min: 1 } }]))).toThrow(
      LabelError,
    );
    expect(() => readBoardLabels('acme.json', file([posting, posting]))).toThrow(/101 twice/);
    expect(() => readBoardLabels('x.json', file([], 'workday:acme'))).toThrow(/"board"/);
  });

  it('puts a board in the split its hash gives, and refuses a file that says otherwise', () => {
    // sha256("greenhouse:acme") starts with c, sha256("greenhouse:a") with 0.
    expect(splitOf('greenhouse', 'acme')).toBe('train');
    expect(splitOf('greenhouse', 'a')).toBe('test');
    expect(() => readBoardLabels('acme.json', file([], 'greenhouse:acme', 'test'))).toThrow(
      /"split" should be "train"/,
    );
  });
});

const record: JobRecord = {
  title: 'Senior Backend Engineer',
  company: 'Acme',
  board: { source: 'greenhouse', token: 'acme' },
  externalId: '101',
  locations: ['New York, NY'],
  remote: false,
  workplace: 'onsite',
  countries: ['US'],
  regions: [],
  usStates: ['NY'],
  cities: ['New York, NY, US'],
  usEligibility: 'us',
  seniority: 'senior',
  minYears: 3,
  pay: { currency: 'USD', min: 150000, max: 190000, period: 'year' },
  salary: { minUsd: 150000, maxUsd: 190000 },
  visa: 'not-said',
  description: 'Go and PostgreSQL.',
  skills: ['Go', 'PostgreSQL', 'React'],
  niceSkills: [],
  postedAt: null,
  firstSeenAt: '2026-01-01T00:00:00.000Z',
  applyUrl: 'https://acme.example/jobs/101',
  dedupeKey: 'k',
};

describe('agreement with a label', () => {
  const label: PostingLabel = readBoardLabels('acme.json', file([posting])).postings[0]!;
  const byField = (outcomes: ReturnType<typeof compareFields>) =>
    Object.fromEntries(outcomes.map((outcome) => [outcome.field, outcome.agrees]));

  it('scores each field that applies', () => {
    expect(byField(compareFields(label, productView(record)))).toEqual({
      remote: false,
      place: true,
      countries: true,
      usStates: true,
      openToUsBased: true,
      level: true,
      minYears: false,
      pay: true,
      visa: true,
    });
  });

  it('takes no region and "worldwide" as the same answer', () => {
    const anywhere = {
      ...label,
      remote: 'remote' as const,
      countries: [],
      usStates: [],
      regions: [],
    };
    const view = { ...productView(record), countries: [], usStates: [], regions: ['worldwide'] };
    expect(byField(compareFields(anywhere, view)).place).toBe(true);
    expect(byField(compareFields(anywhere, { ...view, regions: ['europe'] })).place).toBe(false);
  });

  it('takes a country inside a region the posting names as no place of its own', () => {
    const asia = { ...label, remote: 'remote' as const, usStates: [] };
    const view = { ...productView(record), usStates: [], countries: [], regions: ['apac'] };
    const place = (countries: string[], regions: LabelRegion[]) =>
      byField(compareFields({ ...asia, countries, regions }, view)).place;
    expect(place(['SG'], ['apac'])).toBe(true);
    expect(place([], ['apac'])).toBe(true);
    // A country outside the region is a place of its own; a country alone is not its region.
    expect(place(['US'], ['apac'])).toBe(false);
    expect(place(['SG'], [])).toBe(false);
  });

  it('counts a field the record does not have as wrong', () => {
    const view = { ...productView(record), countries: null, visa: null };
    const outcomes = byField(compareFields(label, view));
    expect([outcomes.countries, outcomes.place, outcomes.visa]).toEqual([false, false, false]);
  });

  it('counts pay as wrong when the amount or the period differs', () => {
    const view = {
      ...productView(record),
      pay: { currency: 'USD', min: 150000, max: 190000, period: 'month' as const },
    };
    expect(byField(compareFields(label, view)).pay).toBe(false);
  });

  it('compares skills by their canonical names', () => {
    const skills = compareSkills(label, productView(record));
    expect(skills).toEqual({
      truePositives: ['go', 'postgresql'],
      falsePositives: ['react'],
      missed: ['kubernetes'],
      requiredFound: 2,
      required: 2,
    });
    const tally = new Tally();
    tally.add(compareFields(label, productView(record)), skills);
    expect(tally.figures().slice(-3)).toEqual([
      ['skillPrecision', 2, 3],
      ['skillRecall', 2, 3],
      ['requiredRecall', 2, 2],
    ]);
  });
});

describe('required and nice-to-have apart', () => {
  const label: PostingLabel = readBoardLabels('acme.json', file([posting])).postings[0]!;

  it('counts the labelled skills found that are asked as labelled, required or nice to have', () => {
    const view = productView({ ...record, skills: ['Go', 'PostgreSQL', 'Kubernetes', 'React'] });
    expect(compareSkillStatus(label, { ...view, niceSkills: ['Kubernetes'] })).toEqual({
      asLabelled: 3,
      found: 3,
    });
    expect(compareSkillStatus(label, { ...view, niceSkills: ['Go'] })).toEqual({
      asLabelled: 1,
      found: 3,
    });
  });
});

describe('ranking figures', () => {
  const grades = new Map([
    ['a', 3],
    ['b', 2],
    ['c', 0],
    ['d', 1],
  ]);

  it('gives NDCG 1 for the ideal order and less for a worse one', () => {
    expect(ndcgAt(10, ['a', 'b', 'd', 'c'], grades)).toBeCloseTo(1, 10);
    // DCG of c, a, b, d against the ideal a, b, d, c.
    const ideal = 7 / Math.log2(2) + 3 / Math.log2(3) + 1 / Math.log2(4);
    const worse = 0 + 7 / Math.log2(3) + 3 / Math.log2(4) + 1 / Math.log2(5);
    expect(ndcgAt(10, ['c', 'a', 'b', 'd'], grades)).toBeCloseTo(worse / ideal, 10);
    expect(ndcgAt(1, ['c', 'a'], grades)).toBe(0);
  });

  it('counts precision over k, ungraded postings as irrelevant', () => {
    expect(precisionAt(5, ['a', 'c', 'x', 'd', 'b'], grades)).toBeCloseTo(3 / 5, 10);
    expect(precisionAt(5, ['a', 'b'], grades, 2)).toBeCloseTo(2 / 5, 10);
  });
});

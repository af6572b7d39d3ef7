import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LabelRegion, PostingLabel } from '../../scripts/evalLabels';
import {
  rankingFigures,
  readGrades,
  readSeekers,
  SeekerFileError,
  withinPlaces,
  type EvalSeeker,
} from '../../scripts/evalSeekers';
import { validProfile } from '../server/support/profiles';

/** Fictional seekers and postings: only the shapes matter here. */
const profile = validProfile({
  where: {
    remoteUs: true,
    remoteWorldwide: false,
    usStates: ['WA'],
    usCities: [{ city: 'Austin', state: 'TX' }],
  },
});
const seekerFile = (changes: Record<string, unknown> = {}) => ({
  seekers: [{ id: 'backend', livesIn: 'US', note: 'A back-end engineer.', profile, ...changes }],
});
const seeker = (changes: Record<string, unknown> = {}): EvalSeeker => {
  const [read] = readSeekers(seekerFile(changes));
  if (read === undefined) throw new Error('no seeker read');
  return read;
};

const label = (changes: Partial<PostingLabel> = {}): PostingLabel => ({
  id: '1',
  title: 'Backend Engineer',
  isTech: true,
  remote: 'onsite',
  countries: ['US'],
  regions: [],
  usStates: [],
  cities: [],
  openToUsBased: true,
  level: 'senior',
  minYears: null,
  pay: null,
  skillsRequired: [],
  skillsNiceToHave: [],
  visa: 'not-said',
  notes: '',
  ...changes,
});

describe('seekers.json', () => {
  it('reads a seeker with its profile, country and note', () => {
    expect(seeker()).toEqual({
      id: 'backend',
      livesIn: 'US',
      note: 'A back-end engineer.',
      profile,
    });
  });

  it('refuses a bad country, seniority, state or repeated id', () => {
    expect(() => readSeekers(seekerFile({ livesIn: 'USA' }))).toThrow(SeekerFileError);
    expect(() => readSeekers(seekerFile({ profile: { ...profile, seniority: 'staff' } }))).toThrow(
      /seniority/,
    );
    expect(() =>
      readSeekers(
        seekerFile({ profile: { ...profile, where: { ...profile.where, usStates: ['XX'] } } }),
      ),
    ).toThrow(/usStates/);
    const twice = { seekers: [...seekerFile().seekers, ...seekerFile().seekers] };
    expect(() => readSeekers(twice)).toThrow(/repeated/);
  });

  it('reads the committed seekers and a grade for every posting of each', () => {
    const dir = new URL('../../eval/matching/', import.meta.url);
    const seekers = readSeekers(JSON.parse(readFileSync(new URL('seekers.json', dir), 'utf8')));
    expect(seekers.length).toBeGreaterThanOrEqual(8);
    const counts = seekers.map(
      ({ id }) =>
        readGrades(JSON.parse(readFileSync(new URL(`relevance/${id}.json`, dir), 'utf8')), id)
          .grades.size,
    );
    expect(new Set(counts).size).toBe(1);
  });
});

describe('relevance files', () => {
  it('reads grades 0 to 3 and refuses anything else', () => {
    expect(readGrades({ seeker: 'a', grades: { 'lever:x:1': 3 } }, 'a').grades).toEqual(
      new Map([['lever:x:1', 3]]),
    );
    expect(() => readGrades({ seeker: 'a', grades: { 'lever:x:1': 4 } }, 'a')).toThrow(/grade/);
    expect(() => readGrades({ seeker: 'a', grades: { 'lever:x:1': 1.5 } }, 'a')).toThrow(/grade/);
    expect(() => readGrades({ seeker: 'b', grades: {} }, 'a')).toThrow(/seeker/);
  });
});

describe('withinPlaces', () => {
  it('takes remote open to US residents for remoteUs, not a hybrid office elsewhere', () => {
    expect(withinPlaces(seeker(), label({ remote: 'remote' }))).toBe(true);
    expect(withinPlaces(seeker(), label({ remote: 'remote', openToUsBased: false }))).toBe(false);
    expect(
      withinPlaces(
        seeker(),
        label({ remote: 'hybrid', usStates: ['NY'], cities: ['New York, NY, US'] }),
      ),
    ).toBe(false);
  });

  it('takes a named state or city of the profile, and not Washington, DC for Washington state', () => {
    expect(withinPlaces(seeker(), label({ usStates: ['WA'], cities: ['Seattle, WA, US'] }))).toBe(
      true,
    );
    expect(withinPlaces(seeker(), label({ usStates: ['TX'], cities: ['Austin, TX, US'] }))).toBe(
      true,
    );
    expect(
      withinPlaces(seeker(), label({ usStates: ['DC'], cities: ['Washington, DC, US'] })),
    ).toBe(false);
  });

  it('takes worldwide remote, or remote in the country lived in, for remoteWorldwide', () => {
    const abroad = seeker({
      livesIn: 'IN',
      profile: { ...profile, where: { ...profile.where, remoteUs: false, remoteWorldwide: true } },
    });
    expect(withinPlaces(abroad, label({ remote: 'remote', countries: [] }))).toBe(true);
    expect(withinPlaces(abroad, label({ remote: 'remote', countries: ['IN'] }))).toBe(true);
    expect(withinPlaces(abroad, label({ remote: 'remote', countries: ['US'] }))).toBe(false);
    expect(
      withinPlaces(abroad, label({ remote: 'remote', countries: [], regions: ['europe'] })),
    ).toBe(false);
  });
});

describe('withinPlaces for remote open to where the seeker lives, outside the US', () => {
  it('takes remote anywhere, in their country or in one of its regions; not a region elsewhere', () => {
    const inGermany = seeker({
      livesIn: 'DE',
      profile: { ...profile, where: { ...profile.where, remoteUs: true, remoteWorldwide: false } },
    });
    const remote = (countries: string[], regions: LabelRegion[]) =>
      withinPlaces(
        inGermany,
        label({ remote: 'remote', countries, regions, openToUsBased: false }),
      );
    expect(remote([], [])).toBe(true);
    expect(remote(['DE', 'FR'], [])).toBe(true);
    expect(remote([], ['europe'])).toBe(true);
    expect(remote([], ['emea'])).toBe(true);
    expect(remote([], ['apac'])).toBe(false);
    expect(remote(['US'], [])).toBe(false);
    expect(withinPlaces(inGermany, label({ countries: ['DE'] }))).toBe(false);
  });
});

describe('rankingFigures', () => {
  const pool = ['a', 'b', 'c', 'd'].map((key) => ({
    key,
    label: label({ remote: 'remote', openToUsBased: key !== 'd' }),
  }));
  const grades = new Map([
    ['a', 3],
    ['b', 0],
    ['c', 2],
  ]);

  it('counts relevant, grade-0 and out-of-place postings of the list, ignoring keys outside the pool', () => {
    const figures = rankingFigures(['b', 'x', 'a', 'd'], pool, grades, seeker());
    expect(figures).toMatchObject({
      listed: 3,
      relevant: 2,
      relevantListed: 1,
      precision5: 0.2,
      bestPrecision5: 0.4,
      gradeZeroInTop10: 2,
      outsidePlacesListed: 1,
    });
    expect(figures.ndcg10).toBeGreaterThan(0);
    expect(figures.ndcg10).toBeLessThan(1);
  });

  it('gives NDCG@10 1 to the best order and none when nothing is graded above 0', () => {
    expect(rankingFigures(['a', 'c'], pool, grades, seeker()).ndcg10).toBe(1);
    expect(rankingFigures(['b'], pool, new Map(), seeker()).ndcg10).toBeNull();
  });
});

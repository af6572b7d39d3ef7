import { describe, expect, it } from 'vitest';
import type { AlertProfile, MinSalary, SalaryRange } from '../../contract';
import type { CandidateJob } from '../../server/matching/candidateJobs';
import { currencyName, money, payFit, yearlyFloor } from '../../server/matching/payFit';
import { scoreMatch } from '../../server/matching/scoreMatch';

const floor = (amount: number, currency: string, period: MinSalary['period']): MinSalary => ({
  amount,
  currency,
  period,
});
const pay = (currency: string, min: number, max: number): SalaryRange => ({ currency, min, max });

describe('a salary floor against a posting’s pay', () => {
  it('counts a floor as a year: 12 months, 2080 hours', () => {
    expect(yearlyFloor(floor(90_000, 'EUR', 'year'))).toBe(90_000);
    expect(yearlyFloor(floor(6_000, 'EUR', 'month'))).toBe(72_000);
    expect(yearlyFloor(floor(50, 'CAD', 'hour'))).toBe(104_000);
  });

  it('compares in the same currency only, by the top of the range', () => {
    const monthly = floor(6_000, 'EUR', 'month');
    expect(payFit(monthly, pay('EUR', 60_000, 72_000))).toBe('meets-floor');
    expect(payFit(monthly, pay('EUR', 60_000, 71_999))).toBe('below-floor');
    // Far below in euros, yet in dollars: not compared, whatever the figures.
    expect(payFit(monthly, pay('USD', 1, 2))).toBe('other-currency');
    expect(payFit(null, pay('USD', 1, 2))).toBe('no-floor');
    expect(payFit(monthly, null)).toBe('not-stated');
  });

  it('writes money with the platform’s currency formats', () => {
    expect(money(60_000, 'EUR')).toBe('€60,000');
    expect(money(1_500_000, 'INR')).toBe('₹1,500,000');
    expect(money(120_000, 'USD')).toBe('$120,000');
    expect(currencyName('USD')).toBe('US dollars');
    expect(currencyName('EUR')).toBe('euros');
  });
});

describe('the pay reason', () => {
  const PROFILE: AlertProfile = {
    targetRoles: ['Backend Engineer'],
    skills: ['Go'],
    where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] },
    seniority: 'senior',
    minSalary: floor(120_000, 'USD', 'year'),
    needsVisaSponsorship: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  const JOB: CandidateJob = {
    id: 1,
    title: 'Backend Engineer',
    company: 'Example Co',
    locations: ['Remote'],
    remote: true,
    usEligibility: 'remote-worldwide',
    seniority: 'senior',
    salaryCurrency: 'EUR',
    salaryMinYearly: 60_000,
    salaryMaxYearly: 80_000,
    skills: ['Go'],
    niceSkills: [],
    visa: 'not-said',
    postedAt: null,
    firstSeenAt: new Date('2026-01-01T00:00:00.000Z'),
    applyUrl: 'https://jobs.example.com/1',
    matchedRole: 'Backend Engineer',
    nearRole: null,
  };
  const salaryReason = (profile: AlertProfile, job: CandidateJob) =>
    scoreMatch({ profile, skills: profile.skills }, job).reasons.find(
      (reason) => reason.kind === 'salary',
    );

  it('says a posting in another currency is not compared, with its range in that currency', () => {
    expect(salaryReason(PROFILE, JOB)).toEqual({
      kind: 'salary',
      fit: 'other-currency',
      salary: pay('EUR', 60_000, 80_000),
      points: 10,
      text: 'Pays €60,000–€80,000 a year; your minimum is in US dollars.',
    });
  });

  it('gives the floor in its own period when the pay meets it', () => {
    const hourly = { ...PROFILE, minSalary: floor(35, 'EUR', 'hour') };
    expect(salaryReason(hourly, JOB)?.text).toBe(
      'Pays €60,000–€80,000 a year, its top reaching your minimum of €35 an hour.',
    );
  });

  it('states one figure once', () => {
    const oneFigure = { ...JOB, salaryMinYearly: 80_000 };
    expect(salaryReason(PROFILE, oneFigure)?.text).toBe(
      'Pays €80,000 a year; your minimum is in US dollars.',
    );
  });
});

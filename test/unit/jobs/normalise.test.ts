import { describe, expect, it } from 'vitest';
import { dedupeKey } from '../../../server/jobs/normalise/dedupeKey';
import { yearlyUsd } from '../../../server/jobs/normalise/salary';
import { seniorityOf, seniorityFromTitle } from '../../../server/jobs/normalise/seniority';
import { minYearsFrom, yearsAskedIn } from '../../../server/jobs/normalise/yearsAsked';
import { isRemote, readWhere, usEligibility } from '../../../server/jobs/normalise/usEligibility';

const facts = (
  locations: string[],
  remoteFlag: boolean | null = null,
  countries: string[] = [],
) => ({
  locations,
  remoteFlag,
  countries,
});

describe('US eligibility', () => {
  it('detects remote-US from the location text', () => {
    expect(usEligibility(facts(['Remote - US']))).toBe('remote-us');
    expect(usEligibility(facts(['Remote (United States)']))).toBe('remote-us');
    expect(usEligibility(facts(['Remote, U.S.']))).toBe('remote-us');
    expect(usEligibility(facts(['Remote (US or Canada)']))).toBe('remote-us');
  });

  it('detects remote-US from the remote flag and a US country', () => {
    expect(usEligibility(facts(['Anywhere in the country'], true, ['US']))).toBe('remote-us');
    expect(usEligibility(facts([], true, ['United States']))).toBe('remote-us');
  });

  it('calls a remote job that names no country, or says anywhere, worldwide', () => {
    expect(usEligibility(facts(['Remote']))).toBe('remote-worldwide');
    expect(usEligibility(facts(['Remote - Anywhere']))).toBe('remote-worldwide');
    expect(usEligibility(facts(['Worldwide'], true))).toBe('remote-worldwide');
  });

  it('calls a remote job limited to other countries not-us', () => {
    expect(usEligibility(facts(['Remote - Europe']))).toBe('not-us');
    expect(usEligibility(facts(['Remote'], true, ['DE']))).toBe('not-us');
  });

  it('places on-site jobs by city, state, ", CA"-style code or country', () => {
    expect(usEligibility(facts(['San Francisco, CA']))).toBe('us');
    expect(usEligibility(facts(['Boise, ID']))).toBe('us');
    expect(usEligibility(facts(['Pittsburgh, Pennsylvania']))).toBe('us');
    expect(usEligibility(facts(['HQ'], false, ['USA']))).toBe('us');
    expect(usEligibility(facts(['London, UK']))).toBe('not-us');
    expect(usEligibility(facts(['Toronto, ON'], false, ['CA']))).toBe('not-us');
  });

  it('trusts the source flag over the text: hybrid in "Remote-friendly" is not remote', () => {
    expect(isRemote(facts(['Remote-friendly office, Austin, TX'], false))).toBe(false);
    expect(isRemote(facts(['Austin, TX or remote']))).toBe(true);
  });

  it('reads remote offered beside an office ("SF / Remote") as remote, whatever the workplace field says', () => {
    const where = readWhere({ ...facts(['SF / Remote'], false), workplace: 'onsite' });
    expect(where).toMatchObject({ workplace: 'remote', usEligibility: 'remote-us' });
    expect(readWhere({ ...facts(['SF / NY / Remote'], true), workplace: 'hybrid' }).workplace).toBe(
      'remote',
    );
  });

  it('reads going into the office a few times a week as hybrid, every day as on site', () => {
    const office = facts(['Austin, Texas, United States']);
    const text = 'Lives in Austin, TX and willing to go into the office 1-2 times per week.';
    expect(readWhere(office, text).workplace).toBe('hybrid');
    expect(readWhere(office, 'We are in the office 5 days a week.').workplace).toBe('onsite');
  });

  it('writes short city names out as a seeker names the city: "SF / NY"', () => {
    expect(readWhere(facts(['SF / NY'])).cities).toEqual([
      'San Francisco, CA, US',
      'New York, NY, US',
    ]);
  });

  it('adds the places a remote posting says it is open to beside the API\u2019s region', () => {
    const text =
      'This role is open to candidates based in North America and Europe. We value focus.';
    const where = readWhere(facts(['Europe'], true, ['European Union']), text);
    expect(where.regions).toEqual(expect.arrayContaining(['north-america', 'europe']));
    expect(where.usEligibility).toBe('remote-us');
    const us = readWhere(facts(['Europe'], true), 'open to candidates based in the US and Europe.');
    expect(us).toMatchObject({ countries: ['US'], usEligibility: 'remote-us' });
    const northAmerica = facts(['North America'], true, ['United States']);
    expect(readWhere(northAmerica, 'open to candidates based in the US and Europe.')).toMatchObject(
      { countries: ['US'], regions: ['europe'] },
    );
  });
  it('opens a remote posting to the countries its text says it may be located in', () => {
    const remoteUs = facts(['Remote'], true, ['United States']);
    const located =
      'This role can be located in the United States or Canada, reporting to the COO.';
    expect(readWhere(remoteUs, located).countries).toEqual(['CA', 'US']);
    const mustBe =
      'This job is remote, but you must be located and authorized to work within Mexico or Chile.';
    expect(readWhere(facts(['Remote'], true), mustBe).countries).toEqual(['CL', 'MX']);
    const home =
      'Staff need to be authorized to work from their home location (in the US or Canada).';
    expect(readWhere(remoteUs, home).countries).toEqual(['CA', 'US']);
  });
});

describe('salary as yearly USD', () => {
  it('keeps a yearly USD range as it is', () => {
    expect(yearlyUsd(150_000, 180_000, 'USD', 'per-year-salary')).toEqual({
      minUsd: 150_000,
      maxUsd: 180_000,
    });
    expect(yearlyUsd(150_000, 180_000, 'usd', '1 YEAR')).toEqual({
      minUsd: 150_000,
      maxUsd: 180_000,
    });
  });

  it('converts hourly at 2080 hours and monthly at 12 months', () => {
    expect(yearlyUsd(50, 60, 'USD', 'per-hour-wage')).toEqual({ minUsd: 104_000, maxUsd: 124_800 });
    expect(yearlyUsd(45, 55, 'USD', '1 HOUR')).toEqual({ minUsd: 93_600, maxUsd: 114_400 });
    expect(yearlyUsd(10_000, 12_000, 'USD', 'per-month-salary')).toEqual({
      minUsd: 120_000,
      maxUsd: 144_000,
    });
  });

  it('ignores non-USD pay', () => {
    expect(yearlyUsd(100_000, 120_000, 'EUR', 'per-year-salary')).toBeNull();
    expect(yearlyUsd(4_000_000, 5_500_000, 'INR', '1 YEAR')).toBeNull();
    expect(yearlyUsd(100_000, 120_000, null, 'per-year-salary')).toBeNull();
  });

  it('ignores unknown intervals, one-off pay and nonsense numbers', () => {
    expect(yearlyUsd(5_000, 5_000, 'USD', 'one-time')).toBeNull();
    expect(yearlyUsd(0.5, 1.75, 'USD', 'NONE')).toBeNull();
    expect(yearlyUsd(200_000, 100_000, 'USD', 'per-year-salary')).toBeNull();
    expect(yearlyUsd('100000', 120_000, 'USD', 'per-year-salary')).toEqual({
      minUsd: 120_000,
      maxUsd: 120_000,
    });
    expect(yearlyUsd(Number.NaN, -1, 'USD', 'per-year-salary')).toBeNull();
    expect(yearlyUsd(5_000, 6_000, 'USD', 'per-hour-wage')).toBeNull();
  });
});

describe('seniority from the title', () => {
  it.each([
    ['Software Engineering Intern, Summer 2027', 'intern'],
    ['Co-op Student, Data', 'intern'],
    ['Junior iOS Developer', 'junior'],
    ['Software Engineer I', 'junior'],
    ['Backend Engineer II', 'mid'],
    ['Sr. Data Engineer', 'senior'],
    ['Software Engineer III', 'senior'],
    ['Senior Staff Engineer', 'staff'],
    ['Principal Android Engineer', 'principal'],
    ['Engineering Manager, Risk', 'lead'],
    ['Tech Lead, Payments', 'senior'],
    ['Senior/Staff CNC Programmer', 'senior'],
    ['Principal/Staff Engineer', 'staff'],
    ['Sr./Staff Engineer', 'senior'],
    ['Software Engineer (Mid-Senior)', 'mid'],
    ['Staff+ Software Engineer', 'staff'],
    ['Werkstudent Software Engineering', 'intern'],
    ['Stagiaire Développeur Web', 'intern'],
    ['Staff Accountant', 'unknown'],
    ['Senior Staff Accountant', 'senior'],
    ['Executive Assistant to the CEO', 'unknown'],
    ['Chief of Staff to the CEO', 'lead'],
    ['Business Development Manager', 'unknown'],
    ['Manager, Business Development', 'unknown'],
    ['Partner Development Manager', 'unknown'],
    ['Software Development Manager', 'lead'],
    ['Art Director', 'unknown'],
    ['Creative Director', 'lead'],
    ['Member of Technical Staff, Inference', 'unknown'],
    ['Account Manager, Enterprise', 'unknown'],
    ['Office Manager', 'unknown'],
    ['Senior Engineering Manager', 'lead'],
    ['Director of Engineering', 'lead'],
    ['Software Engineer', 'unknown'],
  ] as const)('%s is %s', (title, level) => {
    expect(seniorityFromTitle(title)).toBe(level);
  });
});

describe('dedupe key', () => {
  const key = dedupeKey('Acme Robotics', 'Senior Backend Engineer', [
    'San Francisco, CA',
    'Remote - US',
  ]);

  it('is the same for the same job written with other case, spacing, punctuation or location order', () => {
    expect(
      dedupeKey('ACME robotics', '  Senior  Backend Engineer ', [
        'Remote – US',
        'San Francisco CA',
      ]),
    ).toBe(key);
  });

  it('changes when the company, the title or the places change', () => {
    expect(
      dedupeKey('Acme Robotics', 'Staff Backend Engineer', ['San Francisco, CA', 'Remote - US']),
    ).not.toBe(key);
    expect(
      dedupeKey('Acme Drones', 'Senior Backend Engineer', ['San Francisco, CA', 'Remote - US']),
    ).not.toBe(key);
    expect(dedupeKey('Acme Robotics', 'Senior Backend Engineer', ['San Francisco, CA'])).not.toBe(
      key,
    );
  });

  it('is 32 hex characters', () => {
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('years of experience asked', () => {
  it('reads the lower end of a range written with any dash, or in months', () => {
    expect(minYearsFrom('1\u20102 years\u2019 experience in business development')).toBe(1);
    expect(minYearsFrom('Experienced: 6 months to 2 years of experience in sales')).toBe(0.5);
    expect(minYearsFrom('3-5 years of experience building APIs')).toBe(3);
    expect(seniorityOf('Account Development Representative', 0.5, null)).toBe('junior');
    expect(seniorityOf('Commercial Renewals Manager EMEA', 3, null)).toBe('mid');
  });

  it('reads the most years any one requirement asks, as a candidate must meet them all', () => {
    const requirements = [
      '- Minimum of 2 years\u2019 experience as a Software Engineer or DevOps Engineer',
      "- Minimum of 5 years' experience working as a Consultant",
      '- 3-4 years of experience with Kubernetes',
    ].join('\n');
    expect(yearsAskedIn(requirements)).toBe(5);
    expect(yearsAskedIn('- 5+ years of experience, including 2+ years with Go')).toBe(5);
    expect(yearsAskedIn('- Strong SQL\n- Clear writing')).toBeNull();
  });

  it('reads the least years asked, not the ideal candidate\u2019s, when both are stated', () => {
    const asked = [
      '- 6+ years of experience in consumer credit risk.',
      'Ideal candidates will have 8\u201312 years of experience across banking or fintech.',
    ].join('\n');
    expect(yearsAskedIn(asked)).toBe(6);
    expect(yearsAskedIn('- Ideally 4+ years of experience in sales\n- Strong writing')).toBe(4);
  });

  it('reads years followed by what they were spent doing', () => {
    expect(minYearsFrom('- 5+ years solving forecasting, planning, or related problems.')).toBe(5);
    expect(minYearsFrom('- 3 years shipping mobile apps')).toBe(3);
    expect(minYearsFrom('We have grown for 10 years and counting.')).toBeNull();
    // The company's span of time, not years asked of anyone.
    expect(minYearsFrom('Our product has grown a lot in the last 10 years in the UK.')).toBeNull();
    expect(minYearsFrom('Over the past 5 years at Acme we tripled.')).toBeNull();
    // An age.
    expect(minYearsFrom('Accounts for 16-17 year olds in the UK.')).toBeNull();
  });

  it('reads years in square brackets after a requirement', () => {
    expect(minYearsFrom('- Proven experience in insurance sales or brokerage.\n[4+ years]')).toBe(
      4,
    );
  });

  it('reads experience asked in months as part of a year', () => {
    expect(minYearsFrom('- At least 6-12 months of Sales or Sales Development experience')).toBe(
      0.5,
    );
    expect(minYearsFrom("- 6+ months' experience in customer support")).toBe(0.5);
    expect(minYearsFrom('- Minimum 6mos of professional working experience')).toBe(0.5);
    expect(minYearsFrom('- Minimum 6 mos of proven experience in a sales role')).toBe(0.5);
    expect(
      minYearsFrom('Retain hosts for the first 6-12 months, driving their Experiences.'),
    ).toBeNull();
  });

  it('reads years after a label, abbreviated, or as a year or a decade', () => {
    expect(minYearsFrom('Experience: 3-5 years')).toBe(3);
    expect(minYearsFrom('Experience level: 5+ years')).toBe(5);
    expect(minYearsFrom('- 4+ YOE in backend systems')).toBe(4);
    expect(minYearsFrom('- 5-7 yrs. of experience')).toBe(5);
    expect(minYearsFrom('- A year or more of experience in a startup')).toBe(1);
    expect(minYearsFrom('- Over a decade of experience in payments')).toBe(10);
    expect(minYearsFrom('We have served customers for a decade.')).toBeNull();
    expect(
      minYearsFrom('In this programme you will gain a year of experience in sales.'),
    ).toBeNull();
  });

  it('reads years in brackets and years "with" a field as the years asked', () => {
    expect(minYearsFrom('- Success as an office coordinator (2+ years)')).toBe(2);
    expect(minYearsFrom('- Proven experience (4–6+ years) as a network analyst')).toBe(4);
    expect(minYearsFrom('- 3+ years with payroll operations')).toBe(3);
    expect(minYearsFrom('- 6+ years hands-on with Kafka clusters')).toBe(6);
    expect(minYearsFrom('Founded in 2015 (10 years ago), we grew fast.')).toBeNull();
  });

  it('reads a role its text calls an internship as one, before the years it asks', () => {
    const program =
      'The Northwind Launch Program is a 3-6 month internship program designed for students.';
    expect(seniorityOf('Launch Program - Backend Engineer', 1, null, program)).toBe('intern');
    expect(seniorityOf('Data Analyst', null, null, 'Grow with us during your internship.')).toBe(
      'intern',
    );
    // A company that also offers internships says nothing of this role's level.
    const blurb = 'We run a summer internship program every year. 5+ years of experience in Go.';
    expect(seniorityOf('Backend Engineer', 5, null, blurb)).toBe('senior');
    expect(seniorityOf('Senior Backend Engineer', null, null, program)).toBe('senior');
  });

  it('levels a manager title by the years when the text says it manages no one', () => {
    const alone = 'This is a high-visibility individual contributor role. 10+ years in alliances.';
    expect(seniorityOf('Cloud Alliances Director', 10, null, alone)).toBe('senior');
    const standalone = 'This is a standalone role, reporting to the COO.';
    expect(seniorityOf('Head of Privacy', 3, null, standalone)).toBe('mid');
    const ledTeam = 'You will manage a team of six individual contributors.';
    expect(seniorityOf('Director of Engineering', 10, null, ledTeam)).toBe('lead');
  });

  it('reads a manager title whose text gives the role direct reports as a people manager', () => {
    const reports = 'In this new team you\u2019ll have two direct reports, data specialists.';
    expect(seniorityOf('Controls Product Senior Manager', null, null, reports)).toBe('lead');
    expect(seniorityOf('Senior Product Manager', null, null, 'Meet your direct reports.')).toBe(
      'lead',
    );
    // Without a team of its own, a product manager is an individual contributor.
    const noTeam = 'You will own the roadmap with engineering leads and their direct reports.';
    expect(seniorityOf('Senior Product Manager', null, null, noTeam)).toBe('senior');
  });

  it('reads a role whose text hires an intern or a current student as an internship', () => {
    const hires = "We're looking for a Growth Analyst Intern to join the pricing team.";
    expect(seniorityOf('Launch Program - Growth Analyst', null, null, hires)).toBe('intern');
    const student = "- Currently pursuing a Bachelor's or Master's degree in Economics";
    expect(seniorityOf('Launch Program - Analyst', null, null, student)).toBe('intern');
    const months = '- Available for a minimum 4-month internship';
    expect(seniorityOf('Launch Program - Analyst', null, null, months)).toBe('intern');
    // A graduate may apply; a student is not asked for.
    const graduates = 'Open to recent graduates. We hire interns every summer too.';
    expect(seniorityOf('Analyst', null, null, graduates)).toBe('unknown');
  });
});

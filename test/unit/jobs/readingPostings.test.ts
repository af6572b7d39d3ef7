import { describe, expect, it } from 'vitest';
import { toJobRecord } from '../../../server/jobs/normalise/toJobRecord';
import { profilePlaces, usPlacesOfRecord } from '../../../server/jobs/store/usPlaces';
import {
  FICTIONAL_BOARD as board,
  FICTIONAL_SEEN_AT as seenAt,
  postingDraft as draft,
  readPosting as record,
} from '../../support/postingDraft';

// Fictional postings shaped like the real ones the evaluation set showed being misread.

describe('places', () => {
  it('reads Georgia beside Poland as the country, and beside Atlanta as the state', () => {
    expect(record({ locations: ['Remote - Georgia', 'Remote - Poland'] })).toMatchObject({
      countries: ['GE', 'PL'],
      usEligibility: 'not-us',
    });
    expect(record({ locations: ['Atlanta, Georgia'] })).toMatchObject({
      countries: ['US'],
      usStates: ['GA'],
      usEligibility: 'us',
    });
  });

  it('reads "Toronto, ON, CA" as Canada and "San Francisco, CA" as California', () => {
    expect(record({ locations: ['Toronto, ON, CA'] })).toMatchObject({
      countries: ['CA'],
      cities: ['Toronto, CA'],
      usEligibility: 'not-us',
    });
    expect(record({ locations: ['San Francisco, CA'] })).toMatchObject({
      countries: ['US'],
      usStates: ['CA'],
      usEligibility: 'us',
    });
  });

  it("reads a region code before a country other than the US as that country's region", () => {
    // SmartRecruiters' fullLocation: "Geneva, GE, Switzerland" (the canton), "Milan, MI, Italy".
    expect(record({ locations: ['Geneva, GE, Switzerland'] })).toMatchObject({
      countries: ['CH'],
      usStates: [],
      cities: ['Geneva, CH'],
      usEligibility: 'not-us',
    });
    expect(record({ locations: ['Milan, MI, Italy'] })).toMatchObject({
      countries: ['IT'],
      usStates: [],
      cities: ['Milan, IT'],
      usEligibility: 'not-us',
    });
    expect(record({ locations: ['Houston, TX, United States'] })).toMatchObject({
      usStates: ['TX'],
      cities: ['Houston, TX, US'],
    });
  });

  it('places cities named without a state: "San Francisco, Seattle", "SF / NY", "New York"', () => {
    expect(record({ locations: ['San Francisco, Seattle'] }).usStates).toEqual(['CA', 'WA']);
    expect(record({ locations: ['SF / NY'] }).usStates).toEqual(['CA', 'NY']);
    expect(record({ locations: ['New York'] })).toMatchObject({
      usStates: ['NY'],
      usEligibility: 'us',
    });
    expect(record({ locations: ['US'] })).toMatchObject({ countries: ['US'], usEligibility: 'us' });
  });

  it('reads a state named with its own code as the state: "California, CA", not a city', () => {
    for (const [written, state] of [
      ['California, CA', 'CA'],
      ['Texas, TX', 'TX'],
      ['Washington, WA', 'WA'],
    ] as const)
      expect(record({ locations: ['Concord, CA', written] }), written).toMatchObject({
        countries: ['US'],
        usStates: [...new Set(['CA', state])].sort(),
        cities: ['Concord, CA, US'],
      });
    expect(record({ locations: ['New York, NY'] }).cities).toEqual(['New York, NY, US']);
    expect(record({ locations: ['Washington, DC'] }).cities).toEqual(['Washington, DC, US']);
  });

  it('reads a bullet between places as a list: "San Francisco, CA • New York, NY"', () => {
    for (const written of [
      'San Francisco, CA • New York, NY • United States',
      'San Francisco, CA · New York, NY',
    ])
      expect(record({ locations: [written] }), written).toMatchObject({
        usStates: ['CA', 'NY'],
        cities: ['San Francisco, CA, US', 'New York, NY, US'],
      });
  });

  it('names New York as a seeker picks it, however the posting writes it', () => {
    const seekersNewYork = profilePlaces([], [{ city: 'New York', state: 'NY' }]);
    for (const written of ['Hybrid - San Francisco, New York City, Austin', 'NYC', 'New York, NY'])
      expect(usPlacesOfRecord(record({ locations: [written] }))).toEqual(
        expect.arrayContaining(seekersNewYork),
      );
  });

  it('reads a list of three countries as all three, not a city, a region and a country', () => {
    const countries = (location: string) => record({ locations: [location] }).countries;
    expect(countries('Germany, Spain, Portugal')).toEqual(['DE', 'ES', 'PT']);
    expect(countries('Geneva, GE, Switzerland')).toEqual(['CH']);
  });

  it('reads "Europe - Anywhere" as remote in Europe and "Anywhere in the US" as the US, not worldwide', () => {
    expect(record({ locations: ['Europe - Anywhere'] })).toMatchObject({
      workplace: 'remote',
      regions: ['europe'],
      usEligibility: 'not-us',
    });
    expect(record({ locations: ['Remote - Anywhere'] })).toMatchObject({
      regions: ['worldwide'],
      usEligibility: 'remote-worldwide',
    });
    expect(record({ locations: ['Remote'] }).regions).toEqual(['worldwide']);
    expect(record({ locations: ['Remote - Anywhere in the US'] })).toMatchObject({
      countries: ['US'],
      regions: [],
      usEligibility: 'remote-us',
    });
    expect(record({ locations: ['Anywhere in Canada'] })).toMatchObject({
      countries: ['CA'],
      usEligibility: 'not-us',
    });
    expect(record({ locations: ['Cape Town, SA'] }).countries).toEqual(['ZA']);
  });

  it('reads a part of the world or a group of countries as that area, never as worldwide', () => {
    const areas = {
      'Remote - South East Asia': { regions: ['apac'] },
      'Remote, Middle East': { regions: ['emea'] },
      'Middle East & North Africa (remote)': { regions: ['emea'] },
      'Remote (Sub-Saharan Africa)': { regions: ['emea'] },
      'Remote - West Africa': { regions: ['emea'] },
      'Remote - Carribbean (ACS)': { regions: ['latam'] },
      'Remote - Central and Eastern Europe': { regions: ['europe'] },
      'Remote - DACH': { countries: ['AT', 'CH', 'DE'] },
      'Nordics - Remote': { countries: ['DK', 'FI', 'IS', 'NO', 'SE'] },
      'Remote (ANZ)': { countries: ['AU', 'NZ'] },
    } as const;
    for (const [written, area] of Object.entries(areas))
      expect(record({ locations: [written] }), written).toMatchObject({
        countries: [],
        regions: [],
        ...area,
        workplace: 'remote',
        usEligibility: 'not-us',
      });
  });

  it('reads US time zones and parts of the US as the US, and European time zones as Europe', () => {
    for (const written of [
      'Remote (EST)',
      'Remote - Pacific Time',
      'Remote - Eastern Time Zone',
      'Remote - US East Coast',
      'Remote - Pacific Northwest',
      'Remote - Lower 48',
      'Remote - United States of America',
      'Remote (EST hours)',
      'Remote (PT hours)',
      'Remote (ET time zone)',
    ])
      expect(record({ locations: [written] }), written).toMatchObject({
        countries: ['US'],
        regions: [],
        usEligibility: 'remote-us',
      });
    expect(record({ locations: ['Remote - CET'] })).toMatchObject({
      regions: ['europe'],
      usEligibility: 'not-us',
    });
    expect(record({ locations: ['Remote (EMEA time zones)'] })).toMatchObject({
      regions: ['emea'],
      usEligibility: 'not-us',
    });
    expect(record({ locations: ['Remote (Americas time zones)'] }).regions).toEqual(['americas']);
    // Offsets from UTC: the parts of the world whose time zones the span meets.
    for (const [written, regions, usEligibility] of [
      ['Remote (GMT±3)', ['emea', 'latam'], 'not-us'],
      ['Remote - UTC-3 to UTC+3', ['emea', 'latam'], 'not-us'],
      ['Remote (GMT +/- 2 hours)', ['emea'], 'not-us'],
      ['Remote, UTC+5:30', ['apac'], 'not-us'],
      ['Remote (UTC-8 to UTC-5)', ['latam', 'north-america'], 'remote-us'],
      ['Remote (CET ± 2 hours)', ['europe'], 'not-us'],
    ] as const)
      expect(record({ locations: [written] }), written).toMatchObject({
        countries: [],
        regions,
        usEligibility,
      });
    // Two-letter codes stay states: "Hartford, CT" is in Connecticut.
    expect(record({ locations: ['Hartford, CT'] }).usStates).toEqual(['CT']);
  });

  it('reads names a how-word or an accent hid, and metro areas: "Bay Area", "Türkiye", "DFW"', () => {
    expect(record({ locations: ['Bay Area'] })).toMatchObject({
      cities: ['San Francisco, CA, US'],
      usStates: ['CA'],
    });
    expect(record({ locations: ['Remote - Türkiye'] }).countries).toEqual(['TR']);
    expect(record({ locations: ['Madrid, España'] }).countries).toEqual(['ES']);
    expect(record({ locations: ['Hong Kong SAR'] }).countries).toEqual(['HK']);
    for (const [written, city] of [
      ['San Francisco Bay Area', 'San Francisco, CA, US'],
      ['Silicon Valley', 'San Jose, CA, US'],
      ['DFW', 'Dallas, TX, US'],
    ] as const)
      expect(record({ locations: [written] }).cities, written).toEqual([city]);
    expect(record({ locations: ['Remote - PST timezone'] }).countries).toEqual(['US']);
  });

  it('limits a remote job to the country its text names when the locations name none', () => {
    const job = record({
      locations: ['Remote'],
      description: 'This role is remote within the United States.',
    });
    expect(job).toMatchObject({ countries: ['US'], usEligibility: 'remote-us' });
  });

  it('takes the source workplace field over the location text', () => {
    expect(record({ locations: ['Paris, France'], workplace: 'hybrid' }).workplace).toBe('hybrid');
    expect(record({ locations: ['London'], remoteFlag: true, workplace: 'hybrid' }).workplace).toBe(
      'hybrid',
    );
    expect(
      record({ locations: ['London'], description: 'A hybrid role: 3 days a week in the office.' })
        .workplace,
    ).toBe('hybrid');
  });
});

describe('pay', () => {
  it('reads a USD range given only in the description', () => {
    const job = record({ description: 'The base salary range is $155,000-$195,000 per year.' });
    expect(job.pay).toEqual({ currency: 'USD', min: 155000, max: 195000, period: 'year' });
    expect(job.salary).toEqual({ minUsd: 155000, maxUsd: 195000 });
  });

  it('keeps other currencies and periods as stated, without a yearly USD figure', () => {
    expect(record({ description: 'Salary: £60,000 - £80,000' }).pay).toEqual({
      currency: 'GBP',
      min: 60000,
      max: 80000,
      period: 'year',
    });
    expect(record({ description: '€70.000–€90.000 gross' }).salary).toBeNull();
    expect(record({ description: '$60.58 – $108.17 per hour' }).pay).toMatchObject({
      period: 'hour',
      min: 60.58,
    });
    expect(record({ description: 'Range: $150-180k' }).pay).toMatchObject({
      min: 150000,
      max: 180000,
    });
    expect(
      record({ description: 'We have raised $100M and serve 2,000-3,000 customers.' }).pay,
    ).toBeNull();
  });

  it('reads "$25.00/hr – $32.00/hr", a bare "$" in Canada as CAD, and no benefit figure', () => {
    expect(
      record({ description: 'COMPENSATION RANGE $25.00/hr – $32.00/hr + Equity' }).pay,
    ).toEqual({ currency: 'USD', min: 25, max: 32, period: 'hour' });
    expect(
      record({ locations: ['Toronto, ON'], description: 'Salary range: $120,000 - $150,000' }).pay,
    ).toMatchObject({ currency: 'CAD', min: 120000 });
    expect(record({ description: 'Fertility HRA (up to $10,000 per year)' }).pay).toBeNull();
  });

  it('reads one figure given as the pay with its code after it, and its period before it', () => {
    const text = '- Weekly stipend of 3,850 USD / 2,310 GBP / 4,300 CAD + benefits';
    expect(record({ description: text }).pay).toEqual({
      currency: 'USD',
      min: 3850,
      max: 3850,
      period: 'week',
    });
    expect(record({ description: 'Monthly stipend: 2,000 USD' }).pay).toMatchObject({
      period: 'month',
      min: 2000,
    });
  });

  it('reads a currency code before a dollar sign as that dollar: "CAD $100,000"', () => {
    expect(record({ description: 'CAD $100,000 - $130,000' }).pay).toMatchObject({
      currency: 'CAD',
      min: 100000,
      max: 130000,
    });
    const toronto = { locations: ['Toronto, ON'], description: 'USD $90,000 - $110,000' };
    expect(record(toronto).pay).toMatchObject({ currency: 'USD', min: 90000 });
  });

  it('prefers the US range when a posting lists several', () => {
    const text = 'Canada: CA$120,000 - CA$150,000. United States: $140,000 - $170,000.';
    expect(record({ description: text }).pay).toMatchObject({ currency: 'USD', min: 140000 });
  });
});

describe('level and years', () => {
  it('reads the years asked, and the level from them when the title says none', () => {
    const job = record({ description: 'Requirements\n- 5+ years of experience building APIs' });
    expect(job).toMatchObject({ minYears: 5, seniority: 'senior' });
    expect(record({ description: 'You have 2-4 years of professional experience.' })).toMatchObject(
      {
        minYears: 2,
        seniority: 'mid',
      },
    );
  });

  it('reads the most years among the requirements, not the first named', () => {
    const description = [
      'Requirements',
      '- Minimum of 2 years\u2019 experience as a Software Engineer',
      "- Minimum of 5 years' experience working as a Consultant",
    ].join('\n');
    expect(record({ description })).toMatchObject({ minYears: 5, seniority: 'senior' });
  });

  it('reads years after a label, "plus", of development, and of a named skill in a requirement', () => {
    for (const [line, years] of [
      ['Experience: 5+ years', 5],
      ['Years of experience: 4', 4],
      ['5 plus years of experience', 5],
      ['5+ yrs of backend development', 5],
      ['3+ years of Python', 3],
    ] as const)
      expect(record({ description: `Requirements\n- ${line}` }).minYears, line).toBe(years);
    expect(record({ description: 'Celebrating 20 Years of Innovation.' }).minYears).toBeNull();
  });

  it('uses the API level field last', () => {
    expect(record({ level: 'Senior' }).seniority).toBe('senior');
    expect(record({ title: 'Junior Analyst', level: 'Senior' }).seniority).toBe('junior');
  });
});

describe('visa', () => {
  it.each([
    ['We are unable to sponsor visas for this role.', 'no'],
    ['This role does not offer visa sponsorship.', 'no'],
    ['Candidates must be authorized to work without the need for sponsorship.', 'no'],
    ['We offer visa sponsorship and relocation support.', 'yes'],
    ['We sponsor visas.', 'yes'],
    ['We sponsor hackathons and meetups.', 'not-said'],
    ['We welcome applicants who require sponsorship.', 'yes'],
    ['We do not offer H-1B sponsorship.', 'no'],
    ['We do not provide immigration support.', 'no'],
    ['Active Secret clearance required.', 'no'],
    ['US work authorization required.', 'no'],
    ['This position requires ITAR access. U.S. citizenship is required.', 'no'],
    ['Visa sponsorship and relocation to the US is unavailable.', 'no'],
    ['Great benefits and a friendly team.', 'not-said'],
  ] as const)('%s -> %s', (description, visa) => {
    expect(record({ description }).visa).toBe(visa);
  });
});

describe('skills from the role, not the company', () => {
  it('skips the company blurb and benefits, and everyday "react"', () => {
    const description = [
      'About us',
      'Our customers build with Java and Ruby. We use Salesforce internally.',
      'Requirements',
      '- Strong TypeScript and PostgreSQL, Agile and code reviews, a passion for AI',
      '- You react with urgency when things break',
      'Nice to have',
      '- Kubernetes',
      'Benefits',
      '- DBT therapy sessions covered',
    ].join('\n');
    expect(record({ title: 'Backend Engineer', description }).skills).toEqual([
      'TypeScript',
      'PostgreSQL',
      'Kubernetes',
    ]);
  });
  it('does not ask for the company\u2019s own product as a skill', () => {
    const description = 'Requirements\n- Experience with Datadog and Terraform';
    const own = toJobRecord(draft({ company: 'Datadog', description }), board, seenAt);
    expect(own.skills).toEqual(['Terraform']);
    const token = toJobRecord(draft({ description }), { ...board, token: 'datadog' }, seenAt);
    expect(token.skills).toEqual(['Terraform']);
    expect(record({ description }).skills).toEqual(['Datadog', 'Terraform']);
  });
});

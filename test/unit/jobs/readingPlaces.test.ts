import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../server/jobs/jobRecord';
import { parseAshbyBoard } from '../../../server/jobs/sources/ashby';
import { parseGreenhouseBoard } from '../../../server/jobs/sources/greenhouse';
import { placeText } from '../../../server/jobs/sources/placeText';
import { FICTIONAL_SEEN_AT as seenAt, readPosting as record } from '../../support/postingDraft';

// Fictional postings shaped like the real ones whose places the evaluation set showed misread.

/** One Greenhouse posting with its location, offices and text, read by the source's parser. */
function greenhouseJob(
  location: string,
  offices: string[],
  text = '',
  metadata: { name: string; value: unknown }[] | null = null,
): JobRecord {
  const job = {
    id: 7,
    title: 'Analyst',
    absolute_url: 'https://job-boards.example.com/fictional/jobs/7',
    location: { name: location },
    offices: offices.map((name, id) => ({ id, name })),
    content: `&lt;p&gt;${text}&lt;/p&gt;`,
    metadata,
  };
  const parsed = parseGreenhouseBoard(
    { jobs: [job] },
    { source: 'greenhouse', token: 'f' },
    seenAt,
  );
  if (!parsed.ok || parsed.jobs[0] === undefined) throw new Error('not read');
  return parsed.jobs[0];
}

describe('offices and remote options', () => {
  it('takes the offices a Greenhouse posting lists beside its location as places of the job', () => {
    const job = greenhouseJob('Austin, Texas, United States', [
      'Boston, Massachusetts',
      'San Francisco, California',
    ]);
    expect(job.usStates).toEqual(['CA', 'MA', 'TX']);
  });

  it('reads an office named "Remote, <city>" as remote there', () => {
    const job = greenhouseJob('Lisbon, Portugal', ['Remote, Lisbon']);
    expect(job).toMatchObject({ workplace: 'remote', countries: ['PT'] });
  });

  it('takes the text\u2019s stated arrangement over a remote office and a LinkedIn tag', () => {
    const job = greenhouseJob(
      'Munich',
      ['Remote - Germany'],
      'Munich 3 days a week | hybrid #LI-Remote',
    );
    expect(job).toMatchObject({ workplace: 'hybrid', countries: ['DE'] });
  });

  it('reads a "Remote (US)" location beside the head office as remote, over a hybrid field', () => {
    const job = record({ locations: ['Denver, CO (HQ)', 'Remote (US)'], workplace: 'hybrid' });
    expect(job).toMatchObject({
      workplace: 'remote',
      countries: ['US'],
      usEligibility: 'remote-us',
    });
  });

  it('reads remote offered in the text as an alternative to the office as remote', () => {
    const berlin = 'A full time role in our Berlin office within a hybrid environment or remote.';
    expect(record({ locations: ['Berlin'], description: berlin }).workplace).toBe('remote');
    const hubs = 'Work from one of our US hubs or remotely in the United States.';
    expect(
      record({ locations: ['New York'], workplace: 'onsite', description: hubs }).workplace,
    ).toBe('remote');
  });

  it("reads remote within named places over the company's hybrid policy", () => {
    const text =
      'Location: Remote within NSW, VIC, or ACT.\nOur hybrid policy: staff are in an office 25% of the time.';
    expect(record({ locations: ['Sydney'], description: text }).workplace).toBe('remote');
  });

  it('reads remote candidates welcomed beside the offices as remote, over a hybrid policy', () => {
    const policy = '\nOur hybrid policy: staff are in an office at least 25% of the time.';
    for (const offer of [
      'Fellows work from our London and Berkeley workspaces. We are also open to remote fellows in the UK, US, or Canada.',
      'This role is open to remote employees in the US.',
      'Remote candidates will also be considered.',
    ])
      expect(record({ locations: ['London'], description: offer + policy }).workplace, offer).toBe(
        'remote',
      );
    const closed = 'This role is not open to remote candidates.' + policy;
    expect(record({ locations: ['London'], description: closed }).workplace).toBe('hybrid');
  });

  it('reads "the role is hybrid" as hybrid at a remote-first company', () => {
    const text =
      'We are a remote-first company, but projects require onsite availability, making the role hybrid in practice.';
    expect(record({ locations: ['Germany'], description: text }).workplace).toBe('hybrid');
  });

  it('reads "we are a hybrid team" as the company, not the role', () => {
    const text = 'Why Acme?\nWe are a hybrid team with 1,500 people across North America.';
    expect(record({ locations: ['Remote (Canada)'], description: text }).workplace).toBe('remote');
  });

  it('reads days in person or at home a week as hybrid, five in the office as on site', () => {
    const hybrid = [
      'We work in person 4 days a week at our SF office.',
      'Based in our London office, with flexibility to work from home two days a week.',
      'Expect three days a week in the office.',
      'We are remote-first, but this role requires 2 days a week in our SF office.',
      'You are expected to be in the office at least 3 days a week.',
      'This role requires in-office presence 3 days per week.',
      'We are in-office 3x per week.',
      'You will work from our New York office three days a week.',
      'Our team works onsite Tuesday through Thursday.',
      'Our employees come into the office on Mondays, Wednesdays and Thursdays.',
      'Workplace type: Hybrid',
      'Work model: hybrid',
    ];
    for (const description of hybrid)
      expect(record({ locations: ['Austin, TX'], description }).workplace, description).toBe(
        'hybrid',
      );
    for (const description of [
      'You will be 5 days a week in the office.',
      'Our office is open Monday through Friday.',
    ])
      expect(record({ locations: ['Austin, TX'], description }).workplace, description).toBe(
        'onsite',
      );
  });

  it('reads office days for roles in another country, or for people nearby, as not this role’s', () => {
    const elsewhere =
      'For roles based in Bangalore, employees currently work in the office three days a week.';
    expect(record({ locations: ['Remote, Dubai'], description: elsewhere }).workplace).toBe(
      'remote',
    );
    expect(record({ locations: ['Bangalore, India'], description: elsewhere }).workplace).toBe(
      'hybrid',
    );
    const nearby =
      'If you’re based within commuting distance of our London office, the role includes in-office anchor days on Monday, Tuesday, and Friday.';
    expect(record({ locations: ['London'], description: nearby }).workplace).toBe('remote');
  });

  it('reads a role that can be done remotely as remote', () => {
    for (const description of [
      'This role can be performed remotely from anywhere in the US.',
      'You can work fully remotely.',
      'This role is eligible for remote work.',
      'This role is open to remote candidates.',
      'Work location: Remote',
      'This is a work-from-home position.',
      'Telecommuting is permitted for this role.',
      'This is a telework position.',
      'This role will be remote.',
      'This role can be based anywhere in the US.',
      'This is a remote-eligible role.',
      'This is a remote-first role; you can work from anywhere in the US.',
      'Remote work is available for this role.',
      'This role can be remote or based in one of our offices.',
      'Working location: Remote (United States)',
      'Workplace type: Remote',
      'You can work remotely from anywhere within Canada.',
    ])
      expect(record({ locations: ['Austin, TX'], description }).workplace, description).toBe(
        'remote',
      );
    for (const description of [
      'This role cannot be performed remotely.',
      'This role is not eligible for remote work.',
      'Our products help remote teams collaborate.',
      'Remote work is not available for this role.',
      'We are a remote-first company with a hub in Austin.',
    ])
      expect(record({ locations: ['Austin, TX'], description }).workplace, description).toBe(
        'onsite',
      );
  });

  it('reads a share of telecommuting permitted as hybrid', () => {
    const text = '40 hrs/week\n\n50% Telecommuting permitted.';
    expect(record({ locations: ['Chicago, IL'], description: text }).workplace).toBe('hybrid');
  });

  it('takes the text\u2019s home working over an on-site field', () => {
    const text =
      'This role is based in Lisbon.\nThere will be some in person meetings, but still flexibility to work from home.';
    expect(
      record({ locations: ['Lisbon'], workplace: 'onsite', description: text }).workplace,
    ).toBe('hybrid');
    expect(
      record({ locations: ['Lisbon'], description: 'This is not a remote position.' }).workplace,
    ).toBe('onsite');
  });
});

describe('the Greenhouse workplace field', () => {
  it('reads the board\u2019s workplace field by its usual names, also as a multi-select', () => {
    const read = (name: string, value: unknown) =>
      greenhouseJob('Denver, CO', ['Denver'], '', [{ name, value }]).workplace;
    expect(read('Workplace Type', ['Hybrid'])).toBe('hybrid');
    expect(read('Location Type', 'Remote')).toBe('remote');
    expect(read('Work Arrangement', 'In-Office')).toBe('onsite');
    expect(read('Workplace Type', ['Remote', 'Hybrid'])).toBe('remote');
    expect(read('Work Type', 'Hybrid (Travel-Required)')).toBe('hybrid');
    expect(read('Job Location Type', 'Remote or Hybrid')).toBe('remote');
    expect(read('Team', 'Remote')).toBe('onsite');
  });
});

describe('where the text places the role', () => {
  it('takes the offices "this role is based out of" over the API\u2019s one office', () => {
    const text = 'This role is based out of our Bellevue, Denver, or Mountain View office.';
    const job = record({ locations: ['Seattle'], countries: ['US'], description: text });
    expect(job.usStates).toEqual(['CA', 'CO', 'WA']);
  });

  it('takes the offices a role is "in", or to "work from", over the API\u2019s offices', () => {
    const text =
      'We are hiring a newly created Tax Advisory role in our Hong Kong or Singapore office.';
    const job = record({ locations: ['Singapore'], description: text });
    expect(job.countries).toEqual(['HK', 'SG']);
    const pittsburgh = 'Ability to work from our Pittsburgh, PA office';
    expect(
      record({ locations: ['New York, NY', 'Pittsburgh, PA'], description: pittsburgh }).usStates,
    ).toEqual(['PA']);
    const hubs =
      'This role is hybrid (onsite from our NYC, San Francisco, or Seattle hub location three days per week).';
    expect(record({ locations: ['New York City'], description: hubs }).usStates).toEqual([
      'CA',
      'NY',
      'WA',
    ]);
    const team = 'You will join a team of engineers in our Denver office.';
    expect(record({ locations: ['Seattle'], description: team }).usStates).toEqual(['WA']);
  });

  it('takes the one office the role "will be based in" over every office the API lists', () => {
    const offices = ['New York, NY', 'Salt Lake City, UT', 'San Francisco, CA', 'Vancouver'];
    const basedIn = (location: string, office: string) =>
      record({
        locations: [location, ...offices],
        description: `This role will be based in our ${office} office.`,
      });
    expect(basedIn('San Francisco, California, United States', 'SF')).toMatchObject({
      countries: ['US'],
      usStates: ['CA'],
    });
    expect(basedIn('Salt Lake City, Utah, United States', 'SLC')).toMatchObject({
      countries: ['US'],
      usStates: ['UT'],
    });
    expect(basedIn('Vancouver, British Columbia, Canada', 'Vancouver')).toMatchObject({
      countries: ['CA'],
      usStates: [],
    });
  });

  it('keeps to the office the text says the role is exclusively based in', () => {
    const text = 'This role is exclusively based in our Denver HQ. We offer relocation.';
    const job = record({ locations: ['Denver', 'Boston', 'Seattle'], description: text });
    expect(job).toMatchObject({ usStates: ['CO'], cities: ['Denver, CO, US'] });
  });

  it('keeps the offices when the text only says the country they are in', () => {
    const text = 'This role is based in the United States.';
    expect(record({ locations: ['Denver, CO', 'Boston, MA'], description: text }).usStates).toEqual(
      ['CO', 'MA'],
    );
  });

  it('reads a remote role hiring from all time zones as worldwide over the API\u2019s country', () => {
    const text = 'We are fully remote. We welcome applicants from all time zones.';
    const job = record({
      locations: ['Remote'],
      countries: ['US'],
      workplace: 'remote',
      description: text,
    });
    expect(job).toMatchObject({ countries: [], regions: ['worldwide'] });
    expect(
      record({ locations: ['Remote'], countries: ['US'], workplace: 'remote' }).countries,
    ).toEqual(['US']);
  });

  it('reads Ashby regions as the regions, the address country only standing in for them', () => {
    const job = {
      id: 'a1',
      title: 'Designer',
      location: 'North America',
      secondaryLocations: [
        { location: 'Europe', address: { postalAddress: { addressCountry: 'European Union' } } },
      ],
      isRemote: true,
      workplaceType: 'Remote',
      address: { postalAddress: { addressCountry: 'United States' } },
      jobUrl: 'https://jobs.example.com/fictional/a1',
      descriptionPlain: 'Design our website.',
    };
    const parsed = parseAshbyBoard({ jobs: [job] }, { source: 'ashby', token: 'f' }, seenAt);
    expect(parsed.ok && parsed.jobs[0]).toMatchObject({
      countries: [],
      regions: ['north-america', 'europe'],
      usEligibility: 'remote-us',
    });
  });
});

describe('a whole country or state at a distributed company', () => {
  const distributed = 'As a distributed company, we hire wherever you are. Sell our product.';

  it('reads a location naming only a country or a state as remote within it', () => {
    expect(greenhouseJob('Germany', ['Germany'], distributed)).toMatchObject({
      workplace: 'remote',
      countries: ['DE'],
      usEligibility: 'not-us',
    });
    expect(greenhouseJob('Oregon, United States', ['United States'], distributed)).toMatchObject({
      workplace: 'remote',
      countries: ['US'],
      usStates: ['OR'],
    });
    // Remote from one state only is open to the people in that state, not to the whole US.
    expect(greenhouseJob('Oregon, United States', [], distributed).usEligibility).toBe('us');
    expect(greenhouseJob('United States', [], distributed).usEligibility).toBe('remote-us');
    expect(
      record({ locations: ['Canada'], description: 'We are a remote-first company.' }).workplace,
    ).toBe('remote');
  });

  it('keeps a city, a company that does not say it, and a stated arrangement on site', () => {
    expect(greenhouseJob('Munich, Germany', ['Germany'], distributed).workplace).toBe('onsite');
    expect(greenhouseJob('Germany', ['Germany'], 'Sell our product.').workplace).toBe('onsite');
    expect(greenhouseJob('Germany', [], `${distributed} This is a hybrid role.`).workplace).toBe(
      'hybrid',
    );
    const builds = 'You know distributed systems and have worked in a distributed team.';
    expect(greenhouseJob('Germany', [], builds).workplace).toBe('onsite');
  });
});

describe('a Greenhouse field naming the places a role may be remote from', () => {
  it('reads the role as remote from the field\u2019s places as well as its location', () => {
    const field = { name: 'Target Remote Countries / States', value: ['Austria', 'Switzerland'] };
    expect(greenhouseJob('Germany', ['Germany'], '', [field])).toMatchObject({
      workplace: 'remote',
      countries: ['AT', 'CH', 'DE'],
    });
    const states = { name: 'Remote Locations', value: ['Maryland, US', 'Washington, DC, US'] };
    expect(greenhouseJob('Arlington, VA', [], '', [states])).toMatchObject({
      workplace: 'remote',
      usStates: ['DC', 'MD', 'VA'],
      usEligibility: 'us',
    });
  });

  it('leaves an empty field, or one naming no place, to the rest of the posting', () => {
    const empty = { name: 'Target Remote Countries', value: [] };
    expect(greenhouseJob('Germany', ['Germany'], '', [empty]).workplace).toBe('onsite');
    const notPlace = { name: 'Remote Location Policy', value: 'Quarterly offsites' };
    expect(greenhouseJob('Germany', ['Germany'], '', [notPlace]).workplace).toBe('onsite');
  });
});

describe('a place from separate city, region and country fields', () => {
  it('keeps a city named like its US state a city, and drops other repeated regions', () => {
    expect(placeText('New York', 'New York', 'United States')).toBe(
      'New York, New York, United States',
    );
    expect(placeText('Utrecht', 'Utrecht', 'Netherlands')).toBe('Utrecht, Netherlands');
  });
});

describe('a city after its country', () => {
  it('places "Panama, Panama City" in Panama, not in Florida', () => {
    expect(record({ locations: ['Panama, Panama City'] })).toMatchObject({
      countries: ['PA'],
      usStates: [],
      usEligibility: 'not-us',
    });
    expect(record({ locations: ['Mexico, Mexico City'] }).cities).toEqual(['Mexico City, MX']);
  });
});

describe('codes that are not countries', () => {
  it('reads a two-letter code after a city it does not fit as a district: "Bangalore - EC"', () => {
    expect(record({ locations: ['Bangalore - EC'] }).countries).toEqual(['IN']);
    // A code the city is in, or after no city at all, is still the country.
    expect(record({ locations: ['Toronto - CA'] }).countries).toEqual(['CA']);
    expect(record({ locations: ['Remote - EC'] }).countries).toEqual(['EC']);
  });
});

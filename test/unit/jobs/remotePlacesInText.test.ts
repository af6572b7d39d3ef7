import { describe, expect, it } from 'vitest';
import { readPosting as record } from '../../support/postingDraft';

/** Fictional remote postings shaped like real ones: where their text says people may work from. */
describe('the places a remote role\u2019s text names', () => {
  it('reads the places a remote role\u2019s text opens it to or limits it to', () => {
    const cases = [
      ['We hire remotely across the US.', { countries: ['US'], usEligibility: 'remote-us' }],
      ['Open to remote candidates in the US.', { countries: ['US'], usEligibility: 'remote-us' }],
      ['This position is open to US residents only.', { countries: ['US'] }],
      ['This is a remote role open to candidates in Canada.', { countries: ['CA'] }],
      ['Remote within Europe.', { regions: ['europe'], usEligibility: 'not-us' }],
      ['You can work from anywhere in Latin America.', { regions: ['latam'] }],
      // Another country's states read as cities: no place is taken from them.
      ['Remote within NSW, VIC, or ACT.', { regions: ['worldwide'] }],
      ['Candidates must be located in the Eastern time zone.', { countries: ['US'] }],
      ['You must reside in one of the following states: CA, NY, TX.', { countries: ['US'] }],
      ['We serve customers in the Pacific Time zone.', { regions: ['worldwide'] }],
      ['Candidates must be based in the EU.', { regions: ['europe'], usEligibility: 'not-us' }],
      [
        'We can only hire in the following countries: Germany, Spain, Portugal.',
        { countries: ['DE', 'ES', 'PT'], usEligibility: 'not-us' },
      ],
      ['We are able to hire in the US, Canada and the UK.', { countries: ['CA', 'GB', 'US'] }],
      ['This is a remote position for candidates in India.', { countries: ['IN'] }],
      ['Location: Remote (US only)', { countries: ['US'], usEligibility: 'remote-us' }],
      [
        'You must be located within GMT-3 to GMT+3.',
        { regions: ['emea', 'latam'], usEligibility: 'not-us' },
      ],
      ['Candidates should be based in UTC+1 +/- 2 hours.', { regions: ['emea'] }],
      ['Our team meets at 9am GMT.', { regions: ['worldwide'] }],
      // A preference limits no one.
      ['US-based candidates preferred.', { regions: ['worldwide'] }],
      ['Candidates based in the US are preferred.', { regions: ['worldwide'] }],
      ['Located in the Eastern time zone is a plus.', { regions: ['worldwide'] }],
      ['You must be US-based.', { countries: ['US'], usEligibility: 'remote-us' }],
      ['Candidates must reside in the United States or Canada.', { countries: ['CA', 'US'] }],
      [
        'You must be located in one of the following states: CA, WA, OR, NY.',
        { countries: ['US'], usStates: ['CA', 'NY', 'OR', 'WA'] },
      ],
    ] as const;
    for (const [description, where] of cases)
      expect(record({ locations: ['Remote'], description }), description).toMatchObject(where);
  });

  it('binds a remote role to the US states its text limits it to, the whole list', () => {
    const twelve =
      'Arizona, California, Colorado, Florida, Georgia, Illinois, Massachusetts, New York, North Carolina, Texas, Utah, and Washington';
    const cases = [
      [
        'We are currently only hiring in the following states: California, Texas, and Washington.',
        ['CA', 'TX', 'WA'],
      ],
      // "NY" before "TX" is the state, not a city of New York in Texas.
      ['We are only able to hire in CA, NY, TX, and FL at this time.', ['CA', 'FL', 'NY', 'TX']],
      ['We can hire in the following states:\n- Arizona\n- Colorado\n- Utah', ['AZ', 'CO', 'UT']],
      [
        `At this time we can only hire in the following states: ${twelve}. This list may change.`,
        ['AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'MA', 'NC', 'NY', 'TX', 'UT', 'WA'],
      ],
      ['You must reside in one of the following states: CA, NY, TX.', ['CA', 'NY', 'TX']],
    ] as const;
    for (const [description, usStates] of cases)
      expect(
        record({ locations: ['Remote - United States'], description }),
        description,
      ).toMatchObject({ workplace: 'remote', countries: ['US'], usStates, usEligibility: 'us' });
    // A country is no such limit: the role stays remote anywhere in the US.
    expect(
      record({ locations: ['Remote'], description: 'We are only hiring in the United States.' }),
    ).toMatchObject({ countries: ['US'], usStates: [], usEligibility: 'remote-us' });
  });

  it('reads the US states a remote role must be based out of, beside its own state', () => {
    const cases = [
      [
        'This is a full-time, remote position and must be based out of the US in NJ, NY, or PA.',
        ['NJ', 'NY', 'PA'],
      ],
      [
        'This is a full-time, remote position and must be based out of Ohio, Michigan or Indiana.',
        ['IN', 'MI', 'OH'],
      ],
    ] as const;
    for (const [description, usStates] of cases)
      expect(
        record({ locations: ['Remote, Pennsylvania, United States'], description }),
        description,
      ).toMatchObject({
        workplace: 'remote',
        countries: ['US'],
        usStates: [...new Set(['PA', ...usStates])].sort(),
        cities: [],
      });
  });
});

import { describe, expect, it } from 'vitest';
import { readPlaces } from '../../../server/jobs/normalise/places';
import { readPosting as record } from '../../support/postingDraft';

/** Fictional postings shaped like real ones: places as boards group and limit them. */
describe('places as boards write them', () => {
  it('reads a region ending an address as the board\u2019s grouping, not a wider place', () => {
    expect(record({ locations: ['Dublin, Dublin, Ireland, EMEA'] })).toMatchObject({
      countries: ['IE'],
      regions: [],
    });
    expect(
      record({ locations: ['Remote, United Kingdom, EMEA'], workplace: 'remote' }),
    ).toMatchObject({ countries: ['GB'], regions: [] });
    // A list of places that ends in a region keeps it: the role may be done there too.
    expect(
      record({ locations: ['Remote - US, Canada, Europe'], workplace: 'remote' }).regions,
    ).toEqual(['europe']);
  });

  it('leaves the options to the offices when the location names only the arrangement', () => {
    const offices = ['Denver, CO', 'Remote US', 'San Francisco, CA'];
    expect(record({ locations: ['Hybrid'], offices })).toMatchObject({
      workplace: 'remote',
      countries: ['US'],
    });
    expect(record({ locations: ['Hybrid'], offices: ['Remote Switzerland'] })).toMatchObject({
      workplace: 'remote',
      countries: ['CH'],
      usEligibility: 'not-us',
    });
    expect(record({ locations: ['Hybrid'], offices: ['Austin, TX'] }).workplace).toBe('hybrid');
    // A location naming a place keeps its own arrangement over a remote office.
    expect(
      record({ locations: ['Hybrid - Austin, TX'], offices: ['Remote - United States'] }).workplace,
    ).toBe('hybrid');
  });

  it('takes the office "a full-time position based out of" over the API\u2019s offices', () => {
    const description =
      'This is a full-time position based out of our Dublin office.\nOur hybrid work model includes two days in the office each week.';
    expect(
      record({ locations: ['Dublin, Ireland'], offices: ['GBR - Remote'], description }),
    ).toMatchObject({
      countries: ['IE'],
      cities: ['Dublin, IE'],
    });
  });

  it('reads a remote location in named countries as the posting\u2019s own, over its offices', () => {
    const remoteIn = (location: string) =>
      record({ locations: [location], offices: ['Canada', 'Mexico', 'US'] });
    expect(remoteIn('Remote - Canada: Select locations')).toMatchObject({
      countries: ['CA'],
      usEligibility: 'not-us',
    });
    expect(remoteIn('Remote - Mexico').countries).toEqual(['MX']);
    expect(remoteIn('Remote - US: Select locations').countries).toEqual(['US']);
  });

  it('reads the only places a remote role hires in over an office in another country', () => {
    const description =
      'This role is remote. Currently, we are only hiring in the following provinces: Ontario, Alberta, British Columbia, and Nova Scotia.';
    expect(
      record({
        locations: ['Canada - Remote (ON Only)'],
        offices: ['Remote - United States'],
        description,
      }),
    ).toMatchObject({ countries: ['CA'], usEligibility: 'not-us' });
  });

  it('reads Ontario written as its code in capitals, and a part of the US by its compass point', () => {
    expect(record({ locations: ['London, ON'] })).toMatchObject({
      countries: ['CA'],
      cities: ['London, CA'],
    });
    expect(record({ locations: ['Cambridge, ON'] }).countries).toEqual(['CA']);
    expect(record({ locations: ['Remote - US East'] })).toMatchObject({
      workplace: 'remote',
      countries: ['US'],
      usEligibility: 'remote-us',
    });
  });

  it('reads a role the text calls hybrid as hybrid, though a "Remote" location is listed beside its offices', () => {
    const text =
      'This is a hybrid role with the expectation to work onsite from our San Francisco or Seattle hub locations three days per week.';
    const locations = ['San Francisco', 'Seattle', 'Remote'];
    expect(record({ locations, description: text }).workplace).toBe('hybrid');
    // Only the role's own words count: a pay line "for this position is" then "Hybrid" is not one.
    const pay = 'The base compensation range for this position is\n\nHybrid Commitment: $161,000';
    expect(record({ locations, description: pay }).workplace).toBe('remote');
  });

  it('reads Oregon written as its code in capitals, which is also a how-word', () => {
    expect(record({ locations: ['Remote - OR'] })).toMatchObject({
      workplace: 'remote',
      usStates: ['OR'],
    });
    expect(record({ locations: ['Remote - WA, OR'] }).usStates).toEqual(['OR', 'WA']);
    // Not the word "or", nor "in" before a place.
    expect(record({ locations: ['Seattle, WA or Remote'] }).usStates).toEqual(['WA']);
    expect(record({ locations: ['In office - Seattle, WA'] }).usStates).toEqual(['WA']);
  });
});

describe('place strings a hostile board may send', () => {
  it('reads a location of 20,000 state codes as a list, the group judged once', () => {
    const location = 'GA, '.repeat(20_000);
    expect(readPlaces([location])).toMatchObject({ countries: ['US'], usStates: ['GA'] });
  });
});

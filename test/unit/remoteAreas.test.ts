import { describe, expect, it } from 'vitest';
import { regionsOfCountry } from '../../server/jobs/normalise/countryRegions';
import {
  isCountryCode,
  jobRemoteAreas,
  seekerRemoteAreas,
} from '../../server/jobs/store/remoteAreas';
import { acceptedEligibilities } from '../../server/matching/locationRule';

const nowhere = { remoteUs: false, remoteWorldwide: false, usStates: [], usCities: [] };

describe('the regions a country is in', () => {
  it('reads the UN regions: Europe is also EMEA, Western Asia EMEA, the rest of Asia APAC', () => {
    expect(regionsOfCountry('DE')).toEqual(['europe', 'emea']);
    expect(regionsOfCountry('IL')).toEqual(['emea']);
    expect(regionsOfCountry('NG')).toEqual(['emea']);
    expect(regionsOfCountry('IN')).toEqual(['apac']);
    expect(regionsOfCountry('AU')).toEqual(['apac']);
  });

  it('puts the Americas apart: North America with Mexico, Latin America without the US and Canada', () => {
    expect(regionsOfCountry('US')).toEqual(['americas', 'north-america']);
    expect(regionsOfCountry('CA')).toEqual(['americas', 'north-america']);
    expect(regionsOfCountry('MX')).toEqual(['americas', 'north-america', 'latam']);
    expect(regionsOfCountry('BR')).toEqual(['americas', 'latam']);
  });

  it('knows no region for a code that is no country', () => {
    expect(regionsOfCountry('ZZ')).toEqual([]);
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('de')).toBe(false);
    expect(isCountryCode('DE')).toBe(true);
  });
});

describe('remote areas', () => {
  it('a remote posting is open to its countries and regions; an office job to none', () => {
    expect(jobRemoteAreas({ remote: true, countries: ['DE', 'FR'], regions: [] })).toEqual([
      'DE',
      'FR',
    ]);
    expect(jobRemoteAreas({ remote: true, countries: [], regions: ['europe'] })).toEqual([
      'europe',
    ]);
    expect(jobRemoteAreas({ remote: false, countries: ['DE'], regions: [] })).toEqual([]);
  });

  it('a seeker abroad who takes remote work near them accepts their country and its regions', () => {
    expect(seekerRemoteAreas({ ...nowhere, remoteUs: true, country: 'DE' })).toEqual([
      'DE',
      'europe',
      'emea',
    ]);
    expect(seekerRemoteAreas({ ...nowhere, country: 'DE' })).toEqual([]);
  });

  it('a US resident, named or not, accepts none: the US rule serves them as before', () => {
    expect(seekerRemoteAreas({ ...nowhere, remoteUs: true })).toEqual([]);
    expect(seekerRemoteAreas({ ...nowhere, remoteUs: true, country: 'US' })).toEqual([]);
  });
});

describe('the location rule for a seeker outside the US', () => {
  it('takes only remote from anywhere by US eligibility, never remote in the US', () => {
    const abroad = { ...nowhere, country: 'DE' };
    expect(acceptedEligibilities({ ...abroad, remoteUs: true }).byRemote).toEqual([
      'remote-worldwide',
    ]);
    expect(acceptedEligibilities({ ...abroad, remoteWorldwide: true }).byRemote).toEqual([
      'remote-worldwide',
    ]);
    expect(acceptedEligibilities({ ...nowhere, country: 'US', remoteUs: true }).byRemote).toEqual([
      'remote-worldwide',
      'remote-us',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { profilePlaces, usPlacesOfRecord } from '../../../server/jobs/store/usPlaces';
import { readPosting } from '../../support/postingDraft';

const keysOf = (locations: string[]) => usPlacesOfRecord(readPosting({ locations }));

describe('US place keys', () => {
  it('keys a posting\u2019s "city, state" by code or by name, and a state named alone', () => {
    expect(keysOf(['San Francisco, CA'])).toEqual(['CA', 'CA/san francisco']);
    expect(keysOf(['Austin, Texas, United States'])).toEqual(['TX', 'TX/austin']);
    expect(keysOf(['California, USA'])).toEqual(['CA']);
    expect(keysOf(['New York, NY', 'Chicago, IL']).sort()).toEqual([
      'IL',
      'IL/chicago',
      'NY',
      'NY/new york',
    ]);
  });

  it('finds none in remote, foreign or state-less locations', () => {
    expect(keysOf(['Remote - US', 'London, UK', 'Toronto, ON', 'Berlin'])).toEqual([]);
  });

  it('gives a profile the same keys for the same places', () => {
    expect(profilePlaces(['CA'], [{ city: ' San  Francisco', state: 'CA' }])).toEqual([
      'CA',
      'CA/san francisco',
    ]);
  });
});

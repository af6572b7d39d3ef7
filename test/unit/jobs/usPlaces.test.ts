import { describe, expect, it } from 'vitest';
import { profilePlaces, usPlacesOf } from '../../../server/jobs/store/usPlaces';

describe('US place keys', () => {
  it('reads "city, state" by code or by name, and a state named alone', () => {
    expect(usPlacesOf(['San Francisco, CA'])).toEqual(['CA', 'CA/san francisco']);
    expect(usPlacesOf(['Austin, Texas, United States'])).toEqual(['TX', 'TX/austin']);
    expect(usPlacesOf(['California, USA'])).toEqual(['CA']);
    expect(usPlacesOf(['New York, NY', 'Chicago, IL'])).toEqual([
      'NY',
      'NY/new york',
      'IL',
      'IL/chicago',
    ]);
  });

  it('finds none in remote, foreign or state-less locations', () => {
    expect(usPlacesOf(['Remote - US', 'London, UK', 'Toronto, ON', 'Berlin'])).toEqual([]);
  });

  it('gives a profile the same keys for the same places', () => {
    expect(profilePlaces(['CA'], [{ city: ' San  Francisco', state: 'CA' }])).toEqual([
      'CA',
      'CA/san francisco',
    ]);
  });
});

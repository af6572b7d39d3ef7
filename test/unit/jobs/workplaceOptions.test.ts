import { describe, expect, it } from 'vitest';
import { readPosting as record } from '../../support/postingDraft';

/** Fictional postings shaped like real ones: the company's arrangements beside the role's own. */
describe('a company naming every arrangement it allows', () => {
  it('reads the role\u2019s own arrangement, not the company\u2019s list of options', () => {
    const policy =
      'Our goal is to ensure that all members of our team can contribute effectively, whether they are working on-site, in a hybrid model, or fully remotely.';
    const remote = `This is a remote position open to candidates residing in the US.\n${policy}`;
    expect(record({ locations: ['Salt Lake City, UT'], description: remote }).workplace).toBe(
      'remote',
    );
    const hybrid = `This is a hybrid role, three days a week in our Denver office.\n${policy}`;
    expect(record({ locations: ['Denver, CO'], description: hybrid }).workplace).toBe('hybrid');
  });
});

describe('the arrangement as a board lays it out', () => {
  it('reads a "Location:" line offering remote beside a preferred office as remote', () => {
    const description = 'Location:\nNew York Preferred, Remote\n\nWhat you will do';
    expect(record({ locations: ['New York City, NY'], description }).workplace).toBe('remote');
    const notRemote = 'Location:\nNew York (not remote)\n\nWhat you will do';
    expect(record({ locations: ['New York City, NY'], description: notRemote }).workplace).toBe(
      'onsite',
    );
  });

  it('reads remote offered as one of two arrangements as remote', () => {
    const description =
      'This role can either be fully remote depending on where you live in Germany, or based in our Munich office with an office-centric hybrid schedule.';
    expect(record({ locations: ['Germany - Remote'], description }).workplace).toBe('remote');
  });

  it.each([
    [
      'office days "on designated days approximately" a week',
      'Denver, CO',
      'Employees based in those locations will be expected to work from the office on designated days approximately 2-3 days per week.',
    ],
    [
      'office days at an office of a three-word city, over a LinkedIn tag',
      'New York City, NY',
      'This role is required to work in person from our New York City office 1-2 days per week.\n#LI-onsite',
    ],
    [
      'days of remote work a week',
      'Atlanta, GA',
      'This role offers the flexibility to work remotely up to two days per week.',
    ],
    [
      'office days given as a range up to five, at either of two offices',
      'Austin, TX',
      'Available for a full-time internship, working from our Austin or San Francisco office 3-5 days a week during the summer.',
    ],
    [
      'office days given as a range up to five',
      'Austin, TX',
      'In office 3-5 days a week in Austin, TX',
    ],
  ])('reads %s as hybrid', (_form, location, description) => {
    expect(record({ locations: [location], description }).workplace).toBe('hybrid');
  });

  it('reads a remote location over the company\u2019s office policy for those near an office', () => {
    const policy =
      'Our in-office work policy: four days a week in the office and Fridays from home for those near one of our offices.';
    expect(record({ locations: ['Remote, USA'], description: policy }).workplace).toBe('remote');
    expect(record({ locations: ['San Francisco, CA, USA'], description: policy }).workplace).toBe(
      'hybrid',
    );
  });
});

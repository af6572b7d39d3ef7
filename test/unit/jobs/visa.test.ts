import { describe, expect, it } from 'vitest';
import { readPosting as record } from '../../support/postingDraft';

/** Fictional postings shaped like real ones: what they say of visa sponsorship. */
describe('visa', () => {
  it.each([
    ['- Right to work in the UK is required.', 'no'],
    ['Candidates must be legally authorized to work in the United States.', 'no'],
    ['You must have the right to work in Germany.', 'no'],
    ['We will work with successful candidates to support the visa application process.', 'yes'],
    ['We can sponsor visas. You must be authorized to work in the US by your start date.', 'yes'],
    ['Our customers are eligible to work with us in many countries.', 'not-said'],
    ['We do not offer relocation or visa sponsorship for this role.', 'no'],
    ['Applicants must be currently authorized to work in the United States full time.', 'no'],
    ['Applicants who require visa sponsorship now or in the future will not be considered.', 'no'],
    ['You must hold valid work authorization in Canada.', 'no'],
    ['This role is eligible for visa sponsorship.', 'yes'],
    ['This position is not eligible for visa sponsorship.', 'no'],
    ['We support H-1B transfers.', 'yes'],
    ['We provide H-1B sponsorship for qualified candidates.', 'yes'],
    ['We do not provide H-1B sponsorship.', 'no'],
    ['We are open to sponsoring the right candidate.', 'yes'],
    ['We are open to candidates who need visa sponsorship.', 'yes'],
    ['We are not open to candidates who need visa sponsorship.', 'no'],
    ['Visa sponsorship: Yes', 'yes'],
    ['Visa sponsorship: No', 'no'],
    ['Sponsorship available: No', 'no'],
    // A clearance only citizens may hold.
    ['- Australian security clearance (NV1 minimum) is mandatory.', 'no'],
    // Citizens and permanent residents only, as export control asks.
    ['Required: US Citizen or a Green Card holder (mandatory for ITAR)', 'no'],
    ['Applicants must be a U.S. person as defined by ITAR.', 'no'],
    ['U.S. citizenship or lawful permanent residence is needed.', 'no'],
    // Export control's licence, not a work visa.
    [
      'Any offer may be conditioned on your authorization to receive technology controlled under U.S. export laws without sponsorship for an export license.',
      'not-said',
    ],
    ['We do not sponsor visas, nor seek sponsorship for an export license.', 'no'],
  ] as const)('%s -> %s', (description, visa) => {
    expect(record({ description }).visa).toBe(visa);
  });
});

import type { AlertProfileInput, MinSalary } from '../../../contract';

/** A salary floor in US dollars a year, as every floor was before currencies. */
export const usdYear = (amount: number): MinSalary => ({ amount, currency: 'USD', period: 'year' });

export function validProfile(changes: Partial<AlertProfileInput> = {}): AlertProfileInput {
  return {
    targetRoles: ['Backend Engineer'],
    skills: ['TypeScript', 'PostgreSQL'],
    where: {
      remoteUs: true,
      remoteWorldwide: false,
      usStates: ['CA'],
      usCities: [{ city: 'Austin', state: 'TX' }],
    },
    seniority: 'senior',
    minSalary: usdYear(150_000),
    needsVisaSponsorship: false,
    ...changes,
  };
}

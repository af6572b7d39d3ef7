import type { AlertProfileInput } from '../../../contract';

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
    minSalaryUsd: 150_000,
    needsVisaSponsorship: false,
    ...changes,
  };
}

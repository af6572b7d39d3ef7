import type { AlertProfileInput } from '../../../contract';
import { validProfile } from './profiles';

/** The job-board stand-in's generated "Frontend Engineer" (React, TypeScript and GraphQL; New York, NY). */
export const FITS_THE_FRONTEND_ROLE: AlertProfileInput = validProfile({
  targetRoles: ['Frontend Engineer'],
  skills: ['React', 'TypeScript', 'GraphQL'],
  where: {
    remoteUs: false,
    remoteWorldwide: false,
    usStates: [],
    usCities: [{ city: 'New York', state: 'NY' }],
  },
  seniority: 'mid',
  minSalary: { amount: 120_000, currency: 'USD', period: 'year' },
});

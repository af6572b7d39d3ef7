import { PROFILE_LIMITS, SENIORITIES, US_STATE_CODES } from '../../contract';
import { SAFE_TEXT_PATTERN } from '../http/text';

/** Safe text; whether it is blank once cleaned is the normaliser's check (normaliseProfile.ts). */
const nonBlank = (maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, pattern: SAFE_TEXT_PATTERN }) as const;

const usState = { type: 'string', enum: US_STATE_CODES } as const;

/** The JSON schema of `PUT /v1/profile` (AlertProfileInput): closed objects, bounded everywhere. */
export const alertProfileInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['targetRoles', 'skills', 'where', 'seniority', 'minSalaryUsd', 'needsVisaSponsorship'],
  properties: {
    targetRoles: {
      type: 'array',
      maxItems: PROFILE_LIMITS.targetRoles,
      items: nonBlank(PROFILE_LIMITS.roleLength),
    },
    skills: {
      type: 'array',
      maxItems: PROFILE_LIMITS.skills,
      items: nonBlank(PROFILE_LIMITS.skillLength),
    },
    where: {
      type: 'object',
      additionalProperties: false,
      required: ['remoteUs', 'remoteWorldwide', 'usStates', 'usCities'],
      properties: {
        remoteUs: { type: 'boolean' },
        remoteWorldwide: { type: 'boolean' },
        usStates: {
          type: 'array',
          maxItems: PROFILE_LIMITS.usStates,
          uniqueItems: true,
          items: usState,
        },
        usCities: {
          type: 'array',
          maxItems: PROFILE_LIMITS.usCities,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['city', 'state'],
            properties: { city: nonBlank(PROFILE_LIMITS.cityLength), state: usState },
          },
        },
      },
    },
    seniority: { type: 'string', enum: SENIORITIES },
    minSalaryUsd: {
      anyOf: [
        { type: 'integer', minimum: 0, maximum: PROFILE_LIMITS.maxSalaryUsd },
        { type: 'null' },
      ],
    },
    needsVisaSponsorship: { type: 'boolean' },
  },
} as const;

import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * What happens to the guest's work when its user signs in to an existing account:
 * - replace: each thing the guest has (profile, CV) replaces the account's;
 * - merge: lists are joined (roles, skills, states, cities), remote flags and visa need are OR-ed,
 *   the account's seniority and minimum salary win unless it has none; the account's CV wins if it
 *   has one; with no account profile the guest's is taken whole;
 * - leave: the guest's work is discarded.
 * In every mode the guest's rows and its anonymous Firebase user are deleted.
 */
export const CARRY_OVER_MODES = ['replace', 'merge', 'leave'] as const;
export type CarryOverMode = (typeof CARRY_OVER_MODES)[number];

/** `POST /v1/carry-over`, with the ACCOUNT's ID token in Authorization. */
export const carryOverRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['guestIdToken', 'mode'],
  properties: {
    guestIdToken: {
      type: 'string',
      description: "The guest's ID token, captured before the switch.",
      minLength: 1,
      maxLength: 8192,
    },
    mode: { type: 'string', enum: CARRY_OVER_MODES },
  },
} as const satisfies JSONSchema;
export type CarryOverRequest = FromSchema<typeof carryOverRequestSchema>;

/** A retry by the same account for the same guest answers the same body. */
export const carryOverResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mode', 'carriedProfile', 'carriedCv', 'completedAt'],
  properties: {
    mode: { type: 'string', enum: CARRY_OVER_MODES },
    carriedProfile: {
      type: 'boolean',
      description: "Whether the guest's profile ended up in the account.",
    },
    carriedCv: { type: 'boolean', description: "Whether the guest's CV ended up in the account." },
    completedAt: { type: 'string', description: 'ISO 8601.' },
  },
} as const satisfies JSONSchema;
export type CarryOverResponse = FromSchema<typeof carryOverResponseSchema>;

/** `DELETE /v1/account`: needs a sign-in within the last 5 minutes. */
export const deleteAccountResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['deleted'],
  properties: { deleted: { type: 'boolean', const: true } },
} as const satisfies JSONSchema;
export type DeleteAccountResponse = FromSchema<typeof deleteAccountResponseSchema>;

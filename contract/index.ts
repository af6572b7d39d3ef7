/**
 * The product backend's HTTP contract: the one module `server/` and `src/` share, written by topic
 * in this folder's files. It imports nothing from either side (only json-schema-to-ts's types).
 * Each request and answer is a JSON schema (`...Schema`, `as const`) that the routes validate and
 * serialise with, and its TypeScript type is derived from it (`FromSchema`): the two cannot drift.
 * Every route but `GET /health`, `GET /v1/push/key` and the payment provider's webhook needs
 * `Authorization: Bearer <Firebase ID token>`.
 * Every error answer is an `ApiError` whose status and message come from `API_ERRORS`.
 * `reasonStanding.ts` (where a match's reason belongs on the card and in the e-mail) is imported on
 * its own, not through this index: the entry chunk holds the index, and only /matches needs it.
 */

import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** `GET /health`, no token needed. */
export const healthResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', const: 'ok' } },
} as const satisfies JSONSchema;
export type HealthResponse = FromSchema<typeof healthResponseSchema>;

export * from './account';
export * from './errors';
export * from './follows';
export * from './matches';
export * from './plans';
export * from './profile';
export * from './push';
export * from './text';
export * from './matchActions';

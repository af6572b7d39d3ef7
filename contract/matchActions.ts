import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { profileSlotSchema } from './profile';

/** Why a seeker hides a match: the job is in the wrong place, at the wrong level or pay, the wrong role, or at a company they skip. */
export const HIDE_REASONS = ['place', 'level', 'pay', 'role', 'company'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

// Shared parts are referenced, never spread (a spread stays in the front end's bundle even
// unused), but for the one pure call below.
const savedSchema = { type: 'boolean' } as const satisfies JSONSchema;
const appliedOnSchema = {
  type: ['string', 'null'],
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
} as const satisfies JSONSchema;
const hideReasonOrNullSchema = /* @__PURE__ */ (() =>
  ({ type: ['string', 'null'], enum: [...HIDE_REASONS, null] }) as const satisfies JSONSchema)();

/**
 * What the seeker did with one match, as a whole (send every field). `appliedOn` is the day they
 * applied (`YYYY-MM-DD`), `hidden` the reason it is hidden. A job with nothing kept (not saved,
 * not applied, not hidden) is forgotten.
 */
export const putMatchActionRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['saved', 'appliedOn', 'hidden'],
  properties: { saved: savedSchema, appliedOn: appliedOnSchema, hidden: hideReasonOrNullSchema },
} as const satisfies JSONSchema;
/** `PUT /v1/matches/{jobId}/action?slot=N`: see `putMatchActionRequestSchema`. */
export type PutMatchActionRequest = FromSchema<typeof putMatchActionRequestSchema>;

/**
 * The body `PUT /v1/matches/{jobId}/action` validates: `PutMatchActionRequest` with any short
 * reason, which the route checks itself so an unknown one gets its own code
 * (`match-hide-reason-invalid`).
 */
export const putMatchActionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['saved', 'appliedOn', 'hidden'],
  properties: {
    saved: savedSchema,
    appliedOn: appliedOnSchema,
    hidden: { type: ['string', 'null'], maxLength: 20 },
  },
} as const satisfies JSONSchema;

/** The job of `PUT /v1/matches/{jobId}/action`: a positive whole number, as path text (not coerced). */
export const matchActionParamsSchema = {
  type: 'object',
  required: ['jobId'],
  properties: { jobId: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } },
} as const satisfies JSONSchema;

/** One match the seeker acted on, with enough of the job to list it in the Saved or Applied view. */
export const matchActionSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'jobId',
    'title',
    'company',
    'applyUrl',
    'closed',
    'updatedAt',
    'saved',
    'appliedOn',
    'hidden',
  ],
  properties: {
    saved: savedSchema,
    appliedOn: appliedOnSchema,
    hidden: hideReasonOrNullSchema,
    jobId: { type: 'integer' },
    title: { type: 'string' },
    company: { type: 'string' },
    applyUrl: { type: 'string' },
    closed: { type: 'boolean', description: 'The posting is no longer open.' },
    updatedAt: { type: 'string', description: 'When the action last changed (ISO 8601).' },
  },
} as const satisfies JSONSchema;
export type MatchAction = FromSchema<typeof matchActionSchema>;

const hidesSchema = { type: 'integer', minimum: 0 } as const satisfies JSONSchema;
const suggestionFieldSchema = {
  type: 'string',
  enum: ['minSalary', 'places', 'seniority'],
} as const satisfies JSONSchema;

/**
 * An offer the hide reasons make, never applied without the seeker: hide every job of a company
 * hidden for `company` `MATCH_SUGGESTION_MIN_HIDES` times or more, or look again at the salary
 * floor (`pay`), places (`place`) or level (`level`) in the profile.
 */
export const matchSuggestionSchema = {
  anyOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'company', 'hides'],
      properties: {
        kind: { const: 'hide-company' },
        company: { type: 'string' },
        hides: hidesSchema,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'field', 'hides'],
      properties: {
        kind: { const: 'profile-field' },
        field: suggestionFieldSchema,
        hides: hidesSchema,
      },
    },
  ],
} as const satisfies JSONSchema;
export type MatchSuggestion = FromSchema<typeof matchSuggestionSchema>;

/** How many hides for one reason (or of one company) make a suggestion. */
export const MATCH_SUGGESTION_MIN_HIDES = 2;

/** A company hidden by rule, under the name it was hidden as. */
export const hiddenCompanySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['company', 'hiddenAt'],
  properties: {
    company: { type: 'string' },
    hiddenAt: { type: 'string', description: 'When it was hidden (ISO 8601).' },
  },
} as const satisfies JSONSchema;
export type HiddenCompany = FromSchema<typeof hiddenCompanySchema>;

/**
 * `GET /v1/matches/actions?slot=N`, and the answer to every change: the profile's actions, most
 * recently changed first, and the suggestions its hides make (those dismissed left out).
 */
export const matchActionsResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['slot', 'actions', 'suggestions', 'hiddenCompanies', 'limit'],
  properties: {
    slot: profileSlotSchema,
    actions: { type: 'array', items: matchActionSchema },
    suggestions: { type: 'array', items: matchSuggestionSchema },
    hiddenCompanies: {
      type: 'array',
      items: hiddenCompanySchema,
      description:
        'Companies whose every job (listed now or posted later) the profile hides, newest first.',
    },
    limit: { type: 'integer' },
  },
} as const satisfies JSONSchema;
export type MatchActionsResponse = FromSchema<typeof matchActionsResponseSchema>;

/**
 * `PUT /v1/matches/companies?slot=N`: hide every job of a company, now and later (`hidden: true`),
 * or show them again. Answered with the whole MatchActionsResponse. The name's own limit
 * (`COMPANY_NAME_MAX`) is checked by the route, with its code.
 */
export const putHiddenCompanyRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['company', 'hidden'],
  properties: { company: { type: 'string', maxLength: 1000 }, hidden: { type: 'boolean' } },
} as const satisfies JSONSchema;
export type PutHiddenCompanyRequest = FromSchema<typeof putHiddenCompanyRequestSchema>;

/** Companies a profile may hide by rule; one more is refused with `hidden-companies-limit`. */
export const HIDDEN_COMPANIES_LIMIT = 200;
/** The longest company name a rule takes. */
export const COMPANY_NAME_MAX = 200;

/**
 * A company's name as rules compare it: spaces and tabs run together and trimmed, ASCII letters
 * lower-cased (only those: the server compares in SQL the same way, whatever the database's locale).
 */
export const companyKey = (company: string): string =>
  company
    .replace(/[ \t\n\r\f\v]+/g, ' ')
    .replace(/^ | $/g, '')
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * `POST /v1/matches/suggestions/dismiss?slot=N`: "Not now" on a suggestion offered now, kept per
 * profile (a `MatchSuggestion` as offered). It comes back only when its hides grow past the count
 * it had when dismissed.
 */
export const dismissSuggestionRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'hides'],
  properties: {
    kind: { type: 'string', enum: ['hide-company', 'profile-field'] },
    hides: hidesSchema,
    company: { type: 'string', maxLength: 1000 },
    field: suggestionFieldSchema,
  },
  oneOf: [
    { properties: { kind: { const: 'hide-company' } }, required: ['company'] },
    { properties: { kind: { const: 'profile-field' } }, required: ['field'] },
  ],
} as const satisfies JSONSchema;
export type DismissSuggestionRequest = FromSchema<typeof dismissSuggestionRequestSchema>;

/** Jobs a profile may keep an action on; one more is refused with `match-actions-limit`. */
export const MATCH_ACTIONS_LIMIT = 2000;

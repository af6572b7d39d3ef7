import { PROFILE_SLOTS } from '../../contract';

/** `PUT /v1/matches/{jobId}/action` (PutMatchActionRequest): every field, the day as YYYY-MM-DD. */
export const matchActionRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['saved', 'appliedOn', 'hidden'],
  properties: {
    saved: { type: 'boolean' },
    appliedOn: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    // Checked by the route, so an unknown reason gets its own code.
    hidden: { type: ['string', 'null'], maxLength: 20 },
  },
} as const;

export const matchActionParamsSchema = {
  type: 'object',
  required: ['jobId'],
  // Path parameters are text (types are not coerced): a positive whole number a job id can be.
  properties: { jobId: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } },
} as const;

const actionSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'jobId',
    'title',
    'company',
    'applyUrl',
    'closed',
    'updatedAt',
    ...matchActionRequestSchema.required,
  ],
  properties: {
    jobId: { type: 'integer' },
    title: { type: 'string' },
    company: { type: 'string' },
    applyUrl: { type: 'string' },
    closed: { type: 'boolean' },
    updatedAt: { type: 'string' },
    saved: { type: 'boolean' },
    appliedOn: { type: ['string', 'null'] },
    hidden: { type: ['string', 'null'] },
  },
} as const;

/** `PUT /v1/matches/companies` (PutHiddenCompanyRequest); the name's own limit is the route's, with its code. */
export const hiddenCompanyRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['company', 'hidden'],
  properties: { company: { type: 'string', maxLength: 1000 }, hidden: { type: 'boolean' } },
} as const;

const suggestionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'hides'],
  properties: {
    kind: { type: 'string', enum: ['hide-company', 'profile-field'] },
    hides: { type: 'integer', minimum: 0 },
    company: { type: 'string', maxLength: 1000 },
    field: { type: 'string', enum: ['minSalaryUsd', 'places', 'seniority'] },
  },
} as const;

/** `POST /v1/matches/suggestions/dismiss` (DismissSuggestionRequest): the suggestion as offered. */
export const dismissSuggestionRequestSchema = {
  ...suggestionSchema,
  oneOf: [
    { properties: { kind: { const: 'hide-company' } }, required: ['company'] },
    { properties: { kind: { const: 'profile-field' } }, required: ['field'] },
  ],
} as const;

/** Every match action route's answer (MatchActionsResponse); it keeps anything else out. */
export const matchActionsResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['slot', 'actions', 'suggestions', 'hiddenCompanies', 'limit'],
  properties: {
    slot: { type: 'integer', enum: PROFILE_SLOTS },
    limit: { type: 'integer' },
    actions: { type: 'array', items: actionSchema },
    suggestions: { type: 'array', items: suggestionSchema },
    hiddenCompanies: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['company', 'hiddenAt'],
        properties: { company: { type: 'string' }, hiddenAt: { type: 'string' } },
      },
    },
  },
} as const;

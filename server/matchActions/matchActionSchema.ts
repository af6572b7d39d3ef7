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

/** Every match action route's answer (MatchActionsResponse); it keeps anything else out. */
export const matchActionsResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['slot', 'actions', 'suggestions', 'limit'],
  properties: {
    slot: { type: 'integer', enum: PROFILE_SLOTS },
    limit: { type: 'integer' },
    actions: { type: 'array', items: actionSchema },
    suggestions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'hides'],
        properties: {
          kind: { type: 'string' },
          hides: { type: 'integer' },
          company: { type: 'string' },
          field: { type: 'string' },
        },
      },
    },
  },
} as const;

import { FOLLOW_MODES, FOLLOW_SOURCES, FOLLOW_URL_MAX_LENGTH, PROFILE_SLOTS } from '../../contract';

/** `POST /v1/profile/follows` (FollowRequest): the careers page URL, bounded. */
export const followRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: { url: { type: 'string', maxLength: FOLLOW_URL_MAX_LENGTH } },
} as const;

/** `PUT /v1/profile/follows/mode` (PutFollowModeRequest). */
export const followModeRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mode'],
  properties: { mode: { type: 'string', enum: FOLLOW_MODES } },
} as const;

/** The board in `DELETE /v1/profile/follows/{source}/{token}`: a token as the APIs accept one. */
export const followedBoardParamsSchema = {
  type: 'object',
  required: ['source', 'token'],
  properties: {
    source: { type: 'string', enum: FOLLOW_SOURCES },
    token: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,100}$' },
  },
} as const;

/** Every follow route's answer (FollowsResponse); it also keeps anything else out of the body. */
export const followsResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['slot', 'mode', 'companies', 'limit'],
  properties: {
    slot: { type: 'integer', enum: PROFILE_SLOTS },
    mode: { type: 'string', enum: FOLLOW_MODES },
    limit: { type: 'integer' },
    companies: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['source', 'token', 'name', 'followedAt', 'lastPolledAt', 'openPostings'],
        properties: {
          source: { type: 'string', enum: FOLLOW_SOURCES },
          token: { type: 'string' },
          name: { type: 'string' },
          followedAt: { type: 'string' },
          lastPolledAt: { type: ['string', 'null'] },
          openPostings: { type: 'integer' },
        },
      },
    },
  },
} as const;

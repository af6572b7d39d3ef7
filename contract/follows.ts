import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { profileSlotSchema } from './profile';

/** The job-board APIs whose boards a seeker can follow by their careers page URL. */
export const FOLLOW_SOURCES = [
  'greenhouse',
  'lever',
  'ashby',
  'workable',
  'smartrecruiters',
  'recruitee',
] as const;
export type FollowSource = (typeof FOLLOW_SOURCES)[number];

/** Companies one profile may follow; one more is refused with `follow-limit`. */
export const FOLLOWED_COMPANIES_LIMIT = 50;
export const FOLLOW_URL_MAX_LENGTH = 2_000;

/**
 * How a profile's matches treat followed companies: `boost` lists their postings ahead of others
 * that score up to `FOLLOW_BOOST_POINTS` more (scores are not changed); `only` lists nothing else
 * (while at least one company is followed).
 */
export const FOLLOW_MODES = ['boost', 'only'] as const;
export type FollowMode = (typeof FOLLOW_MODES)[number];
export const FOLLOW_BOOST_POINTS = 20;

const followSourceSchema = { type: 'string', enum: FOLLOW_SOURCES } as const satisfies JSONSchema;
const followModeSchema = { type: 'string', enum: FOLLOW_MODES } as const satisfies JSONSchema;

/** A company a profile follows: its board, and what polling it found. Times are ISO 8601. */
export const followedCompanySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['source', 'token', 'name', 'followedAt', 'lastPolledAt', 'openPostings'],
  properties: {
    source: followSourceSchema,
    token: { type: 'string' },
    name: {
      type: 'string',
      description:
        'The company’s name as its postings give it; the token until its board is first read.',
    },
    followedAt: { type: 'string' },
    lastPolledAt: {
      type: ['string', 'null'],
      description: 'When its board was last read (null: not yet, or too long ago to know).',
    },
    openPostings: { type: 'integer', description: 'Its postings open now.' },
  },
} as const satisfies JSONSchema;
export type FollowedCompany = FromSchema<typeof followedCompanySchema>;

/**
 * `GET /v1/profile/follows?slot=N`, and the answer of every change to them: the companies the
 * profile follows, oldest first, how matches treat them, and how many it may follow.
 */
export const followsResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['slot', 'mode', 'companies', 'limit'],
  properties: {
    slot: profileSlotSchema,
    mode: followModeSchema,
    companies: { type: 'array', items: followedCompanySchema },
    limit: { type: 'integer' },
  },
} as const satisfies JSONSchema;
export type FollowsResponse = FromSchema<typeof followsResponseSchema>;

/**
 * `POST /v1/profile/follows?slot=N`: follow the company whose careers page this is (e.g.
 * `https://boards.greenhouse.io/acme`). Read from the URL alone: nothing is fetched from it. Its
 * board is polled from now on. Following it again changes nothing. The URL's host and path are
 * checked by the route, with their codes.
 */
export const followRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: { url: { type: 'string', maxLength: FOLLOW_URL_MAX_LENGTH } },
} as const satisfies JSONSchema;
export type FollowRequest = FromSchema<typeof followRequestSchema>;

/** `PUT /v1/profile/follows/mode?slot=N`. `DELETE /v1/profile/follows/{source}/{token}?slot=N` unfollows. */
export const putFollowModeRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mode'],
  properties: { mode: followModeSchema },
} as const satisfies JSONSchema;
export type PutFollowModeRequest = FromSchema<typeof putFollowModeRequestSchema>;

/** The board in `DELETE /v1/profile/follows/{source}/{token}`: a token as the APIs accept one. */
export const followedBoardParamsSchema = {
  type: 'object',
  required: ['source', 'token'],
  properties: {
    source: followSourceSchema,
    token: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,100}$' },
  },
} as const satisfies JSONSchema;

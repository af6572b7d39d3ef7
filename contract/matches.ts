import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { profileSlotSchema } from './profile';
import { objectOrNull } from './schemaParts';

/** A posting's level as its title states it (`unknown` when it states none). */
export const jobSenioritySchema = {
  type: 'string',
  enum: ['intern', 'junior', 'mid', 'senior', 'staff', 'principal', 'lead', 'unknown'],
} as const satisfies JSONSchema;
export type JobSeniority = FromSchema<typeof jobSenioritySchema>;

/**
 * Who may take a job from the US: on site in the US, remote within the US, remote from anywhere,
 * or not from the US.
 */
export const jobUsEligibilitySchema = {
  type: 'string',
  enum: ['us', 'remote-us', 'remote-worldwide', 'not-us'],
} as const satisfies JSONSchema;
export type JobUsEligibility = FromSchema<typeof jobUsEligibilitySchema>;

/** The pay the posting states, as yearly figures in its own currency (no exchange rates). */
export const salaryRangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'min', 'max'],
  properties: {
    currency: { type: 'string', description: 'ISO 4217.' },
    min: { type: 'number' },
    max: { type: 'number' },
  },
} as const satisfies JSONSchema;
export type SalaryRange = FromSchema<typeof salaryRangeSchema>;

const stringsSchema = { type: 'array', items: { type: 'string' } } as const satisfies JSONSchema;
const salaryOrNullSchema = /* @__PURE__ */ objectOrNull(salaryRangeSchema);

// Shared parts are referenced, never spread: a spread stays in the front end's bundle even unused.
const pointsSchema = { type: 'number', minimum: 0 } as const satisfies JSONSchema;
const textSchema = { type: 'string' } as const satisfies JSONSchema;

/**
 * Why a job matches a profile, one reason per aspect; `points` add up to the match's `score` out
 * of 100 (each aspect's most is scoring's `MATCH_POINTS`; a visa adds none), `text` says it for
 * people.
 */
export const matchReasonSchema = {
  anyOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'points', 'text', 'covered', 'missing'],
      properties: {
        points: pointsSchema,
        text: textSchema,
        kind: { const: 'skills' },
        covered: stringsSchema,
        missing: stringsSchema,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'points', 'text', 'matchedRole'],
      properties: {
        points: pointsSchema,
        text: textSchema,
        kind: { const: 'title' },
        matchedRole: {
          type: ['string', 'null'],
          description:
            'The first target role the job’s title matches (any spelling), or is next to; or null.',
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'points', 'text', 'fit', 'locations'],
      properties: {
        points: pointsSchema,
        text: textSchema,
        kind: { const: 'location' },
        fit: { enum: ['remote-us', 'remote-worldwide', 'remote-region', 'on-site'] },
        locations: stringsSchema,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'points', 'text', 'fit', 'jobSeniority'],
      properties: {
        points: pointsSchema,
        text: textSchema,
        kind: { const: 'seniority' },
        fit: { enum: ['same', 'near', 'not-stated'] },
        jobSeniority: jobSenioritySchema,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'points', 'text', 'fit', 'salary'],
      properties: {
        points: pointsSchema,
        text: textSchema,
        kind: { const: 'salary' },
        fit: {
          enum: ['meets-floor', 'no-floor', 'other-currency', 'below-floor', 'not-stated'],
          description:
            '`other-currency`: the pay is in another currency than the floor, so not compared; `below-floor`: a job the seeker saw before raising the floor.',
        },
        salary: salaryOrNullSchema,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'points', 'text', 'fit'],
      description:
        'What the posting says of visa sponsorship, when the seeker needs it (`unknown`: nothing).',
      properties: {
        points: pointsSchema,
        text: textSchema,
        kind: { const: 'visa' },
        fit: { enum: ['not-needed', 'sponsors', 'does-not-sponsor', 'unknown'] },
      },
    },
  ],
} as const satisfies JSONSchema;
export type MatchReason = FromSchema<typeof matchReasonSchema>;

/** One open job that fits a profile. Times are ISO 8601. */
export const jobMatchSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'jobId',
    'title',
    'company',
    'locations',
    'remote',
    'usEligibility',
    'seniority',
    'salary',
    'score',
    'reasons',
    'coveredSkills',
    'missingSkills',
    'postedAt',
    'firstSeenAt',
    'applyUrl',
  ],
  properties: {
    jobId: { type: 'integer' },
    title: { type: 'string' },
    company: { type: 'string' },
    locations: stringsSchema,
    remote: { type: 'boolean' },
    usEligibility: jobUsEligibilitySchema,
    seniority: jobSenioritySchema,
    salary: salaryOrNullSchema,
    score: { type: 'number', description: '0 to 100: the sum of the reasons’ points.' },
    reasons: { type: 'array', items: matchReasonSchema },
    coveredSkills: {
      type: 'array',
      items: { type: 'string' },
      description: 'The job’s skills the profile or the CV has (`missingSkills`: has not).',
    },
    missingSkills: stringsSchema,
    postedAt: { type: ['string', 'null'] },
    firstSeenAt: { type: 'string' },
    applyUrl: { type: 'string' },
  },
} as const satisfies JSONSchema;
export type JobMatch = FromSchema<typeof jobMatchSchema>;

/**
 * `GET /v1/matches?slot=N`: the matches of one profile (slot 1 when absent) among open jobs, best
 * first (at most `MATCHES_LIMIT`). Without a saved profile in that slot: no matches and
 * `profileMissing: true`; a slot the plan does not cover (`active: false`): no matches.
 */
export const getMatchesResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['slot', 'active', 'profileMissing', 'matches'],
  properties: {
    slot: profileSlotSchema,
    active: { type: 'boolean' },
    profileMissing: { type: 'boolean' },
    matches: { type: 'array', items: jobMatchSchema },
  },
} as const satisfies JSONSchema;
export type GetMatchesResponse = FromSchema<typeof getMatchesResponseSchema>;

export const MATCHES_LIMIT = 50;

/**
 * A match the backend alerted the user to: the match as `GET /v1/matches` gives it, and the alert.
 * One alert per user and posting, for the active profile it fits best (`slot`).
 */
export const alertMatchSchema = /* @__PURE__ */ (() =>
  ({
    ...jobMatchSchema,
    required: [...jobMatchSchema.required, 'alertId', 'slot', 'alertedAt', 'new'],
    properties: {
      ...jobMatchSchema.properties,
      alertId: { type: 'integer' },
      slot: profileSlotSchema,
      alertedAt: { type: 'string', description: 'When the alert was made (ISO 8601).' },
      new: { type: 'boolean', description: 'Not seen in the page yet.' },
    },
  }) as const satisfies JSONSchema)();
export type AlertMatch = FromSchema<typeof alertMatchSchema>;

export const ALERTS_DEFAULT_LIMIT = 20;
export const ALERTS_MAX_LIMIT = 50;

/** `GET /v1/alerts?limit=N`: N written out in digits (the query is not coerced), checked by the route. */
export const getAlertsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'string', pattern: '^[0-9]{1,3}$' } },
} as const satisfies JSONSchema;

/**
 * `GET /v1/alerts?limit=N`: the user's most recent alerts, newest first (at most `limit`, default
 * `ALERTS_DEFAULT_LIMIT`, up to `ALERTS_MAX_LIMIT`), each scored against the current profile like
 * the matches. Without a saved profile: none and `profileMissing: true`.
 */
export const getAlertsResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['profileMissing', 'alerts'],
  properties: {
    profileMissing: { type: 'boolean' },
    alerts: { type: 'array', items: alertMatchSchema },
  },
} as const satisfies JSONSchema;
export type GetAlertsResponse = FromSchema<typeof getAlertsResponseSchema>;

/** `POST /v1/alerts/seen`: the given alerts of the user, or without `alertIds` all of them. */
export const markAlertsSeenRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    alertIds: {
      type: 'array',
      maxItems: ALERTS_MAX_LIMIT,
      // Ids are bigint in the database, numbers here: beyond 2^53 they are no longer exact.
      items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    },
  },
} as const satisfies JSONSchema;
export type MarkAlertsSeenRequest = FromSchema<typeof markAlertsSeenRequestSchema>;

/** How many alerts were new and are seen now. */
export const markAlertsSeenResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['marked'],
  properties: { marked: { type: 'integer', minimum: 0 } },
} as const satisfies JSONSchema;
export type MarkAlertsSeenResponse = FromSchema<typeof markAlertsSeenResponseSchema>;

/**
 * `GET /v1/alerts/stream`: Server-Sent Events (`text/event-stream`), the token in the
 * Authorization header as everywhere (read it with fetch, not EventSource). Each new alert comes
 * as an event named `ALERT_STREAM_EVENT` whose data is an `AlertMatch` (JSON, `alertMatchSchema`)
 * and whose id is its `alertId`; a comment line keeps the connection alive every
 * `ALERT_STREAM_HEARTBEAT_MS`. The stream ends when the token expires: connect again with a fresh
 * token.
 */
export const ALERT_STREAM_EVENT = 'alert';
export const ALERT_STREAM_HEARTBEAT_MS = 25_000;
/** Open streams per user (tabs, devices); one more is refused with `too-many-streams`. */
export const ALERT_STREAMS_PER_USER = 5;

/** The stream's request headers: it may resume after the last alert its client had (an id we sent). */
export const alertStreamHeadersSchema = {
  type: 'object',
  properties: { 'last-event-id': { type: 'string', pattern: '^[0-9]{1,15}$' } },
} as const satisfies JSONSchema;

/**
 * The stream's answer, for the route's schema: event-stream text, never serialised from JSON (its
 * events' data is `alertMatchSchema`).
 */
export const alertStreamResponseSchema = {
  description: 'Server-Sent Events: `event: alert`, `id: <alertId>`, `data: <AlertMatch JSON>`.',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
} as const;

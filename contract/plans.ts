import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

export const PLAN_NAMES = ['free', 'pro'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** The payment provider's (Stripe's) subscription statuses, stored as it sends them. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * What each plan allows, enforced by the backend. `alertDelivery` is not used yet: alerts do not
 * exist yet (#13).
 */
export const planLimitsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['profiles', 'cvs', 'alertDelivery'],
  properties: {
    profiles: { type: 'integer', description: 'Search (alert) profiles.' },
    cvs: { type: 'integer' },
    alertDelivery: { type: 'string', enum: ['realTime', 'dailyDigest'] },
  },
} as const satisfies JSONSchema;
export type PlanLimits = FromSchema<typeof planLimitsSchema>;

export const PLAN_LIMITS = {
  free: { profiles: 1, cvs: 1, alertDelivery: 'dailyDigest' },
  pro: { profiles: 3, cvs: 3, alertDelivery: 'realTime' },
} as const satisfies Record<PlanName, PlanLimits>;

/**
 * `GET /v1/plan`: the user's plan as the payment provider's verified events left it. Someone who
 * never paid (every guest) is on Free with `status: null`. At most one of `renewsAt` (Pro that
 * renews) and `endsAt` (Pro cancelled, until then) is set; both ISO 8601, null when not known yet.
 */
export const getPlanResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['plan', 'status', 'renewsAt', 'endsAt', 'isCustomer', 'limits', 'digestHourUtc'],
  properties: {
    plan: { type: 'string', enum: PLAN_NAMES },
    status: { type: ['string', 'null'], enum: [...SUBSCRIPTION_STATUSES, null] },
    renewsAt: { type: ['string', 'null'] },
    endsAt: { type: ['string', 'null'] },
    isCustomer: {
      type: 'boolean',
      description:
        'The provider knows this user as a customer: its billing portal has something to show.',
    },
    limits: planLimitsSchema,
    digestHourUtc: {
      type: 'integer',
      minimum: 0,
      maximum: 23,
      description: 'The hour (UTC) at which a daily digest is e-mailed.',
    },
  },
} as const satisfies JSONSchema;
export type GetPlanResponse = FromSchema<typeof getPlanResponseSchema>;

/**
 * The headers of `POST /v1/webhooks/stripe`. Its body is Stripe's signed event, read raw (bytes)
 * for the signature check, so no JSON schema describes it; a missing signature is refused by that
 * check (`webhook-signature-invalid`), not here.
 */
export const stripeWebhookHeadersSchema = {
  type: 'object',
  properties: { 'stripe-signature': { type: 'string' } },
} as const satisfies JSONSchema;

/**
 * `POST /v1/webhooks/stripe` (no token: Stripe's signature is the proof). Any verified event is
 * answered 200 so Stripe stops sending it, with what became of it.
 */
export const stripeWebhookResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['received', 'outcome'],
  properties: {
    received: { type: 'boolean', const: true },
    outcome: { type: 'string', enum: ['applied', 'duplicate', 'stale', 'ignored'] },
  },
} as const satisfies JSONSchema;
export type StripeWebhookResponse = FromSchema<typeof stripeWebhookResponseSchema>;

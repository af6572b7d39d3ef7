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
export interface PlanLimits {
  /** Search (alert) profiles. */
  profiles: number;
  cvs: number;
  alertDelivery: 'realTime' | 'dailyDigest';
}

export const PLAN_LIMITS = {
  free: { profiles: 1, cvs: 1, alertDelivery: 'dailyDigest' },
  pro: { profiles: 3, cvs: 3, alertDelivery: 'realTime' },
} as const satisfies Record<PlanName, PlanLimits>;

/**
 * `GET /v1/plan`: the user's plan as the payment provider's verified events left it. Someone who
 * never paid (every guest) is on Free with `status: null`. At most one of `renewsAt` (Pro that
 * renews) and `endsAt` (Pro cancelled, until then) is set; both ISO 8601, null when not known yet.
 */
export interface GetPlanResponse {
  plan: PlanName;
  status: SubscriptionStatus | null;
  renewsAt: string | null;
  endsAt: string | null;
  /** The provider knows this user as a customer: its billing portal has something to show. */
  isCustomer: boolean;
  limits: PlanLimits;
}

/**
 * `POST /v1/webhooks/stripe` (no token: Stripe's signature is the proof). Any verified event is
 * answered 200 so Stripe stops sending it, with what became of it.
 */
export interface StripeWebhookResponse {
  received: true;
  outcome: 'applied' | 'duplicate' | 'stale' | 'ignored';
}

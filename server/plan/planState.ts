import {
  PLAN_LIMITS,
  type GetPlanResponse,
  type PlanLimits,
  type PlanName,
  type SubscriptionStatus,
} from '../../contract';
import type { plans } from '../db/schema';
import type { PlanEvent } from './stripeEvents';

export type PlanRow = typeof plans.$inferSelect;

/** The columns an event sets: always the plan and status, the rest where it knows them. */
export type PlanChange = Pick<PlanRow, 'plan' | 'status'> &
  Partial<Omit<PlanRow, 'uid' | 'plan' | 'status' | 'lastEventAt' | 'updatedAt'>>;

/**
 * The statuses that keep Pro. `past_due` does: Stripe retries the payment and then cancels the
 * subscription (or marks it `unpaid`) as the account's settings say, and that event ends Pro.
 */
const PRO_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

export function planOf(status: SubscriptionStatus): PlanName {
  return PRO_STATUSES.has(status) ? 'pro' : 'free';
}

export function limitsFor(plan: PlanName): PlanLimits {
  return PLAN_LIMITS[plan];
}

/** What an event does to the stored plan: new columns, or why it changes nothing. */
export type PlanDecision = { apply: PlanChange } | { ignored: string; stale?: true };

/** Another subscription than the one that keeps this user on Pro (a second checkout, say). */
function isAnotherSubscription(current: PlanRow | undefined, subscriptionId: string | null) {
  return (
    current?.subscriptionId != null &&
    subscriptionId !== null &&
    current.subscriptionId !== subscriptionId &&
    PRO_STATUSES.has(current.status)
  );
}

/**
 * The plan after `event`, created at `at`, given the stored one. An event older than the last one
 * applied is stale: Stripe does not promise order, and older state never overwrites newer.
 */
export function decidePlan(current: PlanRow | undefined, event: PlanEvent, at: Date): PlanDecision {
  if (current && at.getTime() < current.lastEventAt.getTime()) {
    return { ignored: 'older than the last event applied', stale: true };
  }
  const { customerId, subscriptionId } = event.parties;
  switch (event.kind) {
    case 'checkout': {
      const status = event.paid ? 'active' : 'incomplete';
      // The period and any planned cancellation belong to the subscription: a new one has none yet.
      const sameSubscription = current?.subscriptionId === subscriptionId;
      const period = sameSubscription
        ? {}
        : { currentPeriodEnd: null, cancelAtPeriodEnd: false, cancelAt: null };
      return {
        apply: { plan: planOf(status), status, customerId, subscriptionId, ...period },
      };
    }
    case 'subscription':
      if (isAnotherSubscription(current, subscriptionId)) {
        return { ignored: 'about another subscription than the active one' };
      }
      return {
        apply: {
          plan: planOf(event.status),
          status: event.status,
          customerId: customerId ?? current?.customerId ?? null,
          subscriptionId,
          currentPeriodEnd: event.currentPeriodEnd,
          cancelAtPeriodEnd: event.cancelAtPeriodEnd,
          cancelAt: event.cancelAt,
        },
      };
    case 'paymentFailed':
      if (current === undefined || !PRO_STATUSES.has(current.status)) {
        return { ignored: 'no active subscription to mark past due' };
      }
      if (isAnotherSubscription(current, subscriptionId)) {
        return { ignored: 'about another subscription than the active one' };
      }
      return { apply: { plan: 'pro', status: 'past_due' } };
  }
}

/** When Pro ends, if a cancellation is planned: at the period's end, or at a set time. */
function plannedEnd(row: PlanRow): Date | null {
  return row.cancelAtPeriodEnd ? row.currentPeriodEnd : row.cancelAt;
}

/** `GET /v1/plan` for a stored row, or for someone who never reached checkout. */
export function toPlanResponse(row: PlanRow | undefined, digestHourUtc: number): GetPlanResponse {
  if (row === undefined) {
    return {
      plan: 'free',
      status: null,
      renewsAt: null,
      endsAt: null,
      isCustomer: false,
      limits: limitsFor('free'),
      digestHourUtc,
    };
  }
  const pro = row.plan === 'pro';
  const end = pro ? plannedEnd(row) : null;
  const renewal = pro && end === null ? row.currentPeriodEnd : null;
  return {
    plan: row.plan,
    status: row.status,
    renewsAt: renewal?.toISOString() ?? null,
    endsAt: end?.toISOString() ?? null,
    isCustomer: row.customerId !== null,
    limits: limitsFor(row.plan),
    digestHourUtc,
  };
}

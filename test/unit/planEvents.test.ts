import { describe, expect, it } from 'vitest';
import { assertWebhookSecret, readServerConfig } from '../../server/config';
import { decidePlan, toPlanResponse, type PlanRow } from '../../server/plan/planState';
import { readPlanEvent, type PlanEvent } from '../../server/plan/stripeEvents';

const T = (seconds: number) => new Date(seconds * 1000);

function read(type: string, object: Record<string, unknown>) {
  return readPlanEvent({ type, data: { object } });
}

function planEvent(type: string, object: Record<string, unknown>): PlanEvent {
  const result = read(type, object);
  if (!('event' in result)) throw new Error(`ignored: ${result.ignored}`);
  return result.event;
}

const proRow: PlanRow = {
  uid: 'uid_1',
  plan: 'pro',
  status: 'active',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  currentPeriodEnd: T(2_000),
  cancelAtPeriodEnd: false,
  cancelAt: null,
  lastEventAt: T(1_000),
  updatedAt: T(1_000),
};

describe("reading Stripe's events", () => {
  it('reads the subscription of older API versions (period and invoice subscription at the top)', () => {
    expect(
      planEvent('customer.subscription.updated', {
        id: 'sub_1',
        customer: { id: 'cus_1', object: 'customer' },
        status: 'trialing',
        current_period_end: 2_000,
        cancel_at_period_end: false,
        cancel_at: 1_500,
        metadata: { uid: 'uid_1' },
      }),
    ).toEqual({
      kind: 'subscription',
      parties: { customerId: 'cus_1', subscriptionId: 'sub_1', uid: 'uid_1' },
      status: 'trialing',
      currentPeriodEnd: T(2_000),
      cancelAtPeriodEnd: false,
      cancelAt: T(1_500),
    });
    expect(
      planEvent('invoice.payment_failed', { customer: 'cus_1', subscription: 'sub_1' }).parties,
    ).toEqual({ customerId: 'cus_1', subscriptionId: 'sub_1', uid: null });
  });

  it('takes the latest period end of the items (API versions since 2025-03-31)', () => {
    const event = planEvent('customer.subscription.updated', {
      id: 'sub_1',
      customer: 'cus_1',
      status: 'active',
      items: { data: [{ current_period_end: 2_000 }, { current_period_end: 3_000 }] },
    });
    expect(event).toMatchObject({ currentPeriodEnd: T(3_000) });
  });

  it('says why an event changes nothing', () => {
    expect(read('checkout.session.completed', { mode: 'payment' })).toEqual({
      ignored: 'not a subscription checkout',
    });
    expect(read('invoice.payment_failed', { customer: 'cus_1', parent: null })).toEqual({
      ignored: 'not a subscription invoice',
    });
    expect(read('customer.subscription.updated', { id: 'sub_1', status: 'dreaming' })).toEqual({
      ignored: 'unknown subscription status',
    });
    expect(read('charge.refunded', {})).toEqual({ ignored: 'an event type that changes no plan' });
  });

  it('counts a checkout as paid only when Stripe says so', () => {
    const checkout = (payment_status: string) =>
      planEvent('checkout.session.completed', {
        mode: 'subscription',
        payment_status,
        client_reference_id: 'uid_1',
        customer: 'cus_1',
        subscription: 'sub_1',
      });
    expect(checkout('paid')).toMatchObject({ paid: true });
    expect(checkout('no_payment_required')).toMatchObject({ paid: true });
    expect(checkout('unpaid')).toMatchObject({ paid: false });
  });
});

describe('deciding the plan', () => {
  const parties = { customerId: 'cus_1', subscriptionId: 'sub_2', uid: null };

  it('starts a new subscription without the old one’s period or cancellation', () => {
    const ended: PlanRow = { ...proRow, plan: 'free', status: 'canceled', cancelAtPeriodEnd: true };
    expect(decidePlan(ended, { kind: 'checkout', parties, paid: true }, T(1_100))).toEqual({
      apply: {
        plan: 'pro',
        status: 'active',
        customerId: 'cus_1',
        subscriptionId: 'sub_2',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        cancelAt: null,
      },
    });
  });

  it('leaves an active subscription alone for events about another one', () => {
    const other: PlanEvent = {
      kind: 'subscription',
      parties,
      status: 'canceled',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      cancelAt: null,
    };
    expect(decidePlan(proRow, other, T(1_100))).toEqual({
      ignored: 'about another subscription than the active one',
    });
    expect(decidePlan(proRow, { kind: 'paymentFailed', parties }, T(1_100))).toEqual({
      ignored: 'about another subscription than the active one',
    });
  });

  it('marks past due only an active subscription, and never applies an older event', () => {
    const failed: PlanEvent = {
      kind: 'paymentFailed',
      parties: { ...parties, subscriptionId: 'sub_1' },
    };
    expect(decidePlan(undefined, failed, T(1_100))).toEqual({
      ignored: 'no active subscription to mark past due',
    });
    expect(decidePlan(proRow, failed, T(999))).toEqual({
      ignored: 'older than the last event applied',
      stale: true,
    });
    expect(decidePlan(proRow, failed, T(1_000))).toEqual({
      apply: { plan: 'pro', status: 'past_due' },
    });
  });

  it('shows a cancellation set for a given time as the end date', () => {
    expect(toPlanResponse({ ...proRow, cancelAt: T(1_500) }, 13)).toMatchObject({
      plan: 'pro',
      renewsAt: null,
      endsAt: T(1_500).toISOString(),
    });
    expect(toPlanResponse(proRow, 13)).toMatchObject({ renewsAt: T(2_000).toISOString() });
  });

  it('says at which hour (UTC) the daily digest goes out, for any plan or none', () => {
    expect(toPlanResponse(undefined, 6)).toMatchObject({ plan: 'free', digestHourUtc: 6 });
    expect(toPlanResponse(proRow, 21)).toMatchObject({ plan: 'pro', digestHourUtc: 21 });
  });
});

describe('plan settings', () => {
  it('trusts the embedded webhook secret only with a demo- project', () => {
    expect(() => assertWebhookSecret(readServerConfig({}))).not.toThrow();
    expect(() =>
      assertWebhookSecret(readServerConfig({ FIREBASE_PROJECT_ID: 'applyfirst-prod' })),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() =>
      assertWebhookSecret(
        readServerConfig({
          FIREBASE_PROJECT_ID: 'applyfirst-prod',
          STRIPE_WEBHOOK_SECRET: 'whsec_real',
        }),
      ),
    ).not.toThrow();
  });
});

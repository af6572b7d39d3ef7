/**
 * Stripe events as Stripe sends them (API version 2026-10-28: the period on each subscription item,
 * the invoice's subscription under `parent.subscription_details`), signed with the library's own
 * test-header helper. Nothing here talks to Stripe.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { DEV_STRIPE_WEBHOOK_SECRET } from '../../../server/config';

export interface TestEvent {
  id: string;
  object: 'event';
  type: string;
  /** Seconds since the epoch. */
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;

export function uniqueId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
}

function event(type: string, object: Record<string, unknown>, created: number): TestEvent {
  return { id: uniqueId('evt'), object: 'event', type, created, livemode: false, data: { object } };
}

export interface Parties {
  customer: string;
  subscription: string;
}

export function newParties(): Parties {
  return { customer: uniqueId('cus'), subscription: uniqueId('sub') };
}

export function checkoutCompleted(
  uid: string | null,
  parties: Parties,
  { created = nowSeconds(), paymentStatus = 'paid' } = {},
): TestEvent {
  return event(
    'checkout.session.completed',
    {
      id: uniqueId('cs_test'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: paymentStatus,
      client_reference_id: uid,
      customer: parties.customer,
      subscription: parties.subscription,
    },
    created,
  );
}

export interface SubscriptionState {
  status?: string;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
  created?: number;
}

export function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  parties: Parties,
  state: SubscriptionState = {},
): TestEvent {
  const { created = nowSeconds(), periodEnd = nowSeconds() + 30 * DAY } = state;
  return event(
    type,
    {
      id: parties.subscription,
      object: 'subscription',
      customer: parties.customer,
      status: state.status ?? (type === 'customer.subscription.deleted' ? 'canceled' : 'active'),
      cancel_at_period_end: state.cancelAtPeriodEnd ?? false,
      cancel_at: null,
      metadata: state.metadata ?? {},
      items: {
        object: 'list',
        data: [{ id: uniqueId('si'), object: 'subscription_item', current_period_end: periodEnd }],
      },
    },
    created,
  );
}

export function paymentFailed(parties: Parties, created = nowSeconds()): TestEvent {
  return event(
    'invoice.payment_failed',
    {
      id: uniqueId('in'),
      object: 'invoice',
      customer: parties.customer,
      status: 'open',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: parties.subscription, metadata: {} },
      },
    },
    created,
  );
}

export interface SignOptions {
  secret?: string;
  /** When the signature was made (seconds); Stripe's tolerance is 300 s. */
  timestamp?: number;
}

/** The `Stripe-Signature` header Stripe would send with this body. */
export function signatureFor(
  payload: string,
  { secret = DEV_STRIPE_WEBHOOK_SECRET, timestamp = nowSeconds() }: SignOptions = {},
): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** POST /v1/webhooks/stripe with a body and a `Stripe-Signature` header (none: left out). */
export function postWebhook(
  app: FastifyInstance,
  payload: string,
  signature: string | null,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/v1/webhooks/stripe',
    payload,
    headers: {
      // As Stripe sends it.
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
  });
}

/** POST /v1/webhooks/stripe with the event signed as Stripe signs it. */
export function sendEvent(
  app: FastifyInstance,
  testEvent: TestEvent | string,
  options: SignOptions = {},
): Promise<LightMyRequestResponse> {
  const payload = typeof testEvent === 'string' ? testEvent : JSON.stringify(testEvent);
  return postWebhook(app, payload, signatureFor(payload, options));
}

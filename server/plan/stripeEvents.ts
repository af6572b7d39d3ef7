import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../contract';

/** Who an event is about, as far as it says. */
export interface EventParties {
  customerId: string | null;
  subscriptionId: string | null;
  /** Checkout's `client_reference_id`, or a subscription's `metadata.uid`. */
  uid: string | null;
}

/** What a verified event says about a plan, read the same way whatever the API version. */
export type PlanEvent =
  | { kind: 'checkout'; parties: EventParties; paid: boolean }
  | {
      kind: 'subscription';
      parties: EventParties;
      status: SubscriptionStatus;
      currentPeriodEnd: Date | null;
      cancelAtPeriodEnd: boolean;
      cancelAt: Date | null;
    }
  | { kind: 'paymentFailed'; parties: EventParties };

/** An event read, or why it changes nothing. */
export type ReadEvent = { event: PlanEvent } | { ignored: string };

type Fields = Record<string, unknown>;

function fieldsOf(value: unknown): Fields {
  return typeof value === 'object' && value !== null ? (value as Fields) : {};
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** An id, whether the event holds it as is or as an expanded object. */
function idOf(value: unknown): string | null {
  return textOf(value) ?? textOf(fieldsOf(value).id);
}

function timeOf(value: unknown): Date | null {
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null;
}

function uidInMetadata(metadata: unknown): string | null {
  return textOf(fieldsOf(metadata).uid);
}

function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return SUBSCRIPTION_STATUSES.some((status) => status === value);
}

/** API versions since 2025-03-31 keep the period on each item; older ones on the subscription. */
function periodEndOf(subscription: Fields): Date | null {
  const own = timeOf(subscription.current_period_end);
  if (own) return own;
  const items = fieldsOf(subscription.items).data;
  const ends = (Array.isArray(items) ? items : [])
    .map((item) => timeOf(fieldsOf(item).current_period_end))
    .filter((end): end is Date => end !== null);
  return ends.length > 0 ? new Date(Math.max(...ends.map((end) => end.getTime()))) : null;
}

function readCheckout(session: Fields): ReadEvent {
  if (session.mode !== 'subscription') return { ignored: 'not a subscription checkout' };
  const parties: EventParties = {
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    uid: textOf(session.client_reference_id),
  };
  const paid =
    session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  return { event: { kind: 'checkout', parties, paid } };
}

function readSubscription(subscription: Fields, deleted: boolean): ReadEvent {
  const status = deleted ? 'canceled' : subscription.status;
  if (!isSubscriptionStatus(status)) return { ignored: 'unknown subscription status' };
  return {
    event: {
      kind: 'subscription',
      parties: {
        customerId: idOf(subscription.customer),
        subscriptionId: idOf(subscription.id),
        uid: uidInMetadata(subscription.metadata),
      },
      status,
      currentPeriodEnd: periodEndOf(subscription),
      cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
      cancelAt: timeOf(subscription.cancel_at),
    },
  };
}

/** API versions since 2025-03-31 name the subscription under `parent.subscription_details`. */
function readPaymentFailed(invoice: Fields): ReadEvent {
  const details = fieldsOf(fieldsOf(invoice.parent).subscription_details);
  const subscriptionId = idOf(details.subscription) ?? idOf(invoice.subscription);
  if (subscriptionId === null) return { ignored: 'not a subscription invoice' };
  const metadata = details.metadata ?? fieldsOf(invoice.subscription_details).metadata;
  return {
    event: {
      kind: 'paymentFailed',
      parties: { customerId: idOf(invoice.customer), subscriptionId, uid: uidInMetadata(metadata) },
    },
  };
}

/** What a verified Stripe event means for a plan (its signature is checked before). */
export function readPlanEvent(event: { type: string; data: { object: unknown } }): ReadEvent {
  const object = fieldsOf(event.data.object);
  switch (event.type) {
    case 'checkout.session.completed':
      return readCheckout(object);
    case 'customer.subscription.updated':
      return readSubscription(object, false);
    case 'customer.subscription.deleted':
      return readSubscription(object, true);
    case 'invoice.payment_failed':
      return readPaymentFailed(object);
    default:
      return { ignored: 'an event type that changes no plan' };
  }
}

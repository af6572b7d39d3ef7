import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import {
  stripeWebhookHeadersSchema,
  stripeWebhookResponseSchema,
  type StripeWebhookResponse,
} from '../../contract';
import { ApiFailure } from '../apiFailure';
import { isAnonymousUser } from '../auth/identityAdmin';
import type { RouteDependencies, RoutePlugin } from '../routeDependencies';
import { withTimeLimit } from '../withTimeLimit';
import { takeEvent, uidOfCustomer } from './planStore';
import { readPlanEvent, type PlanEvent } from './stripeEvents';

export const STRIPE_WEBHOOK_PATH = '/v1/webhooks/stripe';

/** Stripe's events are a few kilobytes; a subscription with many items stays far below this. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

type Resolved = { uid: string } | { ignored: string };

/**
 * The user an event is for. Checkout names it (`client_reference_id`); later events name the
 * customer, linked to the user at checkout, or carry `metadata.uid` when the subscription has one.
 */
async function resolveUid(deps: RouteDependencies, event: PlanEvent): Promise<Resolved> {
  const { customerId, uid } = event.parties;
  const owner = customerId === null ? null : await uidOfCustomer(deps.db, customerId);
  if (event.kind !== 'checkout') {
    const found = owner ?? uid;
    return found === null ? { ignored: 'no user has this customer' } : { uid: found };
  }
  if (uid === null) return { ignored: 'checkout without client_reference_id' };
  if (customerId === null) return { ignored: 'checkout without a customer' };
  if (owner !== null && owner !== uid) return { ignored: 'the customer belongs to another user' };
  return { uid };
}

/** Only a registered Firebase user may hold a plan: never an unknown uid, never a guest. */
async function accountProblem(deps: RouteDependencies, uid: string): Promise<string | null> {
  const { users } = await withTimeLimit(
    deps.admin.getUsers([{ uid }]),
    10_000,
    'Looking the paying user up',
  );
  const user = users[0];
  if (user === undefined) return 'no Firebase user has this uid';
  return isAnonymousUser(user) ? 'the uid is a guest' : null;
}

function verifiedEvent(
  body: unknown,
  signature: unknown,
  secret: string,
  log: FastifyBaseLogger,
): Stripe.Event {
  if (!Buffer.isBuffer(body) || typeof signature !== 'string') {
    log.warn({ reason: 'no body or no Stripe-Signature header' }, 'stripe webhook refused');
    throw new ApiFailure('webhook-signature-invalid');
  }
  try {
    // The library's own check: signature over the raw body, timestamp within its 300 s tolerance.
    return Stripe.webhooks.constructEvent(body, signature, secret);
  } catch (error) {
    const verification = error instanceof Stripe.errors.StripeSignatureVerificationError;
    // Its messages name the failed check, never the payload or the secret.
    log.warn(
      { reason: verification ? error.message : 'the signed body is not JSON' },
      'stripe webhook refused',
    );
    throw new ApiFailure(verification ? 'webhook-signature-invalid' : 'invalid-json');
  }
}

async function handle(
  deps: RouteDependencies,
  stripeEvent: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<StripeWebhookResponse['outcome']> {
  const eventLog = log.child({ eventId: stripeEvent.id, eventType: stripeEvent.type });
  const read = readPlanEvent(stripeEvent);
  if ('ignored' in read) {
    eventLog.info({ reason: read.ignored }, 'stripe webhook ignored');
    return 'ignored';
  }
  const ignore = (reason: string) => {
    eventLog.warn({ reason }, 'stripe webhook ignored');
    return 'ignored' as const;
  };
  const resolved = await resolveUid(deps, read.event);
  if ('ignored' in resolved) return ignore(resolved.ignored);
  const { uid } = resolved;
  const problem = await accountProblem(deps, uid);
  if (problem !== null) return ignore(problem);
  const record = {
    id: stripeEvent.id,
    type: stripeEvent.type,
    at: new Date(stripeEvent.created * 1000),
  };
  const taken = await takeEvent(deps.db, uid, record, read.event);
  if (taken.outcome === 'applied') {
    const { plan, status } = taken.row;
    eventLog.info({ uid, plan, status }, 'stripe webhook applied');
  } else {
    const reason = 'reason' in taken ? taken.reason : 'already taken in';
    eventLog.info({ uid, reason }, `stripe webhook ${taken.outcome}`);
  }
  return taken.outcome;
}

/**
 * `POST /v1/webhooks/stripe`: no ID token (the signature is the proof), the raw body kept for the
 * signature check (its own JSON parser, in its own plugin), bounded, rate-limited as every route.
 * A refused signature answers 400; every verified event 200, so Stripe stops resending it, even
 * when it changes nothing. A failure (database, Auth) answers 5xx and Stripe retries.
 */
export const stripeWebhookRoutes: RoutePlugin = async (app, { deps }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  // The raw body has no JSON schema: its signature header is what a schema can describe.
  const schema = {
    headers: stripeWebhookHeadersSchema,
    response: { 200: stripeWebhookResponseSchema },
  };
  const options = { bodyLimit: WEBHOOK_BODY_LIMIT, schema };
  app.post(STRIPE_WEBHOOK_PATH, options, async (request) => {
    const event = verifiedEvent(
      request.body,
      request.headers['stripe-signature'],
      deps.stripeWebhookSecret,
      request.log,
    );
    return { received: true, outcome: await handle(deps, event, request.log) } as const;
  });
};

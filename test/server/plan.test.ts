import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plans, processedWebhookEvents } from '../../server/db/schema';
import { PLAN_LIMITS, type GetPlanResponse, type StripeWebhookResponse } from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { NEVER_PAID } from '../support/planFixtures';
import { call, DATABASES, errorOf, LogCapture, startBackend } from './support/backend';
import { multipartFile } from './support/cvFiles';
import { validProfile } from './support/profiles';
import { accountSession, guestSession } from './support/sessions';
import {
  checkoutCompleted,
  newParties,
  nowSeconds,
  paymentFailed,
  postWebhook,
  sendEvent,
  signatureFor,
  subscriptionEvent,
  uniqueId,
  type Parties,
  type TestEvent,
} from './support/stripeEvents';

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

describe.each(DATABASES)('plans from Stripe events on %s', (database) => {
  const logs = new LogCapture();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database, { logStream: logs });
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  async function planOf(token: string): Promise<GetPlanResponse> {
    const response = await call(app, 'GET', '/v1/plan', { token });
    expect(response.statusCode).toBe(200);
    return response.json<GetPlanResponse>();
  }

  async function outcomeOf(event: TestEvent): Promise<StripeWebhookResponse['outcome']> {
    const response = await sendEvent(app, event);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StripeWebhookResponse>().outcome;
  }

  /** Everything stored for the uid: its plan row and the events taken in for it. */
  async function storedFor(uid: string) {
    return {
      plans: await app.db.select().from(plans).where(eq(plans.uid, uid)),
      events: await app.db
        .select()
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.uid, uid)),
    };
  }

  /** A registered user whom a paid checkout made Pro. */
  async function proAccount(parties: Parties = newParties(), created = nowSeconds()) {
    const account = await accountSession('plan');
    expect(await outcomeOf(checkoutCompleted(account.uid, parties, { created }))).toBe('applied');
    return { ...account, parties };
  }

  function warnedAbout(eventId: string): string[] {
    return logs
      .linesWith('stripe webhook ignored')
      .filter((line) => line.eventId === eventId && line.level === 40)
      .map((line) => String(line.reason));
  }

  it('turns a registered user Pro on a signed checkout, and the limits follow', async () => {
    const account = await accountSession('plan');
    expect(await planOf(account.token)).toEqual(NEVER_PAID);

    const parties = newParties();
    expect(await outcomeOf(checkoutCompleted(account.uid, parties))).toBe('applied');
    expect(await planOf(account.token)).toEqual({
      plan: 'pro',
      status: 'active',
      renewsAt: null,
      endsAt: null,
      isCustomer: true,
      limits: { profiles: 3, cvs: 3, alertDelivery: 'realTime' },
      digestHourUtc: NEVER_PAID.digestHourUtc,
    });
    const [row] = (await storedFor(account.uid)).plans;
    expect(row).toMatchObject({
      customerId: parties.customer,
      subscriptionId: parties.subscription,
    });

    // One profile and one CV per user is what storage holds today: saving again replaces them.
    for (let i = 0; i < 2; i += 1) {
      const saved = await call(app, 'PUT', '/v1/profile', {
        token: account.token,
        body: validProfile(),
      });
      expect(saved.statusCode).toBe(200);
      const { payload, headers } = multipartFile('cv.txt', Buffer.from('Go and Kubernetes'));
      const uploaded = await app.inject({
        method: 'PUT',
        url: '/v1/profile/cv',
        payload,
        headers: { ...headers, authorization: `Bearer ${account.token}` },
      });
      expect(uploaded.statusCode).toBe(200);
    }
  });

  it('follows the subscription: renewal date, cancellation at the period end, back to Free', async () => {
    const { token, parties } = await proAccount();
    const periodEnd = nowSeconds() + 30 * 24 * 3600;
    const renewing = subscriptionEvent('customer.subscription.updated', parties, { periodEnd });
    expect(await outcomeOf(renewing)).toBe('applied');
    expect(await planOf(token)).toMatchObject({
      plan: 'pro',
      status: 'active',
      renewsAt: isoOf(periodEnd),
      endsAt: null,
    });

    const cancelling = subscriptionEvent('customer.subscription.updated', parties, {
      periodEnd,
      cancelAtPeriodEnd: true,
    });
    expect(await outcomeOf(cancelling)).toBe('applied');
    expect(await planOf(token)).toMatchObject({
      plan: 'pro',
      renewsAt: null,
      endsAt: isoOf(periodEnd),
    });

    const ended = subscriptionEvent('customer.subscription.deleted', parties, { periodEnd });
    expect(await outcomeOf(ended)).toBe('applied');
    expect(await planOf(token)).toEqual({
      plan: 'free',
      status: 'canceled',
      renewsAt: null,
      endsAt: null,
      isCustomer: true,
      limits: PLAN_LIMITS.free,
      digestHourUtc: NEVER_PAID.digestHourUtc,
    });
  });

  it('marks a failed payment past due and keeps Pro until Stripe ends the subscription', async () => {
    const { token, parties } = await proAccount();
    expect(await outcomeOf(paymentFailed(parties))).toBe('applied');
    expect(await planOf(token)).toMatchObject({
      plan: 'pro',
      status: 'past_due',
      isCustomer: true,
    });
    const unpaid = subscriptionEvent('customer.subscription.updated', parties, {
      status: 'unpaid',
    });
    expect(await outcomeOf(unpaid)).toBe('applied');
    expect(await planOf(token)).toMatchObject({ plan: 'free', status: 'unpaid' });
  });

  it('refuses a bad signature with 400, a log line, and nothing changed', async () => {
    const { uid, token, parties } = await proAccount();
    const before = await storedFor(uid);
    const deleted = subscriptionEvent('customer.subscription.deleted', parties);

    const wrongSecret = await sendEvent(app, deleted, { secret: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(errorOf(wrongSecret).code).toBe('webhook-signature-invalid');
    // The signature covers the exact body: the event with one field changed fails.
    const signature = signatureFor(JSON.stringify(deleted));
    const edited = JSON.stringify({ ...deleted, created: deleted.created + 1 });
    expect((await postWebhook(app, edited, signature)).statusCode).toBe(400);
    const unsigned = await postWebhook(app, JSON.stringify(deleted), null);
    expect(unsigned.statusCode).toBe(400);
    expect(errorOf(unsigned).code).toBe('webhook-signature-invalid');

    expect(await storedFor(uid)).toEqual(before);
    expect((await planOf(token)).plan).toBe('pro');
    const refusals = logs.linesWith('stripe webhook refused').map((line) => String(line.reason));
    expect(refusals.some((reason) => /No signatures found/.test(reason))).toBe(true);
    expect(refusals).toContain('no body or no Stripe-Signature header');
  });

  it('refuses a signature older than five minutes (a replayed delivery) with 400', async () => {
    const { uid, parties } = await proAccount();
    const before = await storedFor(uid);
    const deleted = subscriptionEvent('customer.subscription.deleted', parties);
    const stale = await sendEvent(app, deleted, { timestamp: nowSeconds() - 301 });
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale).code).toBe('webhook-signature-invalid');
    expect(await storedFor(uid)).toEqual(before);
    expect(
      logs
        .linesWith('stripe webhook refused')
        .some((line) => /tolerance/.test(String(line.reason))),
    ).toBe(true);
  });

  it('ignores (200) a checkout for a uid without an account or for a guest, storing nothing', async () => {
    const nobody = uniqueId('no-such-user');
    const forNobody = checkoutCompleted(nobody, newParties());
    expect(await outcomeOf(forNobody)).toBe('ignored');
    expect(await storedFor(nobody)).toEqual({ plans: [], events: [] });
    expect(warnedAbout(forNobody.id)).toEqual(['no Firebase user has this uid']);

    const guest = await guestSession();
    const forGuest = checkoutCompleted(guest.uid, newParties());
    expect(await outcomeOf(forGuest)).toBe('ignored');
    expect(await storedFor(guest.uid)).toEqual({ plans: [], events: [] });
    expect(warnedAbout(forGuest.id)).toEqual(['the uid is a guest']);
    expect((await planOf(guest.token)).plan).toBe('free');
  });

  it('ignores events for a customer nobody has, and a checkout reusing another user’s customer', async () => {
    const unknownCustomer = subscriptionEvent('customer.subscription.deleted', newParties());
    expect(await outcomeOf(unknownCustomer)).toBe('ignored');
    expect(warnedAbout(unknownCustomer.id)).toEqual(['no user has this customer']);

    const owner = await proAccount();
    const other = await accountSession('plan');
    const reused = checkoutCompleted(other.uid, owner.parties);
    expect(await outcomeOf(reused)).toBe('ignored');
    expect(warnedAbout(reused.id)).toEqual(['the customer belongs to another user']);
    expect(await storedFor(other.uid)).toEqual({ plans: [], events: [] });
  });

  it('finds the user by metadata.uid when the customer is not linked yet', async () => {
    const account = await accountSession('plan');
    const parties = newParties();
    const early = subscriptionEvent('customer.subscription.updated', parties, {
      metadata: { uid: account.uid },
    });
    expect(await outcomeOf(early)).toBe('applied');
    expect(await planOf(account.token)).toMatchObject({ plan: 'pro', isCustomer: true });
  });

  it('takes an event in once: the same id again changes nothing', async () => {
    const { uid, token, parties } = await proAccount();
    const before = await storedFor(uid);
    const [checkoutRecord] = before.events;
    // The same id (a replay, or Stripe resending), even dressed as a cancellation.
    const replay = {
      ...subscriptionEvent('customer.subscription.deleted', parties),
      id: checkoutRecord!.eventId,
    };
    expect(await outcomeOf(replay)).toBe('duplicate');
    expect(await storedFor(uid)).toEqual(before);
    expect((await planOf(token)).plan).toBe('pro');
    expect(
      logs.linesWith('stripe webhook duplicate').some((line) => line.eventId === replay.id),
    ).toBe(true);
  });

  it('never lets an older event overwrite newer state', async () => {
    const created = nowSeconds() - 120;
    const { uid, token, parties } = await proAccount(newParties(), created);
    const periodEnd = nowSeconds() + 30 * 24 * 3600;
    const newer = subscriptionEvent('customer.subscription.updated', parties, {
      periodEnd,
      cancelAtPeriodEnd: true,
      created: created + 60,
    });
    const older = subscriptionEvent('customer.subscription.updated', parties, {
      periodEnd,
      created: created + 30,
    });
    expect(await outcomeOf(newer)).toBe('applied');
    const [afterNewer] = (await storedFor(uid)).plans;
    expect(await outcomeOf(older)).toBe('stale');
    expect((await storedFor(uid)).plans).toEqual([afterNewer]);
    expect(await planOf(token)).toMatchObject({ plan: 'pro', endsAt: isoOf(periodEnd) });
  });

  it('answers 200 to event types that change no plan, and 413 to an oversized body', async () => {
    const other: TestEvent = {
      ...checkoutCompleted(null, newParties()),
      type: 'customer.created',
    };
    expect(await outcomeOf(other)).toBe('ignored');
    const huge = await sendEvent(app, JSON.stringify({ padding: 'x'.repeat(300 * 1024) }));
    expect(huge.statusCode).toBe(413);
  });

  it('keeps an account whose subscription would renew, and deletes it once it is cancelled', async () => {
    const { uid, token, parties } = await proAccount();
    const refused = await call(app, 'DELETE', '/v1/account', { token });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('account-has-subscription');
    expect((await storedFor(uid)).plans).toHaveLength(1);

    const periodEnd = nowSeconds() + 30 * 24 * 3600;
    const cancelling = subscriptionEvent('customer.subscription.updated', parties, {
      periodEnd,
      cancelAtPeriodEnd: true,
    });
    expect(await outcomeOf(cancelling)).toBe('applied');
    const deleted = await call(app, 'DELETE', '/v1/account', { token });
    expect(deleted.statusCode).toBe(200);
    expect(await storedFor(uid)).toEqual({ plans: [], events: [] });
  });
});

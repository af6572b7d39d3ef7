import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanupGuests } from '../../server/cleanup';
import { carryOvers, cvs, plans, processedWebhookEvents, profiles } from '../../server/db/schema';
import { accountExists } from '../support/emulatorAdmin';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, startBackend } from './support/backend';
import { validProfile } from './support/profiles';
import { accountSession, guestSession, testAdminAuth } from './support/sessions';

const DAY_MS = 24 * 60 * 60 * 1000;

function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toUTCString();
}

describe.each(DATABASES)('the guest clean-up on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  async function giveProfile(uid: string) {
    await app.db.insert(profiles).values({
      uid,
      targetRoles: ['Role'],
      skills: ['Go'],
      remoteUs: true,
      remoteWorldwide: false,
      usStates: [],
      usCities: [],
      seniority: 'mid',
      needsVisaSponsorship: false,
    });
    await app.db
      .insert(cvs)
      .values({ uid, fileName: 'cv.txt', sizeBytes: 2, mediaType: 'text/plain', text: 'Go' });
  }

  async function uidsWithRows(uids: string[]) {
    const rows = [
      ...(await app.db
        .select({ uid: profiles.uid })
        .from(profiles)
        .where(inArray(profiles.uid, uids))),
      ...(await app.db.select({ uid: cvs.uid }).from(cvs).where(inArray(cvs.uid, uids))),
    ];
    return [...new Set(rows.map((row) => row.uid))].sort();
  }

  it('deletes idle guests with their data and orphan rows, and nothing else', async () => {
    const suffix = `${database}-${Date.now().toString(36)}`;
    const idleGuest = `idle-guest-${suffix}`;
    const idleAccount = `idle-account-${suffix}`;
    const orphan = `orphan-${suffix}`;
    const imported = await testAdminAuth().importUsers([
      { uid: idleGuest, metadata: { creationTime: daysAgo(45), lastSignInTime: daysAgo(40) } },
      {
        uid: idleAccount,
        email: `${idleAccount}@example.com`,
        metadata: { creationTime: daysAgo(45), lastSignInTime: daysAgo(40) },
      },
    ]);
    expect(imported.failureCount).toBe(0);
    const activeGuest = await guestSession();
    const account = await accountSession('cleanup');
    await call(app, 'PUT', '/v1/profile', { token: account.token, body: validProfile() });
    for (const uid of [idleGuest, idleAccount, orphan, activeGuest.uid]) await giveProfile(uid);
    await app.db.insert(carryOvers).values([
      {
        guestUid: `old-${suffix}`,
        guestTokenSha256: `old-${suffix}`,
        accountUid: account.uid,
        mode: 'leave',
        carriedProfile: false,
        carriedCv: false,
        completedAt: new Date(Date.now() - 2 * DAY_MS),
      },
      {
        guestUid: `new-${suffix}`,
        guestTokenSha256: `new-${suffix}`,
        accountUid: account.uid,
        mode: 'leave',
        carriedProfile: false,
        carriedCv: false,
      },
    ]);

    // An orphan's plan goes with its other rows; a payment event id is kept 30 days.
    await app.db.insert(plans).values({
      uid: orphan,
      plan: 'pro',
      status: 'active',
      customerId: `cus-${suffix}`,
      lastEventAt: new Date(),
    });
    await app.db.insert(processedWebhookEvents).values([
      { eventId: `evt-old-${suffix}`, type: 'invoice.payment_failed', uid: account.uid },
      { eventId: `evt-new-${suffix}`, type: 'invoice.payment_failed', uid: account.uid },
    ]);
    await app.db
      .update(processedWebhookEvents)
      .set({ processedAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(processedWebhookEvents.eventId, `evt-old-${suffix}`));

    const counts = await cleanupGuests({ db: app.db, admin: testAdminAuth(), guestMaxAgeDays: 30 });

    expect(counts.guestsDeleted).toBeGreaterThanOrEqual(1);
    expect(counts.orphanUidsDeleted).toBeGreaterThanOrEqual(1);
    expect(counts.carryOverRecordsDeleted).toBeGreaterThanOrEqual(1);
    expect(await accountExists(idleGuest)).toBe(false);
    expect(await accountExists(idleAccount)).toBe(true);
    expect(await accountExists(activeGuest.uid)).toBe(true);
    const all = [idleGuest, idleAccount, orphan, activeGuest.uid, account.uid];
    expect(await uidsWithRows(all)).toEqual([idleAccount, activeGuest.uid, account.uid].sort());
    const records = await app.db
      .select()
      .from(carryOvers)
      .where(eq(carryOvers.accountUid, account.uid));
    expect(records.map((record) => record.guestUid)).toEqual([`new-${suffix}`]);
    expect(await app.db.select().from(plans).where(eq(plans.uid, orphan))).toEqual([]);
    expect(counts.webhookEventsDeleted).toBeGreaterThanOrEqual(1);
    const events = await app.db
      .select({ eventId: processedWebhookEvents.eventId })
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.uid, account.uid));
    expect(events).toEqual([{ eventId: `evt-new-${suffix}` }]);
  });
});

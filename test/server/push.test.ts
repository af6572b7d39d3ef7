import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GetAlertsResponse, PushDevicesResponse, PushPayload } from '../../contract';
import { startPushStandIn, type PushStandIn } from '../../dev/pushService/pushStandIn';
import { createAlerts } from '../../server/alerts/createAlerts';
import { alerts, jobs, pushSubscriptions } from '../../server/db/schema';
import type { BoardRef } from '../../server/jobs/jobRecord';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import { disposeTestAuths } from '../support/emulatorAuth';
import { webPushSubscriber } from '../support/webPushSubscriber';
import { alertUser, eventually, newAlert } from './support/alertEmails';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { postingRecord, uniqueBoard } from './support/jobs';
import { accountSession, guestSession } from './support/sessions';
import { startPollingBackend, type PollingBackend } from './support/pollingBackend';
import { FITS_THE_FRONTEND_ROLE } from './support/standInRoles';

describe.each(DATABASES)('web push on %s', (database) => {
  let standIn: PushStandIn;
  let app: FastifyInstance;
  beforeAll(async () => {
    standIn = await startPushStandIn();
    app = await startBackend(database);
  });
  afterAll(async () => {
    await app.close();
    await standIn.close();
  });
  afterEach(disposeTestAuths);

  /** A device subscribed at the stand-in, with its own keys, turned on for the token's user. */
  async function subscribedDevice(token: string, label = 'Test browser') {
    const subscriber = webPushSubscriber();
    const id = crypto.randomUUID();
    const turnedOn = await call(app, 'POST', '/v1/push/devices', {
      token,
      body: { endpoint: standIn.endpoint(id), keys: subscriber.keys, label },
    });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    return { id, subscriber, devices: turnedOn.json<PushDevicesResponse>().devices };
  }

  const devicesOf = async (token: string) =>
    (await call(app, 'GET', '/v1/push/devices', { token })).json<PushDevicesResponse>().devices;

  it('answers the VAPID public key without a token', async () => {
    const answer = await call(app, 'GET', '/v1/push/key');
    expect(answer.statusCode).toBe(200);
    const key = Buffer.from(answer.json<{ publicKey: string }>().publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('pushes a Pro user each new alert at once, encrypted for the device alone', async () => {
    const pro = await alertUser(app, { pro: true });
    const { id, subscriber } = await subscribedDevice(pro.token);
    const arriving = standIn.next(id, 10_000);
    await newAlert(app, pro.uid, {
      posting: {
        title: 'Senior Backend Engineer',
        company: 'Pushco',
        postedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      },
    });
    const message = await arriving;

    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(message.headers.ttl).toBe('86400');
    // Nothing readable on the way: the title is only in the decrypted payload.
    expect(message.body.toString('latin1')).not.toContain('Pushco');
    const payload = JSON.parse(subscriber.decrypt(message.body)) as PushPayload;
    expect(Object.keys(payload).sort()).toEqual(['body', 'tag', 'title', 'url']);
    expect(payload.title).toBe('New match: Senior Backend Engineer');
    expect(payload.body).toMatch(/^Pushco · \d+% match · Posted 5 min ago$/);
    expect(payload.url).toMatch(/^http:\/\/127\.0\.0\.1:5173\/matches#match-\d+$/);
    expect(payload.tag).toBe(payload.url.replace(/^.*#match-/, 'job-'));
    // No other device could read it: another subscriber's keys fail.
    expect(() => webPushSubscriber().decrypt(message.body)).toThrow();
  });

  it('never pushes nor lists an alert that a hide racing its creation left behind', async () => {
    const pro = await alertUser(app, { pro: true });
    const { id, subscriber } = await subscribedDevice(pro.token);
    const board = uniqueBoard('greenhouse', 'hidden');
    const records = ['Hidden Engineer', 'Shown Engineer'].map((title) =>
      postingRecord(board, { title, company: 'Pushco' }),
    );
    const { newJobIds } = await ingestBoard(app.db, board, records, new Date());
    const [hiddenJob = 0, shownJob = 0] = newJobIds;
    const hid = await call(app, 'PUT', `/v1/matches/${hiddenJob}/action`, {
      token: pro.token,
      body: { saved: false, appliedOn: null, hidden: 'role' },
    });
    expect(hid.statusCode, hid.body).toBe(200);
    // What a round of alert creation commits when it read the profiles before the hide and its
    // insert came after the hide deleted the alerts it could see (two transactions on PostgreSQL):
    // the hidden job's alert, announced with another in one event, the older first.
    const made = await app.db
      .insert(alerts)
      .values([hiddenJob, shownJob].map((jobId) => ({ uid: pro.uid, jobId, score: 80 })))
      .returning({ id: alerts.id });
    const arriving = standIn.next(id, 10_000);
    await app.alertEvents.publish({ uid: pro.uid, alertIds: made.map((row) => row.id) });
    // The event's alerts are sent oldest first: the hidden one would come first.
    const payload = JSON.parse(subscriber.decrypt((await arriving).body)) as PushPayload;
    expect(payload.title).toBe('New match: Shown Engineer');
    expect(standIn.messages(id)).toHaveLength(1);
    const listed = await call(app, 'GET', '/v1/alerts', { token: pro.token });
    expect(listed.json<GetAlertsResponse>().alerts.map((alert) => alert.jobId)).toEqual([shownJob]);
  });

  it('pushes a Free user nothing at once, then the day in one notification', async () => {
    const free = await alertUser(app);
    const control = await alertUser(app, { pro: true });
    const freeDevice = await subscribedDevice(free.token);
    const controlDevice = await subscribedDevice(control.token);
    await newAlert(app, free.uid, { posting: { title: 'Backend Engineer', company: 'Dayco' } });
    await newAlert(app, free.uid, { posting: { title: 'Platform Engineer', company: 'Nightco' } });
    const controlArriving = standIn.next(controlDevice.id, 10_000);
    await newAlert(app, control.uid);
    await controlArriving;
    expect(standIn.messages(freeDevice.id)).toHaveLength(0);

    const digestArriving = standIn.next(freeDevice.id, 10_000);
    await app.pushAlerts?.runDigest();
    const payload = JSON.parse(
      freeDevice.subscriber.decrypt((await digestArriving).body),
    ) as PushPayload;
    expect(payload.title).toBe('2 new matches today');
    expect(payload.body).toMatch(/Backend Engineer at Dayco \(\d+%\)/);
    expect(payload.body).toMatch(/Platform Engineer at Nightco \(\d+%\)/);
    expect(payload.url).toBe('http://127.0.0.1:5173/matches');
    // Pushed once: a second run finds nothing new.
    await app.pushAlerts?.runDigest();
    expect(standIn.messages(freeDevice.id)).toHaveLength(1);
  });

  it('removes a device whose subscription the push service says is gone', async () => {
    const pro = await alertUser(app, { pro: true });
    const gone = await subscribedDevice(pro.token, 'Old phone');
    const kept = await subscribedDevice(pro.token, 'Laptop');
    expect(await devicesOf(pro.token)).toHaveLength(2);
    standIn.markGone(gone.id);
    const arriving = standIn.next(kept.id, 10_000);
    await newAlert(app, pro.uid);
    await arriving;
    await expect
      .poll(async () => (await devicesOf(pro.token)).map((device) => device.label), {
        timeout: 5_000,
      })
      .toEqual(['Laptop']);
  });

  it('lists and turns off only the user’s own devices, guests included', async () => {
    const guest = await guestSession();
    const other = await accountSession('push');
    const mine = await subscribedDevice(guest.token, 'Phone');
    expect(mine.devices).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{64}$/),
        label: 'Phone',
        createdAt: expect.any(String),
        lastPushedAt: null,
      },
    ]);
    const deviceId = mine.devices[0]?.id ?? '';
    const notTheirs = await call(app, 'DELETE', `/v1/push/devices/${deviceId}`, {
      token: other.token,
    });
    expect(notTheirs.statusCode).toBe(200);
    expect(await devicesOf(guest.token)).toHaveLength(1);
    const off = await call(app, 'DELETE', `/v1/push/devices/${deviceId}`, { token: guest.token });
    expect(off.json<PushDevicesResponse>().devices).toEqual([]);
  });

  it('refuses subscriptions a push service did not make, with a 4xx', async () => {
    const guest = await guestSession();
    const keys = webPushSubscriber().keys;
    const refused = async (body: unknown, code: string) => {
      const answer = await call(app, 'POST', '/v1/push/devices', { token: guest.token, body });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(errorOf(answer).code).toBe(code);
    };
    const label = 'Browser';
    await refused(
      { endpoint: 'https://internal.example/hook', keys, label },
      'push-subscription-invalid',
    );
    await refused(
      { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys, label },
      'push-subscription-invalid',
    );
    await refused({ endpoint: 'not a url', keys, label }, 'push-subscription-invalid');
    await refused(
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { ...keys, auth: 'c2hvcnQ' },
        label,
      },
      'push-subscription-invalid',
    );
    await refused({ endpoint: standIn.endpoint(), keys, label, extra: 1 }, 'unknown-field');
    const noToken = await call(app, 'POST', '/v1/push/devices', {
      body: { endpoint: standIn.endpoint(), keys, label },
    });
    expect(noToken.statusCode).toBe(401);
    expect(await devicesOf(guest.token)).toEqual([]);
  });

  it('deletes the devices with the account', async () => {
    const account = await accountSession('push');
    await subscribedDevice(account.token, 'Phone');
    const deleted = await call(app, 'DELETE', '/v1/account', { token: account.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.uid, account.uid));
    expect(left).toEqual([]);
  });

  it('moves a guest’s devices to the account its work is carried over to', async () => {
    const guest = await guestSession();
    const account = await accountSession('push');
    await subscribedDevice(guest.token, 'Guest phone');
    const carried = await call(app, 'POST', '/v1/carry-over', {
      token: account.token,
      body: { guestIdToken: guest.token, mode: 'merge' },
    });
    expect(carried.statusCode, carried.body).toBe(200);
    expect((await devicesOf(account.token)).map((device) => device.label)).toEqual(['Guest phone']);
  });
});

/** The whole loop: the job-board stand-in publishes, the backend polls it, the device is pushed. */
describe.each(DATABASES)(
  'a hidden job, from the job board to the push stand-in, on %s',
  (database) => {
    let loop: PollingBackend;
    let board: BoardRef;
    let standIn: PushStandIn;
    let app: FastifyInstance;
    beforeAll(async () => {
      standIn = await startPushStandIn();
      loop = await startPollingBackend(database);
      ({ app, board } = loop);
    });
    afterAll(async () => {
      await loop.close();
      await standIn.close();
    });
    afterEach(disposeTestAuths);

    /** A Pro user whose profile fits the stand-in's frontend role, with one subscribed device. */
    async function proWithDevice() {
      const user = await alertUser(app, { pro: true });
      const saved = await call(app, 'PUT', '/v1/profile', {
        token: user.token,
        body: FITS_THE_FRONTEND_ROLE,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const subscriber = webPushSubscriber();
      const id = crypto.randomUUID();
      const on = await call(app, 'POST', '/v1/push/devices', {
        token: user.token,
        body: { endpoint: standIn.endpoint(id), keys: subscriber.keys, label: 'Phone' },
      });
      expect(on.statusCode, on.body).toBe(200);
      /** The jobs of the device's messages so far, oldest first. */
      const pushedJobs = () =>
        standIn.messages(id).map((message) => {
          const { url } = JSON.parse(subscriber.decrypt(message.body)) as PushPayload;
          return Number(url.replace(/^.*#match-/, ''));
        });
      const nextJob = async () => {
        await standIn.next(id, 10_000);
        return pushedJobs().at(-1);
      };
      return { ...user, pushedJobs, nextJob };
    }

    const closedAt = async (jobId: number) =>
      (await app.db.select({ closedAt: jobs.closedAt }).from(jobs).where(eq(jobs.id, jobId)))[0]
        ?.closedAt;

    it('pushes a fitting posting, and once hidden never again, while the next one arrives', async () => {
      const hider = await proWithDevice();
      const firstArriving = hider.nextJob();
      loop.publishTheFrontendRole();
      const hiddenJob = (await firstArriving) ?? 0;
      const hid = await call(app, 'PUT', `/v1/matches/${hiddenJob}/action`, {
        token: hider.token,
        body: { saved: false, appliedOn: null, hidden: 'role' },
      });
      expect(hid.statusCode, hid.body).toBe(200);

      // The board leaves it out of one answer (closed), then lists it again: it is reopened. The
      // board's next answer must differ from the last one read, or the poll's validator gets a 304
      // and reads nothing: it gains a posting the hider's profile does not fit.
      expect((await ingestBoard(app.db, board, [])).closed).toBeGreaterThan(0);
      expect(loop.jobBoards.standIn.publish(board).title).not.toMatch(/^Frontend Engineer/);
      await eventually(
        async () => ((await closedAt(hiddenJob)) === null ? true : undefined),
        10_000,
        'the posting reopened by a poll',
      );
      // A round of alert creation that meets the posting again alerts a user who joined since, and
      // not the one who hid it.
      const newcomer = await proWithDevice();
      const newcomerArriving = newcomer.nextJob();
      await createAlerts(app.db, app.alertEvents, [hiddenJob]);
      expect(await newcomerArriving).toBe(hiddenJob);

      // The next fitting posting still reaches the hider: the device was pushed all along.
      const nextArriving = hider.nextJob();
      loop.publishTheFrontendRole();
      const nextJob = await nextArriving;
      expect(nextJob).not.toBe(hiddenJob);
      expect(hider.pushedJobs()).toEqual([hiddenJob, nextJob]);
    });
  },
);

import { createECDH } from 'node:crypto';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PushPayload } from '../../contract';
import { PATHS } from '../../src/paths';
import type { PublishedPosting } from '../../dev/jobBoards/standInServer';
import { startPushStandIn, type PushStandIn } from '../../dev/pushService/pushStandIn';
import { checkoutCompleted, newParties, signatureFor } from '../server/support/stripeEvents';
import { launchFullChromium } from '../../scripts/chromium';
import { decryptAes128gcm } from '../support/webPushSubscriber';
import {
  collectConsoleErrors,
  press,
  reachChipInputs,
  readPersistedUser,
  sessionLink,
  submitLogin,
  newTestContext,
  expectProfileSaved,
} from './support/pageDriver';

/** The keys the page made for its subscription, read back by the test to decrypt as it would. */
interface PageKeys {
  privateJwk: JsonWebKey;
  auth: string;
}

/**
 * Chromium cannot reach a real push service here (FCM is on the internet), so this replaces
 * `pushManager.subscribe` (and `getSubscription`) with a subscription to the local push stand-in,
 * whose keys the page makes itself with WebCrypto. Everything after it is real: the app's button,
 * the backend storing the device, the alert from a stand-in posting, the encrypted push to the
 * stand-in, and the service worker's push handler, which DevTools' `deliverPushMessage` drives
 * with what the message decrypts to.
 */
function fakeSubscribe(endpoint: string) {
  const STORED = 'push-test-subscription';
  const encode = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
  const decode = (text: string) =>
    Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
  /** A subscription survives reloads in the browser: kept here, it does across page loads. */
  const subscriptionOf = (keys: { p256dh: string; auth: string }) =>
    ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: (name: string) => decode(name === 'auth' ? keys.auth : keys.p256dh).buffer,
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORED);
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.subscribe = async function subscribe() {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ]);
    const keys = {
      p256dh: encode(await crypto.subtle.exportKey('raw', pair.publicKey)),
      auth: encode(crypto.getRandomValues(new Uint8Array(16))),
    };
    const stored: PageKeys = {
      privateJwk: await crypto.subtle.exportKey('jwk', pair.privateKey),
      auth: keys.auth,
    };
    localStorage.setItem(STORED, JSON.stringify({ keys, stored }));
    return subscriptionOf(keys);
  };
  PushManager.prototype.getSubscription = async () => {
    const raw = localStorage.getItem(STORED);
    return raw === null
      ? null
      : subscriptionOf((JSON.parse(raw) as { keys: { p256dh: string; auth: string } }).keys);
  };
}

/** The keys the page made, as the fake subscribe kept them. */
const pageKeys = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('push-test-subscription');
    return raw === null ? null : (JSON.parse(raw) as { stored: PageKeys }).stored;
  });

describe('push notifications in Chromium', () => {
  const appUrl = inject('appUrl');
  const backendUrl = inject('backendUrl');
  const jobBoardsUrl = inject('jobBoardsUrl');
  const jobBoard = inject('jobBoard');
  let browser: Browser;
  let standIn: PushStandIn;

  beforeAll(async () => {
    browser = await launchFullChromium();
    standIn = await startPushStandIn();
  });
  afterAll(async () => {
    await browser?.close();
    await standIn?.close();
  });

  async function publishTheFrontendRole(): Promise<PublishedPosting> {
    for (let turn = 0; turn < 20; turn += 1) {
      const response = await fetch(`${jobBoardsUrl}/__admin/publish`, {
        method: 'POST',
        body: JSON.stringify({ source: jobBoard.source, board: jobBoard.token }),
      });
      expect(response.status).toBe(201);
      const published = (await response.json()) as PublishedPosting;
      if (published.title.startsWith('Frontend Engineer')) return published;
    }
    throw new Error('the stand-in never published its frontend role');
  }

  /** A guest's profile the stand-in's frontend role fits. */
  async function saveFittingProfile(page: Page) {
    await page.goto(`${appUrl}${PATHS.profile}`);
    await sessionLink(page, 'guest').waitFor();
    await reachChipInputs(page);
    await page.getByLabel('Target roles (separate them with commas)').fill('Frontend Engineer');
    await page.getByLabel('Skills (separate them with commas)').fill('React, TypeScript, GraphQL');
    await page.getByLabel('US cities', { exact: false }).fill('New York, NY');
    await page.getByRole('radio', { name: 'Mid' }).check();
    await press(page, 'Save profile');
    await expectProfileSaved(page);
  }

  /** Makes the user Pro as the payment provider's signed event does. */
  async function becomePro(uid: string) {
    const payload = JSON.stringify(checkoutCompleted(uid, newParties()));
    const response = await fetch(`${backendUrl}/v1/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureFor(payload),
      },
      body: payload,
    });
    expect(response.status, await response.text()).toBe(200);
  }

  /** The service worker's registration id, from DevTools. */
  async function registrationId(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    const found = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((entry) => !entry.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    return { cdp, id: await found };
  }

  /**
   * The app's service worker, with its `showNotification` counted. Chromium's `getNotifications()`
   * drops from its database a notification it has written but not yet displayed, for good: read
   * while the push is being handled, it loses the very notification it looks for. So the test reads
   * once, after the worker's own `showNotification` has settled.
   */
  async function countShownNotifications(context: BrowserContext): Promise<Worker> {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(() => {
      const scope = self as unknown as ServiceWorkerGlobalScope & { shown?: Promise<void>[] };
      const shown: Promise<void>[] = [];
      scope.shown = shown;
      const show = scope.registration.showNotification.bind(scope.registration);
      scope.registration.showNotification = (...args) => {
        const settled = show(...args);
        shown.push(settled);
        return settled;
      };
    });
    return worker;
  }

  /** The notifications on display once the worker has shown one. */
  async function notificationsOnceShown(worker: Worker) {
    const shownCount = () =>
      worker.evaluate(() => (self as unknown as { shown: Promise<void>[] }).shown.length);
    await expect.poll(shownCount).toBe(1);
    return worker.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope & { shown: Promise<void>[] };
      await Promise.all(scope.shown);
      return (await scope.registration.getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        url: (notification.data as { url: string }).url,
      }));
    });
  }

  it('turns notifications on for a guest, keeps them on through registering, and shows a pushed posting', async () => {
    const context = await newTestContext(browser, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: appUrl });
    const subscriptionId = crypto.randomUUID();
    await context.addInitScript(fakeSubscribe, standIn.endpoint(subscriptionId));
    const page = await context.newPage();
    const consoleErrors = collectConsoleErrors(page);

    await saveFittingProfile(page);
    await page.goto(`${appUrl}${PATHS.matches}`);
    // Registered after the page loaded, never asked for before the click.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await press(page, 'Turn on notifications on this device');
    await page
      .getByRole('status')
      .filter({ hasText: 'Notifications are on for this device.' })
      .waitFor();

    // The guest registers (the same uid) and pays: the account page lists this device.
    await page.goto(`${appUrl}${PATHS.login}`);
    await submitLogin(page, 'Create account', `push-${Date.now()}@example.com`, 'push-Password-1');
    await page.waitForURL(`${appUrl}${PATHS.account}`);
    await page.getByText(/ on Linux \(this device\)/).waitFor();
    const user = await readPersistedUser(page);
    if (user === null || user.isAnonymous) throw new Error('no registered user was persisted');
    await becomePro(user.uid);

    const arriving = standIn.next(subscriptionId, 15_000);
    const published = await publishTheFrontendRole();
    const message = await arriving;
    const keys = await pageKeys(page);
    if (keys?.privateJwk.d === undefined) throw new Error('the page made no keys');
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateJwk.d, 'base64url'));
    const plaintext = decryptAes128gcm(message.body, ecdh, Buffer.from(keys.auth, 'base64url'));
    const payload = JSON.parse(plaintext) as PushPayload;
    expect(payload.title).toBe(`New match: ${published.title}`);

    const worker = await countShownNotifications(context);
    const { cdp, id } = await registrationId(page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(appUrl).origin,
      registrationId: id,
      data: plaintext,
    });
    expect(await notificationsOnceShown(worker)).toEqual([
      {
        title: `New match: ${published.title}`,
        body: expect.stringMatching(/ · \d+% match · (Posted|First seen) /),
        url: expect.stringMatching(/\/matches#match-\d+$/),
      },
    ]);

    // Turned off from the account page: the button to turn it on is back.
    await page.getByRole('button', { name: /^Turn off notifications for / }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Notifications are off for / })
      .waitFor();
    await page.getByRole('button', { name: 'Turn on notifications on this device' }).waitFor();
    expect(await page.getByText('(this device)').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('is installable, and shows the last copy of a page or the offline page without a network', async () => {
    const context = await newTestContext(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${appUrl}${PATHS.matches}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Controlled from the next load on: this visit's page goes into the cache.
    await page.reload();
    await page.getByRole('heading', { name: 'Your matches', level: 1 }).waitFor();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A Playwright context is incognito, where Chromium installs nothing: every other check
    // (manifest, icons, start URL, service worker) has passed when that is the only error.
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Your matches', level: 1 }).waitFor();
    await page.goto(`${appUrl}${PATHS.privacy}`);
    await page.getByRole('heading', { name: 'You are offline', level: 1 }).waitFor();
    await context.close();
  });

  it('explains a refusal, and asks for nothing before the click', async () => {
    const context = await newTestContext(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const asked: string[] = [];
      (window as unknown as { asked: string[] }).asked = asked;
      Notification.requestPermission = async () => {
        asked.push(new Error().stack ?? 'asked');
        return 'denied';
      };
    });
    await saveFittingProfile(page);
    await page.goto(`${appUrl}${PATHS.matches}`);
    const turnOn = page.getByRole('button', { name: 'Turn on notifications on this device' });
    await turnOn.waitFor();
    expect(await page.evaluate(() => (window as unknown as { asked: string[] }).asked)).toEqual([]);
    await turnOn.click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Notifications are blocked for ApplyFirst' })
      .waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { asked: string[] }).asked),
    ).toHaveLength(1);
    await context.close();
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureOutcome, FixtureUser } from './fixtures/popupFixture';
import { endFileContexts, sharedTestChromium } from '../support/browser';
import { GAPI_SCRIPT_URL, installGapiStandIn } from './support/gapiStandIn';
import {
  addGoogleAccount,
  blockPopups,
  chooseGoogleAccount,
  closeGooglePopup,
  nextGooglePopup,
  skipPopupClosedDetection,
  stubGoogleSignInPageAssets,
  waitForGoogleSignInPage,
} from './support/googlePopup';
import { newTestContext } from './support/pageDriver';

/**
 * The gapi stand-in and the emulator's fake Google sign-in, proved with the real Firebase Auth SDK
 * on a page of its own (test/browser/fixtures/popupFixture.ts), in Chromium, against the Auth
 * Emulator that `firebase emulators:exec` runs around the tests.
 */

const FIXTURE_ENTRY = fileURLToPath(new URL('./fixtures/popupFixture.ts', import.meta.url));
const FIXTURE_SCRIPT = 'popupFixture.js';

function emulatorUrl(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error(
      'Run under `firebase emulators:exec --only auth` (FIREBASE_AUTH_EMULATOR_HOST is unset).',
    );
  return `http://${host}`;
}

async function buildFixture(outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: { input: FIXTURE_ENTRY, output: { entryFileNames: FIXTURE_SCRIPT } },
    },
  });
  return readFileSync(join(outDir, FIXTURE_SCRIPT), 'utf8');
}

/** Serves the fixture on 127.0.0.1, the emulator's host name (docs/architecture.md, facts), on a free port. */
async function serveFixture(
  script: string,
  emulator: string,
): Promise<{ server: Server; url: string }> {
  const html =
    '<!doctype html><meta charset="utf-8"><title>gapi stand-in fixture</title>' +
    `<meta name="auth-emulator" content="${emulator}"><script type="module" src="/${FIXTURE_SCRIPT}"></script>`;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/')
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (path === `/${FIXTURE_SCRIPT}`)
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the fixture server has no port');
  return { server, url: `http://127.0.0.1:${address.port}/` };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}

describe('the gapi stand-in, with the Auth Emulator and the Firebase SDK in Chromium', () => {
  let outDir: string;
  let server: Server;
  let fixtureUrl: string;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  /** Console errors, uncaught exceptions and dialogs (the emulator's helper iframe alerts on failure). */
  let problems: string[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'applyfirst-gapi-fixture-'));
    ({ server, url: fixtureUrl } = await serveFixture(await buildFixture(outDir), emulatorUrl()));
    browser = await sharedTestChromium();
  });

  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    problems = [];
  });

  afterAll(async () => {
    await endFileContexts(browser);
    if (server) await closeServer(server);
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  /** Every page and frame of `context`: the fixture, the popup, the emulator's helper iframe. */
  function watch(context: BrowserContext): void {
    context.on('console', (message) => {
      if (message.type() === 'error')
        problems.push(`console: ${message.text()} (${message.location().url})`);
    });
    context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message}`));
    context.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
  }

  /**
   * The fixture page in a fresh context (its own storage), with Google's gapi script served by the
   * stand-in or, to show what happens without it, failing as it does offline.
   */
  async function openFixture(
    options: { fakeClock?: boolean; gapi?: 'stand-in' | 'unreachable' } = {},
  ): Promise<Page> {
    const context = await newTestContext(browser);
    contexts.push(context);
    context.setDefaultTimeout(15_000);
    watch(context);
    if (options.gapi === 'unreachable') {
      await context.route(GAPI_SCRIPT_URL, (route) => route.abort('internetdisconnected'));
    } else {
      await installGapiStandIn(context);
    }
    await stubGoogleSignInPageAssets(context);
    const page = await context.newPage();
    if (options.fakeClock) await page.clock.install();
    await page.goto(fixtureUrl);
    await page.waitForFunction(() => window.popupFixture !== undefined);
    return page;
  }

  async function signInAsGuest(page: Page): Promise<FixtureUser> {
    const outcome = await page.evaluate(() => window.popupFixture!.signInAnonymously());
    if (!outcome.ok) throw new Error(`anonymous sign-in failed: ${outcome.code}`);
    expect(outcome.user.isAnonymous).toBe(true);
    return outcome.user;
  }

  const linkWithPopup = (page: Page): Promise<FixtureOutcome> =>
    page.evaluate(() => window.popupFixture!.linkGoogleWithPopup());

  const linkedTo = (user: Pick<FixtureUser, 'uid'>, email: string): FixtureOutcome => ({
    ok: true,
    providerId: 'google.com',
    user: { uid: user.uid, isAnonymous: false, email, providerIds: ['google.com'] },
  });

  const uniqueEmail = (label: string) =>
    `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

  /** A guest who links a new Google account through the popup; returns the linked user. */
  async function guestLinkingNewGoogleAccount(email: string): Promise<FixtureUser> {
    const page = await openFixture();
    const guest = await signInAsGuest(page);
    const popup = nextGooglePopup(page.context());
    const linking = linkWithPopup(page);
    await addGoogleAccount(await popup, { email, displayName: 'Popup Tester' });
    expect(await linking).toEqual(linkedTo(guest, email));
    return guest;
  }

  it('is needed: without it, linkWithPopup fails at once with internal-error (gapi is unreachable)', async () => {
    const page = await openFixture({ gapi: 'unreachable' });
    await signInAsGuest(page);
    expect(await linkWithPopup(page)).toEqual({
      ok: false,
      code: 'auth/internal-error',
      hasCredential: false,
    });
    expect(problems).toEqual([
      expect.stringMatching(/^console: Failed to load resource.*apis\.google\.com\/js\/api\.js/),
    ]);
  });

  it('links a new Google account to the guest through the popup, keeping the uid', async () => {
    await guestLinkingNewGoogleAccount(uniqueEmail('popup'));
    expect(problems).toEqual([]);
  });

  it('reports credential-already-in-use with a usable credential when the Google account belongs to another user', async () => {
    const email = uniqueEmail('taken');
    const owner = await guestLinkingNewGoogleAccount(email);

    const page = await openFixture();
    await signInAsGuest(page);
    const popup = nextGooglePopup(page.context());
    const linking = linkWithPopup(page);
    await chooseGoogleAccount(await popup, email);
    expect(await linking).toEqual({
      ok: false,
      code: 'auth/credential-already-in-use',
      hasCredential: true,
    });

    const switched = await page.evaluate(() =>
      window.popupFixture!.signInWithLastErrorCredential(),
    );
    expect(switched).toEqual(linkedTo(owner, email));
    expect(problems).toEqual([]);
  });

  it('reports popup-blocked when window.open returns null', async () => {
    const page = await openFixture();
    await signInAsGuest(page);
    await blockPopups(page);
    expect(await linkWithPopup(page)).toEqual({
      ok: false,
      code: 'auth/popup-blocked',
      hasCredential: false,
    });
    expect(problems).toEqual([]);
  });

  it('reports popup-closed-by-user at once with the fake clock', async () => {
    const page = await openFixture({ fakeClock: true });
    await signInAsGuest(page);
    const popup = nextGooglePopup(page.context());
    const linking = linkWithPopup(page);
    await closeGooglePopup(await popup);
    const closedAt = Date.now();
    await skipPopupClosedDetection(page);
    expect(await linking).toEqual({
      ok: false,
      code: 'auth/popup-closed-by-user',
      hasCredential: false,
    });
    expect(Date.now() - closedAt).toBeLessThan(3_000);
    expect(problems).toEqual([]);
  });

  it('links Google to the guest through a redirect, keeping the uid', async () => {
    const email = uniqueEmail('redirect');
    const page = await openFixture();
    const guest = await signInAsGuest(page);
    // The page leaves for the emulator's sign-in page, which destroys the evaluation's context.
    void page.evaluate(() => window.popupFixture!.linkGoogleWithRedirect()).catch(() => undefined);
    await waitForGoogleSignInPage(page);
    await addGoogleAccount(page, { email });

    await page.waitForURL(fixtureUrl);
    await page.waitForFunction(() => window.popupFixture !== undefined);
    expect(await page.evaluate(() => window.popupFixture!.redirectResult())).toEqual(
      linkedTo(guest, email),
    );
    expect(problems).toEqual([]);
  });
});

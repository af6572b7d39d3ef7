/**
 * Drives the built app (served by globalSetup.ts) in Chromium for the named-flow, accessibility and
 * metadata tests: fresh browser contexts per test, the console watched, and what a person sees and
 * does expressed once (header word, alerts, notices, the login form).
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import {
  collectConsoleErrors,
  launchChromium,
  type PersistedUser,
  waitForPersistedUser,
} from '../../support/browser';
import { disposeTestAuths } from '../../support/emulatorAuth';
import { installGapiStandIn } from './gapiStandIn';
import { stubGoogleSignInPageAssets } from './googlePopup';
import { PATHS } from '../../../src/paths';

export type SessionKind = 'guest' | 'registered';

/** One page of the app with every console error it logged. */
export interface AppTab {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

export interface TabOptions {
  /** Serve the gapi stand-in and the emulator sign-in page's assets (Google popup and redirect). */
  google?: boolean;
  /** Install Playwright's fake clock before the first page loads (it runs in real time until told). */
  fakeClock?: boolean;
  /** Report `applyfirst:guestdiscarded` events (see `guestDiscardedReports`). */
  recordGuestDiscarded?: boolean;
  /** Cut the anonymous sign-up endpoint, so no guest session can be created (see `allowGuestSessions`). */
  blockGuestSessions?: boolean;
}

export interface AppBrowser {
  appUrl: string;
  /** A page in a fresh context (its own storage), opened at `path`. */
  openTab(path: string, options?: TabOptions): Promise<AppTab>;
  /** Another page in the same context as `tab` (same storage: another tab of the same browser). */
  openSiblingTab(tab: AppTab, path: string): Promise<AppTab>;
}

/** What the app dispatches on window when a guest is replaced by an existing account. */
export interface GuestDiscarded {
  guestUid: string;
  newUid: string;
}

declare global {
  interface Window {
    guestDiscardedReports?: GuestDiscarded[];
    documentMark?: string;
  }
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * One Chromium for the calling test file; a fresh context per tab, closed after each test.
 * Each test's console errors are checked in `expectNoConsoleErrors`, not here, so a test can
 * name the failures it causes on purpose.
 */
export function useAppBrowser(): AppBrowser {
  const appUrl = inject('appUrl');
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    await disposeTestAuths();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(
    context: BrowserContext,
    path: string,
    options: TabOptions,
  ): Promise<AppTab> {
    const page = await context.newPage();
    const consoleErrors = collectConsoleErrors(page);
    if (options.fakeClock) await page.clock.install();
    if (options.recordGuestDiscarded) await recordGuestDiscarded(page);
    await page.goto(`${appUrl}${path}`);
    return { context, page, consoleErrors };
  }

  return {
    appUrl,
    async openTab(path, options = {}) {
      if (!browser) throw new Error('useAppBrowser() must be called inside a describe block.');
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      context.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
      if (options.blockGuestSessions) {
        await context.route(GUEST_SIGN_UP_URL, (route) => route.abort('connectionrefused'));
      }
      if (options.google) {
        await installGapiStandIn(context);
        await stubGoogleSignInPageAssets(context);
      }
      return newPage(context, path, options);
    },
    openSiblingTab(tab, path) {
      return newPage(tab.context, path, {});
    },
  };
}

/** The Identity Toolkit endpoint of anonymous (and e-mail) sign-up. */
const GUEST_SIGN_UP_URL = /\/accounts:signUp\b/;

/** Undoes `blockGuestSessions`: the sign-up endpoint is reachable again. */
export async function allowGuestSessions(tab: AppTab): Promise<void> {
  await tab.context.unroute(GUEST_SIGN_UP_URL);
}

async function recordGuestDiscarded(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.guestDiscardedReports = [];
    window.addEventListener('applyfirst:guestdiscarded', (event) => {
      const { guestUid, newUid } = (event as CustomEvent<GuestDiscarded>).detail;
      window.guestDiscardedReports?.push({ guestUid, newUid });
    });
  });
}

/** The `applyfirst:guestdiscarded` events the page fired (needs `recordGuestDiscarded`). */
export function guestDiscardedReports(page: Page): Promise<GuestDiscarded[]> {
  return page.evaluate(() => window.guestDiscardedReports ?? []);
}

const DOCUMENT_MARK = 'still the same document';

/** Marks the current document: the mark survives client-side navigation, not a reload. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate((mark) => {
    window.documentMark = mark;
  }, DOCUMENT_MARK);
}

/** Whether the page still shows the document `markDocument` marked (no reload since). */
export function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate((mark) => window.documentMark === mark, DOCUMENT_MARK);
}

// --- What the user sees ------------------------------------------------------------------------

const WORD_OF_KIND: Record<SessionKind, string> = { guest: 'Login', registered: 'Account' };
const HREF_OF_KIND: Record<SessionKind, string> = { guest: PATHS.login, registered: PATHS.account };

/** Waits until the header's session link shows `kind`: the word "Login" or "Account" and its link. */
export async function expectHeaderShows(page: Page, kind: SessionKind): Promise<void> {
  const link = page.locator(`header a.account-link[data-session-kind="${kind}"]`);
  await link.waitFor();
  expect(await link.innerText()).toBe(WORD_OF_KIND[kind]);
  expect(await link.getAttribute('href')).toBe(HREF_OF_KIND[kind]);
}

/** Waits until the page is `path` (with its query), on the app's origin. */
export async function expectAt(page: Page, appUrl: string, path: string): Promise<void> {
  await page.waitForURL(`${appUrl}${path}`);
}

function liveRegion(page: Page, role: 'alert' | 'status', message: string): Locator {
  return page.getByRole(role).filter({ hasText: message });
}

/** Waits until an alert (`role="alert"`) says exactly `message`. */
export async function expectAlert(page: Page, message: string): Promise<void> {
  await expect.poll(() => liveRegion(page, 'alert', message).allInnerTexts()).toContain(message);
}

/** Waits until a status region (`role="status"`) says exactly `message`. */
export async function expectNotice(page: Page, message: string): Promise<void> {
  await expect.poll(() => liveRegion(page, 'status', message).allInnerTexts()).toContain(message);
}

/** No alert on the page says anything. */
export async function expectNoAlert(page: Page): Promise<void> {
  const texts = await page.getByRole('alert').allInnerTexts();
  expect(texts.map((text) => text.trim()).filter(Boolean)).toEqual([]);
}

// --- What the SDK persisted --------------------------------------------------------------------

export function persistedGuest(page: Page, unlike: readonly string[] = []): Promise<PersistedUser> {
  return waitForPersistedUser(page, (user) => user.isAnonymous && !unlike.includes(user.uid));
}

export function persistedRegistered(
  page: Page,
  uid: string,
  email: string,
): Promise<PersistedUser> {
  return waitForPersistedUser(
    page,
    (user) => !user.isAnonymous && user.uid === uid && user.email === email.toLowerCase(),
  );
}

/** The page arrived as a guest: "Login" in the header and an anonymous user in IndexedDB. */
export async function expectGuest(
  page: Page,
  unlike: readonly string[] = [],
): Promise<PersistedUser> {
  await expectHeaderShows(page, 'guest');
  return persistedGuest(page, unlike);
}

/** "Account" in the header and the registered user (`uid`, `email`) in IndexedDB. */
export async function expectRegistered(
  page: Page,
  uid: string,
  email: string,
): Promise<PersistedUser> {
  await expectHeaderShows(page, 'registered');
  return persistedRegistered(page, uid, email);
}

// --- What the user does ------------------------------------------------------------------------

/**
 * The app's buttons are never `disabled`: they ignore presses (`aria-disabled`) while the session
 * is busy or not ready yet. A person waits until the button works, then presses it.
 */
export async function press(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await expect.poll(() => button.getAttribute('aria-disabled')).toBeNull();
  await button.click();
}

export async function fillLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** On /login: fill the form and press "Create account" or "Sign in". */
export async function submitLogin(
  page: Page,
  action: 'Create account' | 'Sign in',
  email: string,
  password: string,
): Promise<void> {
  await fillLoginForm(page, email, password);
  await press(page, action);
}

/**
 * A guest on /login creates an account (same uid) and lands on /account: returns the uid.
 * Asserts header, page and IndexedDB on the way.
 */
export async function createAccountInUi(
  page: Page,
  appUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const guest = await expectGuest(page);
  await submitLogin(page, 'Create account', email, password);
  await expectAt(page, appUrl, PATHS.account);
  await page.getByText(email, { exact: true }).waitFor();
  await expectRegistered(page, guest.uid, email);
  return guest.uid;
}

// --- The console ---------------------------------------------------------------------------------

/** A console error a test causes on purpose: an HTTP failure of one emulator endpoint. */
export function httpFailure(status: number, endpoint: string): RegExp {
  return new RegExp(
    `^Failed to load resource: the server responded with a status of ${status}\\b.*/${endpoint}\\b`,
  );
}

/** A request the network (or the test) cut: Chromium's `net::ERR_*` line for that endpoint. */
export function networkFailure(endpoint: string): RegExp {
  return new RegExp(`^Failed to load resource: net::ERR_[A-Z_]+ .*/${endpoint}\\b`);
}

/** The app's own log line for a failure it treats as a possible bug (`logError`). */
export function sessionLog(code: string): RegExp {
  return new RegExp(`^\\[session\\] ${code}\\b`);
}

/** Every console error of `tab` is one of `expected` (each expected pattern may match any number). */
export function expectNoConsoleErrors(tab: AppTab, expected: readonly RegExp[] = []): void {
  const unexpected = tab.consoleErrors.filter(
    (line) => !expected.some((pattern) => pattern.test(line)),
  );
  expect(unexpected).toEqual([]);
}

/**
 * The built app (served by globalSetup.ts) in Chromium for the named-flow, accessibility and
 * metadata tests: fresh browser contexts per test, the console watched, and the session states a
 * flow checks (guest, registered) built on the page driver (./pageDriver.ts).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { endFileContexts, sharedTestChromium } from '../../support/browser';
import { disposeTestAuths } from '../../support/emulatorAuth';
import { installGapiStandIn } from './gapiStandIn';
import { stubGoogleSignInPageAssets } from './googlePopup';
import {
  allowConnections,
  expectHeaderShows,
  openPage,
  refuseConnections,
  submitLogin,
  waitForPersistedUser,
  type PersistedUser,
  newTestContext,
} from './pageDriver';
import { PATHS } from '../../../src/paths';

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

declare global {
  interface Window {
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
    browser = await sharedTestChromium();
  });

  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    await disposeTestAuths();
  });

  afterAll(async () => {
    await endFileContexts(browser);
  });

  async function newPage(
    context: BrowserContext,
    path: string,
    options: TabOptions,
  ): Promise<AppTab> {
    const opened = await openPage(context, `${appUrl}${path}`, {
      fakeClock: options.fakeClock,
    });
    return { context, ...opened };
  }

  return {
    appUrl,
    async openTab(path, options = {}) {
      if (!browser) throw new Error('useAppBrowser() must be called inside a describe block.');
      const context = await newTestContext(browser);
      contexts.push(context);
      context.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
      if (options.blockGuestSessions) await refuseConnections(context, GUEST_SIGN_UP);
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
const GUEST_SIGN_UP = 'accounts:signUp';

/** Undoes `blockGuestSessions`: the sign-up endpoint is reachable again. */
export async function allowGuestSessions(tab: AppTab): Promise<void> {
  await allowConnections(tab.context, GUEST_SIGN_UP);
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

/** Waits until the page is `path` (with its query), on the app's origin. */
export async function expectAt(page: Page, appUrl: string, path: string): Promise<void> {
  await page.waitForURL(`${appUrl}${path}`);
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

/**
 * The app's own log line for a failure it treats as a possible bug (`logError`): the session's
 * tag and the failure's summary object (its code, never the error), as Chromium prints it.
 */
export function sessionLog(code: string): RegExp {
  return new RegExp(`^\\[session\\] \\{code: ${code}\\b`);
}

/** Every console error of `tab` is one of `expected` (each expected pattern may match any number). */
export function expectNoConsoleErrors(tab: AppTab, expected: readonly RegExp[] = []): void {
  const unexpected = tab.consoleErrors.filter(
    (line) => !expected.some((pattern) => pattern.test(line)),
  );
  expect(unexpected).toEqual([]);
}

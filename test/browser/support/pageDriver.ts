/**
 * What a person does in the app and what the page shows them, written once for every browser
 * test: forms and buttons by accessible name, a second tab, the header's session word, alert and
 * status texts, the user the SDK persisted in IndexedDB, the console, and the driver's hand on the
 * network (requests held, then released, dropped or refused).
 */
import type {
  BrowserContext,
  ConsoleMessage,
  Locator,
  Page,
  Request,
  Route,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { API_ERRORS, type ApiErrorCode } from '../../../contract';
import { PATHS } from '../../../src/paths';
import { emulatorUrl } from '../../support/emulatorAdmin';

// --- What a person does --------------------------------------------------------------------------

/** How often a person presses again a button that ignored the press. */
const PRESS_ATTEMPTS = 3;

/**
 * The app's buttons are never `disabled`: they ignore presses (`aria-disabled`) while the session
 * is busy or not ready yet. A person waits until the button works, then presses it, and presses
 * again when the session turned busy for a moment just then and the press was ignored: the button
 * records whether it was unavailable when the click reached it, before the app handles it.
 */
export async function press(scope: Page | Locator, name: string): Promise<void> {
  const button = scope.getByRole('button', { name, exact: true });
  for (let attempt = 1; attempt <= PRESS_ATTEMPTS; attempt += 1) {
    await expect.poll(() => button.getAttribute('aria-disabled')).toBeNull();
    // The element itself, not the locator: once pressed, a button may change its name (busy).
    const pressed = await button.elementHandle();
    await pressed.evaluate((element) => {
      element.addEventListener(
        'click',
        () =>
          element.setAttribute(
            'data-press-ignored',
            String(element.getAttribute('aria-disabled') !== null),
          ),
        { capture: true, once: true },
      );
    });
    await button.click();
    // A press that took the page elsewhere (its document gone) was not ignored.
    const ignored = await pressed.getAttribute('data-press-ignored').catch(() => null);
    await pressed.dispose().catch(() => undefined);
    if (ignored !== 'true') return;
  }
  throw new Error(`"${name}" ignored ${PRESS_ATTEMPTS} presses`);
}

/**
 * Playwright's `networkidle` (no request for 500 ms), except on the matches page, which keeps its
 * live alert stream open as long as it is open: there, the page is done loading (nothing busy) and
 * no other request has ended for 500 ms.
 */
export async function waitForQuietNetwork(page: Page): Promise<void> {
  if (pathnameOf(page) !== PATHS.matches) {
    await page.waitForLoadState('networkidle');
    return;
  }
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => {
      const seen = window as unknown as { quietSince?: { requests: number; at: number } };
      const requests = performance.getEntriesByType('resource').length;
      const at = performance.now();
      if (seen.quietSince?.requests !== requests) seen.quietSince = { requests, at };
      return (
        at - seen.quietSince.at >= 500 &&
        document.querySelector('main[aria-busy="true"], main [aria-busy="true"]') === null
      );
    },
    undefined,
    { polling: 100 },
  );
}

/** Fills the login form; `password: null` leaves the password field as it is. */
export async function fillLoginForm(
  page: Page,
  email: string,
  password: string | null,
): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  if (password !== null) await page.getByLabel('Password', { exact: true }).fill(password);
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

/** How often the Auth SDK reads the storage tabs share (IndexedDB), for another tab's changes. */
const STORAGE_POLL_MS = 800;

/**
 * Lets the SDK in `page` notice what another tab changed: two of its storage polls, counted on
 * the page's own clock (a background tab's timers run late under load, a test runner's do not).
 */
export async function waitForStoragePolls(page: Page): Promise<void> {
  await page.evaluate(
    (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    2 * STORAGE_POLL_MS,
  );
}

/** On /profile: target roles, a skill, a city and a seniority, saved (and said so). */
export async function saveAlertProfile(page: Page, roles: string): Promise<void> {
  await page.getByLabel('Target roles (separate them with commas)').fill(roles);
  await page.getByLabel('Skills (separate them with commas)').fill('TypeScript');
  await page.getByLabel('US cities', { exact: false }).fill('Austin, TX');
  await page.getByRole('radio', { name: 'Senior' }).check();
  await press(page, 'Save profile');
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
}

/** The target roles the profile page shows, once it has loaded them. */
export function shownTargetRoles(page: Page): Promise<string> {
  return page.getByLabel('Target roles (separate them with commas)').inputValue();
}

/** On the reset-password view (the e-mailed link): a new password, saved. */
export async function saveNewPassword(page: Page, newPassword: string): Promise<void> {
  await page.getByLabel('New password').fill(newPassword);
  await press(page, 'Save new password');
}

/** On /account: the current password, then a new one, for the signed-in user. */
export async function changePassword(
  page: Page,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  // The card's own form (a "Confirm it’s you" group may follow it in the same card).
  const form = page.getByRole('region', { name: 'Change password' }).locator('form').first();
  await form.getByLabel('Current password', { exact: true }).fill(currentPassword);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await press(form, 'Change password');
}

/** The "Confirm it’s you" group (the provider wants a recent sign-in). */
export function confirmItsYou(page: Page): Locator {
  return page.getByRole('group', { name: 'Confirm it’s you' });
}

/** Under "Confirm it’s you": the current password, confirmed. */
export async function confirmWithPassword(page: Page, password: string): Promise<void> {
  const group = confirmItsYou(page);
  await group.getByLabel('Current password', { exact: true }).fill(password);
  await press(group, 'Confirm');
}

/** On /account: "Delete account…", then `confirmation` typed in the dialog and "Delete account". */
export async function deleteAccount(page: Page, confirmation = 'DELETE'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  if (!(await dialog.isVisible())) await press(page, 'Delete account…');
  await dialog.getByLabel('Type DELETE to confirm').fill(confirmation);
  await press(dialog, 'Delete account');
}

/** On /login: the Email field filled, then "Email me a sign-in link". */
export async function askForSignInLink(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await press(page, 'Email me a sign-in link');
}

/** On /account: a new address (and the current password), then "Change email". */
export async function changeEmail(
  page: Page,
  newEmail: string,
  currentPassword: string,
): Promise<void> {
  const form = page.getByRole('region', { name: 'Change email' }).locator('form').first();
  await form.getByLabel('New email', { exact: true }).fill(newEmail);
  await form.getByLabel('Current password', { exact: true }).fill(currentPassword);
  await press(form, 'Change email');
}

/** On /account: what a row of the account's details says ("Email", "Email verified"...). */
export function accountDetail(page: Page, term: string): Locator {
  return page
    .locator('.details__row')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');
}

/** A link followed inside the app: React Router's history, without reloading the page. */
export async function navigateInApp(page: Page, pathAndQuery: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathAndQuery);
}

/** The e-mailed password-reset link, opened in the same document. */
export function resetPasswordPath(oobCode: string): string {
  return `/login?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}`;
}

// --- Tabs ------------------------------------------------------------------------------------------

/** One page of the app with every console error it logged. */
export interface OpenedPage {
  page: Page;
  consoleErrors: string[];
}

export interface OpenPageOptions {
  /** Playwright's fake clock, installed before the page loads (it runs in real time until told). */
  fakeClock?: boolean;
}

/** A new page in `context` (another tab of the same browser when the context has one), at `url`. */
export async function openPage(
  context: BrowserContext,
  url: string,
  options: OpenPageOptions = {},
): Promise<OpenedPage> {
  const page = await context.newPage();
  const consoleErrors = collectConsoleErrors(page);
  if (options.fakeClock) await page.clock.install();
  await page.goto(url);
  return { page, consoleErrors };
}

/**
 * A second tab of the same browser at `url`, once it knows its session (guest or registered) and
 * its SDK has done restoring (its requests are over): until then the session can turn busy for a
 * moment, and a press landing then is ignored, as the app's buttons ignore presses while busy.
 */
export async function openSecondTab(context: BrowserContext, url: string): Promise<OpenedPage> {
  const opened = await openPage(context, url);
  await sessionLink(opened.page, 'known').waitFor();
  await waitForQuietNetwork(opened.page);
  return opened;
}

export function pathnameOf(page: Page): string {
  return new URL(page.url()).pathname;
}

// --- What the page shows ---------------------------------------------------------------------------

export type SessionKind = 'guest' | 'registered';

/** The header's session link says "Login" to a guest and "Account" to a registered user. */
export const SESSION_WORD: Record<SessionKind, string> = { guest: 'Login', registered: 'Account' };
export const SESSION_HREF: Record<SessionKind, string> = {
  guest: '/login',
  registered: '/account',
};

/** The header's session link, for a kind of session, or once the session is known at all. */
export function sessionLink(page: Page, kind?: SessionKind | 'known'): Locator {
  if (kind === undefined) return page.locator('header a.account-link');
  if (kind === 'known')
    return page.locator('header a.account-link:not([data-session-kind="unknown"])');
  return page.locator(`header a.account-link[data-session-kind="${kind}"]`);
}

/** Waits until the header's session link shows `kind`: the word "Login" or "Account" and its link. */
export async function expectHeaderShows(page: Page, kind: SessionKind): Promise<void> {
  const link = sessionLink(page, kind);
  await link.waitFor();
  expect(await link.innerText()).toBe(SESSION_WORD[kind]);
  expect(await link.getAttribute('href')).toBe(SESSION_HREF[kind]);
}

/** The texts of the visible live regions of `role` (alerts: errors; status: notices, progress). */
export function liveTexts(page: Page, role: 'alert' | 'status'): Promise<string[]> {
  return page.getByRole(role).evaluateAll((nodes) =>
    nodes
      .filter((node) => node instanceof HTMLElement && node.offsetParent !== null)
      .map((node) => (node.textContent ?? '').trim())
      .filter((text) => text !== ''),
  );
}

/** Waits until an alert (`role="alert"`) says exactly `message`. */
export async function expectAlert(page: Page, message: string): Promise<void> {
  await expect.poll(() => liveTexts(page, 'alert')).toContain(message);
}

/** Waits until a status region (`role="status"`) says exactly `message`. */
export async function expectNotice(page: Page, message: string): Promise<void> {
  await expect.poll(() => liveTexts(page, 'status')).toContain(message);
}

/** No alert on the page says anything. */
export async function expectNoAlert(page: Page): Promise<void> {
  expect(await liveTexts(page, 'alert')).toEqual([]);
}

// --- What the SDK persisted --------------------------------------------------------------------------

export interface PersistedUser {
  uid: string;
  isAnonymous: boolean;
  email: string | null;
}

/** The user the Firebase SDK persisted in IndexedDB (`firebaseLocalStorageDb`), or null. */
export function readPersistedUser(page: Page): Promise<PersistedUser | null> {
  return page.evaluate(
    () =>
      new Promise<PersistedUser | null>((resolve, reject) => {
        const opening = indexedDB.open('firebaseLocalStorageDb');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
            db.close();
            resolve(null);
            return;
          }
          const reading = db
            .transaction('firebaseLocalStorage', 'readonly')
            .objectStore('firebaseLocalStorage')
            .getAll();
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            db.close();
            const entries = reading.result as Array<{ fbase_key: string; value: PersistedUser }>;
            const entry = entries.find((candidate) =>
              candidate.fbase_key.startsWith('firebase:authUser:'),
            );
            resolve(
              entry
                ? {
                    uid: entry.value.uid,
                    isAnonymous: entry.value.isAnonymous,
                    email: entry.value.email,
                  }
                : null,
            );
          };
        };
      }),
  );
}

/**
 * Another tab's sign-out as every tab's SDK sees it: the user is gone from the shared IndexedDB
 * (what the signing-out tab's SDK deletes). This tab's SDK notices on its next storage poll.
 */
export function removePersistedUser(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('firebaseLocalStorageDb');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const store = db
            .transaction('firebaseLocalStorage', 'readwrite')
            .objectStore('firebaseLocalStorage');
          const reading = store.getAllKeys();
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            const keys = reading.result.filter(
              (key) => typeof key === 'string' && key.startsWith('firebase:authUser:'),
            );
            for (const key of keys) store.delete(key);
            store.transaction.oncomplete = () => {
              db.close();
              resolve();
            };
            store.transaction.onerror = () => reject(store.transaction.error);
          };
        };
      }),
  );
}

/** Waits until the persisted user satisfies `accept`, and returns it. */
export async function waitForPersistedUser(
  page: Page,
  accept: (user: PersistedUser) => boolean,
  timeoutMs = 15_000,
): Promise<PersistedUser> {
  const deadline = Date.now() + timeoutMs;
  let last: PersistedUser | null = null;
  while (Date.now() < deadline) {
    last = await readPersistedUser(page);
    if (last && accept(last)) return last;
    await page.waitForTimeout(200);
  }
  throw new Error(
    `The persisted user never became what the test waited for; last: ${JSON.stringify(last)}`,
  );
}

// --- The console -----------------------------------------------------------------------------------

/**
 * Known, harmless console errors: the Auth Emulator does not implement the password-policy
 * endpoint (HTTP 501, DESIGN.md section 9), the app falls back to its default policy, and
 * Chromium logs the failed request.
 */
function isKnownEmulatorGap(message: ConsoleMessage): boolean {
  return (
    message
      .text()
      .startsWith('Failed to load resource: the server responded with a status of 501') &&
    /\/v2\/(passwordPolicy|recaptchaConfig)\b/.test(message.location().url)
  );
}

/** Every console error and uncaught exception of `page`, as readable lines. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isKnownEmulatorGap(message)) {
      errors.push(`${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
  return errors;
}

// --- The network between the app and the emulator ---------------------------------------------------

/**
 * What the session's operations call, by path suffix: Identity Toolkit endpoints on the Auth
 * Emulator, and the product backend's `v1/account` (deletion) and `v1/carry-over`.
 */
export type Endpoint =
  | 'account'
  | 'carry-over'
  | 'accounts:signUp'
  | 'accounts:signInWithPassword'
  | 'accounts:signInWithIdp'
  | 'accounts:signInWithEmailLink'
  | 'accounts:sendOobCode'
  | 'accounts:resetPassword'
  | 'accounts:update'
  | 'accounts:lookup'
  | 'accounts:delete';

/**
 * How a held request ends: it goes through, the network drops it, or the server refuses it (the
 * Identity Toolkit with `serverError`, the backend with `apiError`).
 */
export type Release = 'continue' | 'abort' | { serverError: string } | { apiError: ApiErrorCode };

function endpointPattern(endpoint: Endpoint): RegExp {
  return new RegExp(`/${endpoint}\\b`);
}

/** The backend's answer to a refused request: its status and `{ code, message }`. */
async function refuseAsBackend(route: Route, code: ApiErrorCode): Promise<void> {
  await route.fulfill({
    status: API_ERRORS[code].status,
    headers: {
      'access-control-allow-origin': route.request().headers().origin ?? '*',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ code, message: API_ERRORS[code].message }),
  });
}

/** The Identity Toolkit's answer to a refused request: HTTP 400 with the server's error code. */
async function refuse(route: Route, serverCode: string): Promise<void> {
  await route.fulfill({
    status: 400,
    headers: {
      'access-control-allow-origin': route.request().headers().origin ?? '*',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      error: { code: 400, message: serverCode, errors: [{ message: serverCode }] },
    }),
  });
}

/**
 * One request of an operation held by the driver: the app stays busy with the operation (the
 * person sees it) until the driver releases the request.
 */
export class HeldRequest {
  private route: Route | null = null;
  private readonly arrivedPromise: Promise<Route>;
  private resolveArrival: (route: Route) => void = () => undefined;

  constructor(
    readonly endpoint: Endpoint,
    /** Only a request from this tab is held (any tab's when null). */
    readonly from: Page | null = null,
  ) {
    this.arrivedPromise = new Promise((resolve) => {
      this.resolveArrival = resolve;
    });
  }

  get isArmed(): boolean {
    return this.route === null;
  }

  catch(route: Route): void {
    this.route = route;
    this.resolveArrival(route);
  }

  async arrived(timeoutMs = 15_000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`No ${this.endpoint} request arrived within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([this.arrivedPromise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async release(how: Release): Promise<void> {
    await this.arrived();
    const route = this.route;
    if (!route) throw new Error('unreachable: a held request without its route');
    if (how === 'continue') await route.continue();
    else if (how === 'abort') await route.abort('internetdisconnected');
    else if ('apiError' in how) await refuseAsBackend(route, how.apiError);
    else await refuse(route, how.serverError);
  }
}

/**
 * Holds requests from every tab of one browser context to the Auth Emulator and the backend, when
 * armed (never a CORS preflight).
 */
export class RequestHolder {
  /** Armed holds in the order their requests are expected (first armed, first caught). */
  private readonly holds: HeldRequest[] = [];

  private constructor() {}

  static async install(context: BrowserContext): Promise<RequestHolder> {
    const holder = new RequestHolder();
    const backendUrl = inject('backendUrl');
    await context.route(
      (url) => url.href.startsWith(`${emulatorUrl()}/`) || url.href.startsWith(`${backendUrl}/`),
      (route) => holder.onRequest(route),
    );
    return holder;
  }

  private async onRequest(route: Route): Promise<void> {
    const request = route.request();
    const { pathname } = new URL(request.url());
    const hold =
      request.method() !== 'OPTIONS'
        ? this.holds.find(
            (candidate) =>
              candidate.isArmed &&
              pathname.endsWith(`/v1/${candidate.endpoint}`) &&
              (candidate.from === null || candidate.from === tabOf(request)),
          )
        : undefined;
    if (!hold) {
      await route.fallback();
      return;
    }
    this.holds.splice(this.holds.indexOf(hold), 1);
    hold.catch(route);
  }

  /** Holds the next request to `endpoint`, from the tab `from` only when given. */
  hold(endpoint: Endpoint, options: { from?: Page } = {}): HeldRequest {
    const held = new HeldRequest(endpoint, options.from ?? null);
    this.holds.push(held);
    return held;
  }
}

/** The tab that sent a request (none for a service worker's). */
function tabOf(request: Request): Page | null {
  return request.serviceWorker() ? null : request.frame().page();
}

/** The network refuses every connection to `endpoint` until `allowConnections`. */
export async function refuseConnections(
  context: BrowserContext,
  endpoint: Endpoint,
): Promise<void> {
  await context.route(endpointPattern(endpoint), (route) => route.abort('connectionrefused'));
}

export async function allowConnections(context: BrowserContext, endpoint: Endpoint): Promise<void> {
  await context.unroute(endpointPattern(endpoint));
}

/**
 * The server answers the next POST to `endpoint` with the Identity Toolkit error `serverCode`
 * (HTTP 400), as the real service would; later requests (and CORS preflights) pass.
 */
export async function refuseNextRequest(
  page: Page,
  endpoint: Endpoint,
  serverCode: string,
): Promise<{ answered: () => boolean }> {
  let answered = false;
  await page.route(endpointPattern(endpoint), async (route) => {
    if (answered || route.request().method() !== 'POST') {
      await route.fallback();
      return;
    }
    answered = true;
    await refuse(route, serverCode);
  });
  return { answered: () => answered };
}

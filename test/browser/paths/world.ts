/**
 * The real world a generated path runs in: one fresh browser context (its own storage) with the
 * app in Chromium, the Auth Emulator behind it, and the driver's hand on the network between them.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { collectConsoleErrors, readPersistedUser, type PersistedUser } from '../../support/browser';
import { emulatorUrl } from '../../support/emulatorAdmin';
import { createAccount, createTestAuth, uniqueEmail } from '../../support/emulatorAuth';
import { GAPI_SCRIPT_URL, installGapiStandIn } from '../support/gapiStandIn';
import { stubGoogleSignInPageAssets } from '../support/googlePopup';

/** Identity Toolkit / Secure Token endpoints the session's operations call (path suffixes). */
export type Endpoint =
  | 'accounts:signUp'
  | 'accounts:signInWithPassword'
  | 'accounts:signInWithIdp'
  | 'accounts:sendOobCode'
  | 'accounts:resetPassword'
  | 'accounts:update'
  | 'accounts:lookup'
  | 'accounts:delete';

/** How a held request ends: it goes through, the network drops it, or the server refuses it. */
export type Release = 'continue' | 'abort' | { serverError: string };

/**
 * One request of an operation held by the driver: the machine stays in the operation's state (the
 * user sees it busy) until the step that settles it releases the request.
 */
export class HeldRequest {
  private route: Route | null = null;
  private readonly arrivedPromise: Promise<Route>;
  private resolveArrival: (route: Route) => void = () => undefined;

  constructor(readonly endpoint: Endpoint) {
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
    else {
      await route.fulfill({
        status: 400,
        headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
        body: JSON.stringify({
          error: { code: 400, message: how.serverError, errors: [{ message: how.serverError }] },
        }),
      });
    }
  }
}

export interface Account {
  email: string;
  password: string;
  uid: string;
}

export interface WorldOptions {
  /** Playwright's fake clock (for the SDK's popup-closed detection). */
  fakeClock: boolean;
}

export const PATH_PASSWORD = 'Path-Password-1';

let accountCount = 0;

export class World {
  readonly consoleErrors: string[];
  /** Armed holds in the order their requests are expected (first armed, first caught). */
  private readonly holds: HeldRequest[] = [];
  private secondTab: Page | null = null;
  private gapiUnreachable = false;

  private constructor(
    readonly appUrl: string,
    readonly context: BrowserContext,
    readonly page: Page,
  ) {
    this.consoleErrors = collectConsoleErrors(page);
  }

  static async open(browser: Browser, appUrl: string, options: WorldOptions): Promise<World> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    await installGapiStandIn(context);
    await stubGoogleSignInPageAssets(context);
    const page = await context.newPage();
    if (options.fakeClock) await page.clock.install();
    const world = new World(appUrl, context, page);
    await context.route(
      (url) => url.href.startsWith(`${emulatorUrl()}/`),
      (route) => world.onEmulatorRequest(route),
    );
    // Google's script unreachable (offline, blocked): see `makeGapiUnreachable`.
    await context.route(GAPI_SCRIPT_URL, async (route) => {
      if (world.gapiUnreachable) await route.abort('internetdisconnected');
      else await route.fallback();
    });
    return world;
  }

  async close(): Promise<void> {
    await this.context.close();
  }

  private async onEmulatorRequest(route: Route): Promise<void> {
    const request = route.request();
    const { pathname } = new URL(request.url());
    const hold =
      request.method() === 'POST'
        ? this.holds.find(
            (candidate) => candidate.isArmed && pathname.endsWith(`/v1/${candidate.endpoint}`),
          )
        : undefined;
    if (!hold) {
      await route.fallback();
      return;
    }
    this.holds.splice(this.holds.indexOf(hold), 1);
    hold.catch(route);
  }

  /**
   * Holds the next request to `endpoint` from any tab of this context; `first` puts it before the
   * holds already armed (a request expected sooner, such as another tab's).
   */
  hold(endpoint: Endpoint, options: { first?: boolean } = {}): HeldRequest {
    const held = new HeldRequest(endpoint);
    if (options.first) this.holds.unshift(held);
    else this.holds.push(held);
    return held;
  }

  makeGapiUnreachable(): void {
    this.gapiUnreachable = true;
  }

  url(path: string): string {
    return `${this.appUrl}${path}`;
  }

  pathname(page: Page = this.page): string {
    return new URL(page.url()).pathname;
  }

  persistedUser(page: Page = this.page): Promise<PersistedUser | null> {
    return readPersistedUser(page);
  }

  /**
   * A new second tab of the same browser (same storage), once its session is known. Each call
   * closes the previous one: a tab whose new guest was held back can do nothing more.
   */
  async openSecondTab(path: string): Promise<Page> {
    await this.secondTab?.close();
    const tab = await this.context.newPage();
    this.secondTab = tab;
    await tab.goto(this.url(path));
    await tab.locator('header a.account-link:not([data-session-kind="unknown"])').waitFor();
    return tab;
  }

  /** An e-mail/password account someone registered earlier (from another device). */
  static async existingAccount(label: string): Promise<Account> {
    accountCount += 1;
    const email = uniqueEmail(`${label}-${accountCount}`);
    const uid = await createAccount(email, PATH_PASSWORD);
    return { email, password: PATH_PASSWORD, uid };
  }

  /**
   * A Google account already linked to another user, as the emulator's fake Google sign-in page
   * lists it (firebase-tools keeps the accounts it knows).
   */
  static async existingGoogleAccount(label: string): Promise<{ email: string; uid: string }> {
    accountCount += 1;
    const email = uniqueEmail(`${label}-${accountCount}`);
    const sub = `google-${Date.now()}-${accountCount}-${Math.floor(Math.random() * 1e6)}`;
    const credential = GoogleAuthProvider.credential(
      JSON.stringify({ sub, email, email_verified: true }),
    );
    const { user } = await signInWithCredential(createTestAuth(), credential);
    return { email, uid: user.uid };
  }

  static freshEmail(label: string): string {
    accountCount += 1;
    return uniqueEmail(`${label}-${accountCount}`);
  }
}

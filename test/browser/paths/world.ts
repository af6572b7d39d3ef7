/**
 * The real world a generated path runs in: one fresh browser context (its own storage) with the
 * app in Chromium, the Auth Emulator behind it, and the driver's hand on the network between them.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GoogleAuthProvider, signInWithCredential, type User } from 'firebase/auth';
import {
  DEFAULT_APP_NAME,
  PERSISTENCE_DATABASE,
  PERSISTENCE_STORE,
  persistedUserKey,
} from '../../../src/machines/session/persistedUser';
import { SESSION_KIND_HINT_KEY } from '../../../src/ui/session/sessionKindHint';
import { createAccount, createTestAuth, uniqueEmail } from '../../support/emulatorAuth';
import { GAPI_SCRIPT_URL, installGapiStandIn } from '../support/gapiStandIn';
import { stubGoogleSignInPageAssets } from '../support/googlePopup';
import {
  collectConsoleErrors,
  collectConsoleWarnings,
  openSecondTab,
  pathnameOf,
  readPersistedUser,
  RequestHolder,
  trackRequests,
  type Endpoint,
  type HeldRequest,
  type PersistedUser,
  newTestContext,
} from '../support/pageDriver';

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
  readonly consoleWarnings: string[];
  private secondTab: Page | null = null;
  private secondTabErrors: string[] = [];
  private gapiUnreachable = false;

  private constructor(
    readonly appUrl: string,
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly requests: RequestHolder,
  ) {
    this.consoleErrors = collectConsoleErrors(page);
    this.consoleWarnings = collectConsoleWarnings(page);
    trackRequests(page);
  }

  static async open(browser: Browser, appUrl: string, options: WorldOptions): Promise<World> {
    const context = await newTestContext(browser);
    context.setDefaultTimeout(15_000);
    await installGapiStandIn(context);
    await stubGoogleSignInPageAssets(context);
    const page = await context.newPage();
    if (options.fakeClock) await page.clock.install();
    const world = new World(appUrl, context, page, await RequestHolder.install(context));
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

  /**
   * This browser as a returning person left it, before the app's first page loads: `user` as the
   * Firebase SDK persists it (`user.toJSON()` under the SDK's key, in its IndexedDB store), and the
   * header's hint of which word it showed.
   */
  async rememberUser(user: User): Promise<void> {
    const persisted = user.toJSON() as { apiKey: string };
    // The format of `storageState({ indexedDB: true })`, which Playwright restores, though the
    // parameter's type leaves IndexedDB out.
    const origin = {
      origin: this.appUrl,
      localStorage: [
        { name: SESSION_KIND_HINT_KEY, value: user.isAnonymous ? 'guest' : 'registered' },
      ],
      indexedDB: [
        {
          name: PERSISTENCE_DATABASE,
          version: 1,
          stores: [
            {
              name: PERSISTENCE_STORE,
              autoIncrement: false,
              keyPath: 'fbase_key',
              indexes: [],
              records: [
                {
                  value: {
                    fbase_key: persistedUserKey(persisted.apiKey, DEFAULT_APP_NAME),
                    value: persisted,
                  },
                },
              ],
            },
          ],
        },
      ],
    };
    await this.context.setStorageState({ cookies: [], origins: [origin] });
  }

  /** Holds the next request to `endpoint` from `tab` (this tab unless told). */
  hold(endpoint: Endpoint, tab: Page = this.page): HeldRequest {
    return this.requests.hold(endpoint, { from: tab });
  }

  makeGapiUnreachable(): void {
    this.gapiUnreachable = true;
  }

  url(path: string): string {
    return `${this.appUrl}${path}`;
  }

  pathname(page: Page = this.page): string {
    return pathnameOf(page);
  }

  persistedUser(page: Page = this.page): Promise<PersistedUser | null> {
    return readPersistedUser(page);
  }

  /**
   * A new second tab of the same browser (same storage), once its session is known. Each call
   * closes the previous one: a tab whose new guest was held back can do nothing more.
   */
  async openSecondTab(path: string): Promise<Page> {
    await this.closeSecondTab();
    const { page, consoleErrors } = await openSecondTab(this.context, this.url(path));
    this.secondTab = page;
    this.secondTabErrors = consoleErrors;
    return page;
  }

  async closeSecondTab(): Promise<void> {
    await this.secondTab?.close();
    this.secondTab = null;
  }

  /** What a failed step's report shows of the second tab, if one is open. */
  async describeSecondTab(): Promise<string> {
    const tab = this.secondTab;
    if (!tab) return '(no second tab)';
    const text = await tab
      .locator('main')
      .innerText({ timeout: 2_000 })
      .catch(() => '(no page)');
    return `${tab.url()}:\n${text}\nIts console errors:\n${this.secondTabErrors.join('\n')}`;
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

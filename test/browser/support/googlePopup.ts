/**
 * Drives the Auth Emulator's fake Google sign-in page (`/emulator/auth/handler`, firebase-tools 15),
 * opened by the Firebase SDK as a popup (`linkWithPopup`) or in the tab itself (`linkWithRedirect`).
 * Popup and redirect flows also need Google's gapi script: see `installGapiStandIn`.
 */
import type { BrowserContext, Page } from 'playwright-core';

const SIGN_IN_PAGE_PATH = '/emulator/auth/handler';

/** What the sign-in page loads from CDNs (firebase-tools' widget_ui.js): Material Components, Google Fonts. */
const SIGN_IN_PAGE_ASSETS =
  /^https:\/\/(?:unpkg\.com\/material-components-web@|fonts\.googleapis\.com\/)/;

/**
 * The SDK notices a popup closed by the user in two steps (`src/platform_browser/strategies/popup.ts`):
 * it polls `window.closed` every 2 s, then waits 8 s more in case the sign-in was still in flight.
 */
export const POPUP_CLOSED_DETECTION_MS = 2_000 + 8_000;

export interface NewGoogleAccount {
  email: string;
  displayName?: string;
}

/**
 * Serves the sign-in page's CDN stylesheets and script empty, so the page behaves the same online and
 * offline, and offline it logs no failed loads (the page works without them: it checks `window.mdc`).
 */
export async function stubGoogleSignInPageAssets(context: BrowserContext): Promise<void> {
  await context.route(SIGN_IN_PAGE_ASSETS, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().url().endsWith('.js') ? 'text/javascript' : 'text/css',
      body: '',
    }),
  );
}

/** The next page of `context` (call before the action that opens the popup), once it shows the sign-in page. */
export async function nextGooglePopup(context: BrowserContext): Promise<Page> {
  const popup = await context.waitForEvent('page');
  await waitForGoogleSignInPage(popup);
  return popup;
}

/** Waits until `page` shows the emulator's sign-in page with its script running. */
export async function waitForGoogleSignInPage(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === SIGN_IN_PAGE_PATH);
  // The page's own script, which wires the buttons, sits at the end of the document.
  await page.waitForLoadState('domcontentloaded');
}

/** Picks an existing Google account of the emulator, by its e-mail. */
export async function chooseGoogleAccount(page: Page, email: string): Promise<void> {
  const account = page.locator('li.js-reuse-account').filter({
    has: page.locator('.mdc-list-item__secondary-text').getByText(email, { exact: true }),
  });
  await account.click();
}

/** Adds a Google account to the emulator and signs in with it: always a new `sub`, even for a known e-mail. */
export async function addGoogleAccount(page: Page, account: NewGoogleAccount): Promise<void> {
  await page.locator('#add-account-button').click();
  await page.locator('#email-input').fill(account.email);
  if (account.displayName !== undefined)
    await page.locator('#display-name-input').fill(account.displayName);
  await page.locator('#sign-in').click();
}

/**
 * Closes the popup as the user would. The SDK reports `auth/popup-closed-by-user` about
 * `POPUP_CLOSED_DETECTION_MS` later; see `skipPopupClosedDetection` to get it at once.
 */
export async function closeGooglePopup(popup: Page): Promise<void> {
  await popup.close();
}

/**
 * Advances the opener's timers past the SDK's popup-closed detection, so `popup-closed-by-user`
 * arrives at once. Needs Playwright's fake clock, installed before the page loaded:
 * `await page.clock.install()` then `page.goto(...)` (the clock then runs in real time until this).
 */
export async function skipPopupClosedDetection(opener: Page): Promise<void> {
  await opener.clock.runFor(POPUP_CLOSED_DETECTION_MS);
}

/** Makes `window.open` return null in `page`, as a popup blocker does: now and after every navigation. */
export async function blockPopups(page: Page): Promise<void> {
  const block = () => {
    window.open = () => null;
  };
  await page.addInitScript(block);
  await page.evaluate(block);
}

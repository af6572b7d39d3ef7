import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NOTICE_CATALOGUE } from '../../src/machines/session/noticeCatalogue';
import { endFileContexts, sharedTestChromium } from '../support/browser';
import { latestPasswordResetCode } from '../support/emulatorAdmin';
import {
  collectConsoleErrors,
  fillLoginForm,
  press,
  readPersistedUser,
  resetPasswordPath,
  saveNewPassword,
  sessionLink,
  SESSION_HREF,
  SESSION_WORD,
  waitForPersistedUser,
  type SessionKind,
  newTestContext,
} from './support/pageDriver';

/**
 * The built app in Chromium against the Auth Emulator: arrive as a guest, create an account
 * (same uid), see "Account" and the e-mail on /account, sign out, and be a new guest.
 */
describe('a visitor in Chromium', () => {
  const appUrl = inject('appUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    browser = await sharedTestChromium();
    // One journey as a visitor has it, with the app's service worker.
    context = await newTestContext(browser, { serviceWorkers: 'allow' });
    page = await context.newPage();
    consoleErrors = collectConsoleErrors(page);
  });

  afterAll(async () => {
    await endFileContexts(browser);
  });

  const headerLink = () => sessionLink(page);
  const expectHeaderLinkFor = async (kind: SessionKind) => {
    await sessionLink(page, kind).waitFor();
    expect(await headerLink().innerText()).toContain(SESSION_WORD[kind]);
    expect(await headerLink().getAttribute('href')).toBe(SESSION_HREF[kind]);
  };

  it('creates an account from a guest session, keeping its uid, and signs out to a new guest', async () => {
    const email = `smoke-${Date.now()}@example.com`;
    const password = 'smoke-Password-1';

    await page.goto(`${appUrl}/`);
    await expectHeaderLinkFor('guest');
    const guest = await waitForPersistedUser(page, (user) => user.isAnonymous);

    await headerLink().click();
    await page.waitForURL(`${appUrl}/login`);
    await fillLoginForm(page, email, password);
    await press(page, 'Create account');

    await page.waitForURL(`${appUrl}/account`);
    await expectHeaderLinkFor('registered');
    await page.getByText(email, { exact: true }).waitFor();
    const registered = await waitForPersistedUser(page, (user) => !user.isAnonymous);
    expect(registered.uid).toBe(guest.uid);
    expect(registered.email).toBe(email);

    // A returning registered visitor: the prerendered page hydrates and "Login" never shows.
    await recordHeaderKinds(page);
    await page.reload();
    await page.getByText(email, { exact: true }).waitFor();
    expect(await page.evaluate(() => window.headerKinds)).toEqual(['unknown', 'registered']);

    await press(page, 'Sign out');
    await expectHeaderLinkFor('guest');
    const newGuest = await waitForPersistedUser(
      page,
      (user) => user.isAnonymous && user.uid !== guest.uid,
    );
    expect(newGuest.uid).not.toBe(guest.uid);
    expect((await readPersistedUser(page))?.isAnonymous).toBe(true);

    expect(consoleErrors).toEqual([]);
  });

  it('resets a forgotten password through the e-mailed link and signs in with the new one', async () => {
    const email = `reset-${Date.now()}@example.com`;
    await page.goto(`${appUrl}/login`);
    await sessionLink(page, 'guest').waitFor();
    await fillLoginForm(page, email, 'first-Password-1');
    await press(page, 'Create account');
    await page.waitForURL(`${appUrl}/account`);
    await press(page, 'Sign out');
    await page.waitForURL(`${appUrl}/login`);
    await page.getByText(NOTICE_CATALOGUE['you-signed-out']).waitFor();

    await fillLoginForm(page, email, null);
    await press(page, 'Forgot password?');
    await page.getByText(NOTICE_CATALOGUE['password-reset-sent']).waitFor();
    const oobCode = await latestPasswordResetCode(email);

    await page.goto(`${appUrl}${resetPasswordPath(oobCode)}`);
    await saveNewPassword(page, 'second-Password-2');
    await page.getByText(NOTICE_CATALOGUE['password-reset-done']).waitFor();

    await fillLoginForm(page, email, 'second-Password-2');
    await press(page, 'Sign in');
    await page.waitForURL(`${appUrl}/account`);
    await page.getByText(email, { exact: true }).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});

declare global {
  interface Window {
    headerKinds: string[];
  }
}

/** From the next page load on, records every session kind the header link shows, in order. */
async function recordHeaderKinds(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.headerKinds = [];
    const record = () => {
      const kind =
        document.querySelector<HTMLElement>('header a.account-link')?.dataset.sessionKind;
      if (kind && window.headerKinds.at(-1) !== kind) window.headerKinds.push(kind);
    };
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });
}

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectConsoleErrors, launchChromium, readPersistedUser, waitForPersistedUser } from '../support/browser';
import { loginPath, PATHS } from '../../src/paths';

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
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    consoleErrors = collectConsoleErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const headerLink = () => page.locator('header a.account-link');
  const expectHeaderLinkFor = async (kind: 'guest' | 'registered', word: string, href: string) => {
    await page.locator(`header a.account-link[data-session-kind="${kind}"]`).waitFor();
    expect(await headerLink().innerText()).toContain(word);
    expect(await headerLink().getAttribute('href')).toBe(href);
  };

  it('creates an account from a guest session, keeping its uid, and signs out to a new guest', async () => {
    const email = `smoke-${Date.now()}@example.com`;
    const password = 'smoke-Password-1';

    await page.goto(`${appUrl}/`);
    await expectHeaderLinkFor('guest', 'Login', PATHS.login);
    const guest = await waitForPersistedUser(page, (user) => user.isAnonymous);

    await headerLink().click();
    await page.waitForURL(`${appUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(`${appUrl}/account`);
    await expectHeaderLinkFor('registered', 'Account', PATHS.account);
    await page.getByText(email, { exact: true }).waitFor();
    const registered = await waitForPersistedUser(page, (user) => !user.isAnonymous);
    expect(registered.uid).toBe(guest.uid);
    expect(registered.email).toBe(email);

    // A returning registered visitor: the prerendered page hydrates and "Login" never shows.
    await recordHeaderKinds(page);
    await page.reload();
    await page.getByText(email, { exact: true }).waitFor();
    expect(await page.evaluate(() => window.headerKinds)).toEqual(['unknown', 'registered']);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectHeaderLinkFor('guest', 'Login', PATHS.login);
    const newGuest = await waitForPersistedUser(page, (user) => user.isAnonymous && user.uid !== guest.uid);
    expect(newGuest.uid).not.toBe(guest.uid);
    expect((await readPersistedUser(page))?.isAnonymous).toBe(true);

    expect(consoleErrors).toEqual([]);
  });

  it('resets a forgotten password through the e-mailed link and signs in with the new one', async () => {
    const email = `reset-${Date.now()}@example.com`;
    await page.goto(`${appUrl}/login`);
    await page.locator('header a.account-link[data-session-kind="guest"]').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-Password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${appUrl}/account`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${appUrl}${loginPath({ next: PATHS.account })}`);

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByText('Check your inbox for a link to reset your password.').waitFor();
    const oobCode = await passwordResetCodeFor(email);

    await page.goto(`${appUrl}/login?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}`);
    await page.getByLabel('New password').fill('second-Password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been reset. Sign in with it now.').waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('second-Password-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
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
      const kind = document.querySelector<HTMLElement>('header a.account-link')?.dataset.sessionKind;
      if (kind && window.headerKinds.at(-1) !== kind) window.headerKinds.push(kind);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

/** The code of the password-reset e-mail the Auth Emulator "sent" to `email`. */
async function passwordResetCodeFor(email: string): Promise<string> {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/demo-applyfirst/oobCodes`,
  );
  const { oobCodes } = (await response.json()) as { oobCodes: Array<{ email: string; oobCode: string; requestType: string }> };
  const code = oobCodes.findLast((entry) => entry.email === email && entry.requestType === 'PASSWORD_RESET');
  if (!code) throw new Error(`The emulator has no password-reset code for ${email}.`);
  return code.oobCode;
}

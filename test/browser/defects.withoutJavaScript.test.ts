import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NOTICE_CATALOGUE } from '../../src/machines/session/noticeCatalogue';
import { createAccount, uniqueEmail } from '../support/emulatorAuth';
import { EVERY_PAGE_PATH } from './support/sitePaths';
import { useRawBrowser, type RawTab } from './support/rawTabs';

const PASSWORD = 'Hunter2-very-secret';
const FORM_NOT_READY = /needs JavaScript/;

/** A person types an e-mail address and a password, presses Enter, then clicks "Sign in". */
async function tryToSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Sign in' }).click({ force: true, noWaitAfter: true });
  await page.waitForTimeout(1_000);
}

/** With the fields unusable, keys reach the page: Tab and Enter may follow the skip link to #main. */
function withoutFragment(url: string): string {
  return url.split('#')[0] ?? url;
}

function expectNoCredentialInAnyUrl(tab: RawTab, email: string): void {
  const urls = [...tab.requestedUrls, tab.page.url()];
  const leaking = urls.filter(
    (url) =>
      url.includes(PASSWORD) ||
      url.includes(encodeURIComponent(PASSWORD)) ||
      url.includes(encodeURIComponent(email)) ||
      /[?&](email|password)=/.test(url),
  );
  expect(leaking).toEqual([]);
}

describe('issue 9 #1: no credential ever goes into a URL', () => {
  const browser = useRawBrowser();

  it('with the scripts held back, /login says it is not ready and submits nothing', async () => {
    const tab = await browser.open('/login', { holdScripts: true });
    const email = uniqueEmail('slow-js');
    await tab.page.getByLabel('Email', { exact: true }).waitFor();

    await tryToSignIn(tab.page, email);

    expect(withoutFragment(tab.page.url())).toBe(`${browser.appUrl}/login`);
    expectNoCredentialInAnyUrl(tab, email);
    const note = tab.page.getByRole('status').filter({ hasText: FORM_NOT_READY });
    expect(await note.isVisible()).toBe(true);
  });

  it('with JavaScript off, /login says it needs JavaScript and submits nothing', async () => {
    const tab = await browser.open('/login', { javaScriptEnabled: false });
    const email = uniqueEmail('no-js');
    await tab.page.getByLabel('Email', { exact: true }).waitFor();

    await tryToSignIn(tab.page, email);

    expect(withoutFragment(tab.page.url())).toBe(`${browser.appUrl}/login`);
    expectNoCredentialInAnyUrl(tab, email);
    expect(await tab.page.getByText(FORM_NOT_READY).isVisible()).toBe(true);
  });

  it('with JavaScript off, the e-mailed reset link submits nothing either', async () => {
    const path = '/login?mode=resetPassword&oobCode=code-from-the-email';
    const tab = await browser.open(path, { javaScriptEnabled: false });
    await tab.page.locator('form').first().waitFor();
    await tab.page.locator('form input').first().focus();
    await tab.page.keyboard.type(PASSWORD);
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForTimeout(1_000);

    expect(withoutFragment(tab.page.url())).toBe(`${browser.appUrl}${path}`);
    expect(tab.requestedUrls.filter((url) => url.includes(PASSWORD))).toEqual([]);
  });

  it('once hydrated, Enter in the login and account forms sends nothing through a URL', async () => {
    const email = uniqueEmail('hydrated');
    await createAccount(email, PASSWORD);
    const tab = await browser.open('/login');
    const { page } = tab;
    await page
      .getByRole('button', { name: 'Sign in' })
      .and(page.locator(':not([aria-disabled])'))
      .waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(`${browser.appUrl}/account`);

    const newPassword = 'Another-secret-9';
    // The card's own form: "Change email" has a "Current password" field too.
    const form = page.getByRole('region', { name: 'Change password' }).locator('form').first();
    await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    const field = form.getByLabel('New password', { exact: true });
    await field.fill(newPassword);
    await field.press('Enter');
    await page.getByText(NOTICE_CATALOGUE['password-changed']).waitFor();

    expect(page.url()).toBe(`${browser.appUrl}/account`);
    const leaking = tab.requestedUrls.filter(
      (url) =>
        url.includes(PASSWORD) ||
        url.includes(newPassword) ||
        url.includes(encodeURIComponent(email)),
    );
    expect(leaking).toEqual([]);
  });
});

describe('issue 9 #12: without JavaScript', () => {
  const browser = useRawBrowser();

  it('/account says it needs JavaScript instead of loading forever', async () => {
    const tab = await browser.open('/account', { javaScriptEnabled: false });
    // What is shown depends on the styles: read it once they have loaded.
    await tab.page.waitForLoadState('load');

    // Playwright's text selectors skip <noscript>, so the page is asked directly.
    const shown = await tab.page.evaluate(() =>
      [...document.querySelectorAll('main p')]
        .filter((paragraph) => paragraph.checkVisibility())
        .map((paragraph) => paragraph.textContent?.replace(/\s+/g, ' ').trim()),
    );
    expect(
      shown.some((text) => text?.startsWith('ApplyFirst needs JavaScript for your account.')),
    ).toBe(true);
    expect(shown).not.toContain('Loading your account…');
  });

  it.each(EVERY_PAGE_PATH)('%s: the header shows a working Login link', async (path) => {
    const tab = await browser.open(path, { javaScriptEnabled: false });
    // Which word shows depends on the styles: read it once they have loaded.
    await tab.page.waitForLoadState('load');
    const link = tab.page.getByRole('banner').getByRole('link', { name: 'Login', exact: true });

    // The words are always in the layout (one grid cell); only opacity and visibility tell.
    const shownWords = await link.evaluate((element) =>
      [...element.querySelectorAll('span')]
        .filter((word) => {
          const style = getComputedStyle(word);
          return style.visibility === 'visible' && Number(style.opacity) > 0;
        })
        .map((word) => word.textContent),
    );
    expect(shownWords).toEqual(['Login']);
    expect(await link.getAttribute('href')).toBe('/login');
    await link.click();
    await tab.page.waitForURL(`${browser.appUrl}/login`);
  });
});

import { describe, expect, it } from 'vitest';
import { PATHS } from '../../src/paths';
import { SITE_PAGES } from '../../src/routes/sitePages';
import { createAccount, uniqueEmail } from '../support/emulatorAuth';
import { recordShifts, shiftsOnceSettled } from './support/layoutShifts';
import { submitLogin } from './support/pageDriver';
import { useRawBrowser } from './support/rawTabs';

const PHONE = { width: 375, height: 667 };

describe('layout shift (CLS) on a phone', () => {
  const browser = useRawBrowser();

  it('is 0 for a guest opening /account, whom the browser sends on to /login', async () => {
    const tab = await browser.open('/', { viewport: PHONE });
    await recordShifts(tab.page);
    await tab.page.goto(`${browser.appUrl}${PATHS.account}`);
    await tab.page.waitForURL(/\/login/);
    expect(await shiftsOnceSettled(tab.page)).toEqual([]);
  });

  const guestPages = SITE_PAGES.filter(({ path }) => path !== PATHS.account);
  it.each(guestPages.map(({ path }) => path))('is 0 for a guest opening %s', async (path) => {
    const tab = await browser.open('/', { viewport: PHONE });
    await recordShifts(tab.page);
    await tab.page.goto(`${browser.appUrl}${path}`);
    expect(await shiftsOnceSettled(tab.page)).toEqual([]);
  });

  it('is 0 for a registered user opening each page, once signed in', async () => {
    const email = uniqueEmail('cls');
    await createAccount(email, 'Cls-Password-1');
    const tab = await browser.open(PATHS.login, { viewport: PHONE });
    await submitLogin(tab.page, 'Sign in', email, 'Cls-Password-1');
    await tab.page.locator('header a.account-link[data-session-kind="registered"]').waitFor();
    const shifted: Record<string, number[]> = {};
    for (const { path } of SITE_PAGES) {
      // A new tab of the same browser: the page loads from scratch with the account remembered.
      const page = await tab.context.newPage();
      await recordShifts(page);
      await page.goto(`${browser.appUrl}${path}`);
      const shifts = await shiftsOnceSettled(page, 'registered');
      if (shifts.length > 0) shifted[path] = shifts;
      await page.close();
    }
    expect(shifted).toEqual({});
  });
});

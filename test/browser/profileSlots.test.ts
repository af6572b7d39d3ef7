import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PATHS, PRICING_PATH } from '../../src/paths';
import { checkoutCompleted, newParties, signatureFor } from '../server/support/stripeEvents';
import {
  createAccountInUi,
  expectAt,
  expectNoConsoleErrors,
  useAppBrowser,
} from './support/appTabs';
import { shownList } from './profileLists';
import { saveAlertProfile } from './support/pageDriver';

/** The payment provider's signed "checkout completed" for `uid`, sent to the real backend. */
async function becomePro(backendUrl: string, uid: string): Promise<void> {
  const payload = JSON.stringify(checkoutCompleted(uid, newParties()));
  const response = await fetch(`${backendUrl}/v1/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signatureFor(payload),
    },
    body: payload,
    signal: AbortSignal.timeout(10_000),
  });
  expect(response.status).toBe(200);
}

const profileNav = (page: Page) => page.getByRole('navigation', { name: 'Your alert profiles' });

/**
 * The built app in Chromium against the real backend and the Auth Emulator, at 320 px: a Free
 * user has one profile and is told Pro gives three; once Pro (a signed checkout event), the same
 * user saves a second profile and switches between the two.
 */
describe('alert profile slots in Chromium', () => {
  const app = useAppBrowser();
  const backendUrl = inject('backendUrl');

  it('shows a Free user the limit, and lets a Pro user keep and switch between two profiles', async () => {
    const tab = await app.openTab(PATHS.login);
    const { page } = tab;
    await page.setViewportSize({ width: 320, height: 800 });
    const uid = await createAccountInUi(
      page,
      app.appUrl,
      `slots-${Date.now()}@example.com`,
      'slots-Password-1',
    );

    // Free: one profile, the line about Pro, no list of profiles.
    await page.goto(`${app.appUrl}${PATHS.profile}`);
    await saveAlertProfile(page, 'Frontend engineer');
    const pro = page.getByText('Pro gives you three alert profiles, each with its own CV.');
    await pro.waitFor();
    expect(await page.getByRole('link', { name: 'See Pro' }).getAttribute('href')).toBe(
      PRICING_PATH,
    );
    expect(await profileNav(page).count()).toBe(0);
    await page.goto(`${app.appUrl}${PATHS.profile}?slot=2`);
    await page.getByText('Profile 2 is a Pro profile.').waitFor();
    expect(await page.getByLabel('Target roles (separate them with commas)').count()).toBe(0);

    // Pro: three profiles, the first one saved.
    await becomePro(backendUrl, uid);
    await page.goto(`${app.appUrl}${PATHS.profile}`);
    const links = profileNav(page).getByRole('link');
    await expect
      .poll(() => links.allTextContents())
      .toEqual(['Profile 1: Frontend engineer', 'Profile 2: empty', 'Profile 3: empty']);
    expect(await pro.count()).toBe(0);

    await profileNav(page).getByRole('link', { name: 'Profile 2: empty' }).click();
    await expectAt(page, app.appUrl, `${PATHS.profile}?slot=2`);
    await expect.poll(() => shownList(page, 'roles')).toBe('');
    await saveAlertProfile(page, 'Backend engineer');
    await profileNav(page).getByRole('link', { name: 'Profile 2: Backend engineer' }).waitFor();

    await profileNav(page).getByRole('link', { name: 'Profile 1: Frontend engineer' }).click();
    await expect.poll(() => shownList(page, 'roles')).toBe('Frontend engineer');
    expect(
      await profileNav(page)
        .getByRole('link', { name: 'Profile 1: Frontend engineer' })
        .getAttribute('aria-current'),
    ).toBe('page');

    // Both are stored: a reload of profile 2 shows it again.
    await page.goto(`${app.appUrl}${PATHS.profile}?slot=2`);
    await expect.poll(() => shownList(page, 'roles')).toBe('Backend engineer');

    // Nothing scrolls sideways at 320 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    expectNoConsoleErrors(tab);
  });
});

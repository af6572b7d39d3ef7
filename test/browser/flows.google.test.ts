import { describe, expect, it } from 'vitest';
import { userMessageFor } from '../../src/machines/session/errorCatalogue';
import { uniqueEmail } from '../support/emulatorAuth';
import {
  expectAt,
  expectGuest,
  expectNoConsoleErrors,
  expectRegistered,
  httpFailure,
  useAppBrowser,
  type AppTab,
} from './support/appTabs';
import {
  addGoogleAccount,
  blockPopups,
  chooseGoogleAccount,
  closeGooglePopup,
  nextGooglePopup,
  skipPopupClosedDetection,
  waitForGoogleSignInPage,
} from './support/googlePopup';
import { expectAlert, expectNoAlert, press, readPersistedUser } from './support/pageDriver';
import { PATHS } from '../../src/paths';

/**
 * Named flows of issue 4 (item 3) with Google: the emulator's fake Google sign-in page, opened by
 * the app as a popup or a full-page redirect, with the gapi stand-in serving Google's script.
 */
describe('named session flows (Google)', () => {
  const app = useAppBrowser();
  const CONTINUE_WITH_GOOGLE = 'Continue with Google';

  /** A fresh guest on /login, with the Google stand-ins installed. */
  async function guestOnLogin(options: { fakeClock?: boolean } = {}) {
    const tab = await app.openTab(PATHS.login, { google: true, ...options });
    const guest = await expectGuest(tab.page);
    return { tab, guest };
  }

  /** The tab ends on /account as the registered user `uid` signed in with Google as `email`. */
  async function expectSignedInWithGoogle(tab: AppTab, uid: string, email: string): Promise<void> {
    await expectAt(tab.page, app.appUrl, PATHS.account);
    await tab.page.getByText(email, { exact: true }).waitFor();
    await tab.page.getByText('Google', { exact: true }).waitFor();
    await expectRegistered(tab.page, uid, email);
    await expectNoAlert(tab.page);
  }

  /** A guest links a new Google account `email` through the popup: returns the (kept) uid. */
  async function linkNewGoogleAccountWithPopup(
    email: string,
  ): Promise<{ tab: AppTab; uid: string }> {
    const { tab, guest } = await guestOnLogin();
    const popup = nextGooglePopup(tab.context);
    await press(tab.page, CONTINUE_WITH_GOOGLE);
    await addGoogleAccount(await popup, { email, displayName: 'Flow Tester' });
    await expectSignedInWithGoogle(tab, guest.uid, email);
    return { tab, uid: guest.uid };
  }

  it('Google popup link keeps the uid', async () => {
    const { tab } = await linkNewGoogleAccountWithPopup(uniqueEmail('google-popup'));
    expectNoConsoleErrors(tab);
  });

  it('Google account already in use switches to it (the guest saved nothing: nobody is asked)', async () => {
    const email = uniqueEmail('google-taken');
    const { uid: ownerUid } = await linkNewGoogleAccountWithPopup(email);

    const { tab } = await guestOnLogin();
    const popup = nextGooglePopup(tab.context);
    await press(tab.page, CONTINUE_WITH_GOOGLE);
    await chooseGoogleAccount(await popup, email);
    await expectSignedInWithGoogle(tab, ownerUid, email);
    expect(await tab.page.getByRole('dialog').count()).toBe(0);
    expectNoConsoleErrors(tab, [httpFailure(400, 'accounts:signInWithIdp')]);
  });

  it('popup blocked falls back to a redirect that completes on return', async () => {
    const email = uniqueEmail('google-redirect');
    const { tab, guest } = await guestOnLogin();
    await blockPopups(tab.page);
    await press(tab.page, CONTINUE_WITH_GOOGLE);

    // The tab itself goes to Google's (the emulator's) sign-in page and comes back.
    await waitForGoogleSignInPage(tab.page);
    await addGoogleAccount(tab.page, { email });
    await expectSignedInWithGoogle(tab, guest.uid, email);
    expectNoConsoleErrors(tab);
  });

  it('popup closed shows an error and stays guest (fake clock)', async () => {
    const { tab, guest } = await guestOnLogin({ fakeClock: true });
    const popup = nextGooglePopup(tab.context);
    await press(tab.page, CONTINUE_WITH_GOOGLE);
    await tab.page.getByText('Finish signing in in the Google window.').waitFor();
    await closeGooglePopup(await popup);
    // The SDK notices a closed popup about 10 s later; the fake clock gets there at once.
    await skipPopupClosedDetection(tab.page);

    await expectAlert(tab.page, userMessageFor('popup-closed-by-user'));
    await expectAt(tab.page, app.appUrl, PATHS.login);
    expect((await expectGuest(tab.page)).uid).toBe(guest.uid);
    expect(await readPersistedUser(tab.page)).toMatchObject({ uid: guest.uid, isAnonymous: true });
    // Still a guest who can try again.
    await expect
      .poll(() =>
        tab.page.getByRole('button', { name: CONTINUE_WITH_GOOGLE }).getAttribute('aria-disabled'),
      )
      .toBeNull();
    expectNoConsoleErrors(tab);
  });
});

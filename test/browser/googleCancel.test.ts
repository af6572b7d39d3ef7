import { describe, expect, it } from 'vitest';
import { PATHS } from '../../src/paths';
import { uniqueEmail } from '../support/emulatorAuth';
import {
  expectAt,
  expectGuest,
  expectNoConsoleErrors,
  expectRegistered,
  useAppBrowser,
} from './support/appTabs';
import { addGoogleAccount, nextGooglePopup, skipPopupClosedDetection } from './support/googlePopup';
import { expectNoAlert, press, readPersistedUser } from './support/pageDriver';

/** Issue 9 item 8: Cancel on "Continue with Google" gives up on the Google window too. */
describe('cancelling Continue with Google', () => {
  const app = useAppBrowser();
  const CONTINUE_WITH_GOOGLE = 'Continue with Google';

  it('closes the popup, keeps the guest, and lets the person try again (fake clock)', async () => {
    const tab = await app.openTab(PATHS.login, { google: true, fakeClock: true });
    const guest = await expectGuest(tab.page);

    const firstPopup = nextGooglePopup(tab.context);
    await press(tab.page, CONTINUE_WITH_GOOGLE);
    const popup = await firstPopup;
    await tab.page.getByText('Finish signing in in the Google window.').waitFor();
    await press(tab.page, 'Cancel');

    // Left open, the Google window could still link the guest behind the person's back.
    await expect.poll(() => popup.isClosed(), { timeout: 5_000 }).toBe(true);
    // The SDK's own verdict on the closed popup (popup-closed-by-user) comes too late to matter.
    await skipPopupClosedDetection(tab.page);
    await expectAt(tab.page, app.appUrl, PATHS.login);
    expect((await expectGuest(tab.page)).uid).toBe(guest.uid);
    expect(await readPersistedUser(tab.page)).toMatchObject({ uid: guest.uid, isAnonymous: true });
    await expectNoAlert(tab.page);

    // "Continue with Google" works again, and links the same guest.
    const email = uniqueEmail('google-after-cancel');
    const secondPopup = nextGooglePopup(tab.context);
    await press(tab.page, CONTINUE_WITH_GOOGLE);
    await addGoogleAccount(await secondPopup, { email });
    await expectAt(tab.page, app.appUrl, PATHS.account);
    await expectRegistered(tab.page, guest.uid, email);
    expectNoConsoleErrors(tab);
  });
});

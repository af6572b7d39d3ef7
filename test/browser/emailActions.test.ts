import { signInWithEmailAndPassword, updateEmail } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { userMessageFor } from '../../src/machines/session/errorCatalogue';
import { NOTICE_CATALOGUE } from '../../src/machines/session/noticeCatalogue';
import { PATHS } from '../../src/paths';
import { listOobCodes, type OobCode } from '../support/emulatorAdmin';
import { createAccount, createTestAuth, uniqueEmail } from '../support/emulatorAuth';
import {
  createAccountInUi,
  expectAt,
  expectGuest,
  expectNoConsoleErrors,
  expectRegistered,
  httpFailure,
  useAppBrowser,
} from './support/appTabs';
import {
  accountDetail,
  askForSignInLink,
  changeEmail,
  expectAlert,
  expectNotice,
  press,
  saveAlertProfile,
  submitLogin,
} from './support/pageDriver';
import { shownList } from './profileLists';
import { appLinkOf } from '../../scripts/emails';

/**
 * Issue 11 in Chromium, against the Auth Emulator and the real backend: every e-mailed flow from
 * the UI. The e-mails are the emulator's (its oobCodes endpoint); each link is opened on the app's
 * own handler page, as the project's action URL would send people there.
 */
describe('e-mailed links: sign-in, verification, address change', () => {
  const app = useAppBrowser();
  const PASSWORD = 'Emailed-Links-1';

  /**
   * The newest e-mail of `type` to `email` (other than the link `notAgain`), once the emulator
   * has it, as a path on the app.
   */
  async function emailedLink(email: string, type: string, notAgain?: string): Promise<string> {
    let found: OobCode | undefined;
    await expect
      .poll(async () => {
        const codes = (await listOobCodes()).filter(
          (code) => code.email === email.toLowerCase() && code.requestType === type,
        );
        found = codes.at(-1);
        return found !== undefined && pathOf(found) !== notAgain;
      })
      .toBe(true);
    return pathOf(found!);
  }

  function pathOf(code: OobCode): string {
    return appLinkOf(code.oobLink, app.appUrl).replace(app.appUrl, '');
  }

  async function emailsOf(email: string, type: string): Promise<number> {
    const codes = await listOobCodes();
    return codes.filter((code) => code.email === email.toLowerCase() && code.requestType === type)
      .length;
  }

  it('a guest signs in with a link on this device: same uid, so the saved profile stays', async () => {
    const tab = await app.openTab(PATHS.profile);
    const guest = await expectGuest(tab.page);
    await saveAlertProfile(tab.page, 'Link role');
    const email = uniqueEmail('link-guest');

    await tab.page.goto(`${app.appUrl}${PATHS.login}`);
    await askForSignInLink(tab.page, email);
    await expectNotice(tab.page, NOTICE_CATALOGUE['sign-in-link-sent']);
    await tab.page.goto(`${app.appUrl}${await emailedLink(email, 'EMAIL_SIGNIN')}`);

    await expectAt(tab.page, app.appUrl, PATHS.account);
    await expectRegistered(tab.page, guest.uid, email);
    await expect.poll(() => accountDetail(tab.page, 'Email verified').textContent()).toBe('Yes');
    await tab.page.goto(`${app.appUrl}${PATHS.profile}`);
    await expect.poll(() => shownList(tab.page, 'roles')).toBe('Link role');
    expectNoConsoleErrors(tab);
  });

  it('on another device the link asks for the address, refuses another one, then signs in', async () => {
    const asker = await app.openTab(PATHS.login);
    await expectGuest(asker.page);
    const email = uniqueEmail('link-device');
    await askForSignInLink(asker.page, email);
    await expectNotice(asker.page, NOTICE_CATALOGUE['sign-in-link-sent']);
    const link = await emailedLink(email, 'EMAIL_SIGNIN');

    const other = await app.openTab(link);
    await expectAlert(other.page, userMessageFor('email-link-needs-address'));
    const guest = await expectGuest(other.page);
    await other.page.getByLabel('Email', { exact: true }).fill(uniqueEmail('someone-else'));
    await press(other.page, 'Sign in with this link');
    await expectAlert(other.page, userMessageFor('email-link-wrong-address'));

    await other.page.getByLabel('Email', { exact: true }).fill(email);
    await press(other.page, 'Sign in with this link');
    await expectAt(other.page, app.appUrl, PATHS.account);
    await expectRegistered(other.page, guest.uid, email);
    // The failed attempt (EMAIL_MISMATCH) is a refused request the browser logs.
    expectNoConsoleErrors(other, [/status of 400/]);
  });

  it('an address that has an account: a new link signs in to it, and the guest’s work is offered', async () => {
    const email = uniqueEmail('link-existing');
    const accountUid = await createAccount(email, PASSWORD);
    const tab = await app.openTab(PATHS.profile);
    await expectGuest(tab.page);
    await saveAlertProfile(tab.page, 'Guest role');
    await tab.page.goto(`${app.appUrl}${PATHS.login}`);
    await askForSignInLink(tab.page, email);
    await expectNotice(tab.page, NOTICE_CATALOGUE['sign-in-link-sent']);

    const refused = await emailedLink(email, 'EMAIL_SIGNIN');
    await tab.page.goto(`${app.appUrl}${refused}`);
    await expectAlert(tab.page, userMessageFor('email-link-account-exists'));
    await tab.page.goto(`${app.appUrl}${await emailedLink(email, 'EMAIL_SIGNIN', refused)}`);

    const offer = tab.page.getByRole('dialog', { name: 'Bring your guest work to this account?' });
    await press(offer, 'Leave it');
    await offer.waitFor({ state: 'detached' });
    await expectRegistered(tab.page, accountUid, email);
    await expectNotice(tab.page, NOTICE_CATALOGUE['guest-work-left']);
    // Linking the used-up link to the guest was refused (EMAIL_EXISTS, then INVALID_OOB_CODE).
    expectNoConsoleErrors(tab, [/status of 400/]);
  });

  it('sign-up sends the verification e-mail; its link confirms the address at once, and in another tab on refresh', async () => {
    const tab = await app.openTab(PATHS.login);
    const email = uniqueEmail('verify');
    await createAccountInUi(tab.page, app.appUrl, email, PASSWORD);
    await expectNotice(tab.page, NOTICE_CATALOGUE['verification-sent']);
    await expect
      .poll(() => accountDetail(tab.page, 'Email verified').textContent())
      .toBe('Not yet');
    const sibling = await app.openSiblingTab(tab, PATHS.account);
    await expect
      .poll(() => accountDetail(sibling.page, 'Email verified').textContent())
      .toBe('Not yet');

    await tab.page.goto(`${app.appUrl}${await emailedLink(email, 'VERIFY_EMAIL')}`);
    await tab.page.getByRole('heading', { name: 'Confirm your email address' }).waitFor();
    await expectNotice(tab.page, NOTICE_CATALOGUE['email-verified']);
    await tab.page.getByRole('link', { name: 'Continue' }).click();
    await expectAt(tab.page, app.appUrl, PATHS.account);
    await expect.poll(() => accountDetail(tab.page, 'Email verified').textContent()).toBe('Yes');
    expect(await tab.page.getByRole('button', { name: 'Send verification email' }).count()).toBe(0);

    await press(sibling.page, 'Check for updates');
    await expect
      .poll(() => accountDetail(sibling.page, 'Email verified').textContent())
      .toBe('Yes');
    expectNoConsoleErrors(tab);
    expectNoConsoleErrors(sibling);
  });

  it('the account page sends the verification e-mail again, then waits before the next', async () => {
    const tab = await app.openTab(PATHS.login);
    const email = uniqueEmail('verify-again');
    await createAccountInUi(tab.page, app.appUrl, email, PASSWORD);
    const sent = await emailsOf(email, 'VERIFY_EMAIL');
    await press(tab.page, 'Send verification email');
    await expectNotice(tab.page, NOTICE_CATALOGUE['verification-sent']);
    await expect.poll(() => emailsOf(email, 'VERIFY_EMAIL')).toBe(sent + 1);
    const again = tab.page.getByRole('button', { name: 'Send verification email' });
    expect(await again.getAttribute('aria-disabled')).toBe('true');
    expectNoConsoleErrors(tab);
  });

  it('changes the address from the new address’s link, and the old address can undo a change', async () => {
    const tab = await app.openTab(PATHS.login);
    const email = uniqueEmail('change-old');
    const uid = await createAccountInUi(tab.page, app.appUrl, email, PASSWORD);
    const newEmail = uniqueEmail('change-new');

    await changeEmail(tab.page, newEmail, PASSWORD);
    await expectNotice(tab.page, NOTICE_CATALOGUE['email-change-sent']);
    expect(await accountDetail(tab.page, 'Email').textContent()).toBe(email);
    // The emulator lists the change under the address it changes from.
    await tab.page.goto(`${app.appUrl}${await emailedLink(email, 'VERIFY_AND_CHANGE_EMAIL')}`);
    await tab.page.getByRole('heading', { name: 'Change your email address' }).waitFor();
    await expectNotice(tab.page, NOTICE_CATALOGUE['email-changed']);
    await tab.page.getByRole('link', { name: 'Continue' }).click();
    await expectRegistered(tab.page, uid, newEmail);
    expect(await accountDetail(tab.page, 'Email').textContent()).toBe(newEmail);

    // Someone changes it again directly (another device), which ends this session. The emulator
    // e-mails an undo link to the address it changed from only for such direct changes, so that is
    // how the undo is made here.
    const stolen = uniqueEmail('change-stolen');
    // The emulator ends sessions whose token was issued before the change's second, not in it:
    // let this tab's token (refreshed when the address changed) be a second older.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const { user } = await signInWithEmailAndPassword(createTestAuth(), newEmail, PASSWORD);
    await updateEmail(user, stolen);
    await tab.page.goto(`${app.appUrl}${await emailedLink(newEmail, 'RECOVER_EMAIL')}`);
    await tab.page.getByRole('heading', { name: 'Undo the email address change' }).waitFor();
    await expectNotice(tab.page, NOTICE_CATALOGUE['email-change-undone']);
    // The ended session was signed out: a fresh guest, and the restored address signs in.
    await expectGuest(tab.page, [uid]);
    await tab.page.goto(`${app.appUrl}${PATHS.login}`);
    await submitLogin(tab.page, 'Sign in', newEmail, PASSWORD);
    await expectRegistered(tab.page, uid, newEmail);
    expectNoConsoleErrors(tab, [httpFailure(400, 'accounts:lookup')]);
  });

  it('a used link says so, and offers a new one', async () => {
    const tab = await app.openTab(PATHS.login);
    const email = uniqueEmail('verify-twice');
    await createAccountInUi(tab.page, app.appUrl, email, PASSWORD);
    const link = await emailedLink(email, 'VERIFY_EMAIL');
    await tab.page.goto(`${app.appUrl}${link}`);
    await expectNotice(tab.page, NOTICE_CATALOGUE['email-verified']);

    await tab.page.goto(`${app.appUrl}${link}`);
    await expectAlert(tab.page, userMessageFor('invalid-action-code'));
    expectNoConsoleErrors(tab, [/status of 400/]);
  });
});

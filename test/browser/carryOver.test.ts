import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { signInWithCustomToken, signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AlertProfileInput, GetProfilesResponse } from '../../contract';
import { loginPath, PATHS } from '../../src/paths';
import { validProfile } from '../server/support/profiles';
import { accountExists } from '../support/emulatorAdmin';
import {
  createAccount,
  createTestAuth,
  TEST_FIREBASE_CONFIG,
  uniqueEmail,
} from '../support/emulatorAuth';
import {
  createAccountInUi,
  expectAt,
  expectGuest,
  expectNoConsoleErrors,
  useAppBrowser,
} from './support/appTabs';
import {
  deleteAccount,
  expectNotice,
  press,
  saveAlertProfile,
  submitLogin,
} from './support/pageDriver';
import { shownList } from './profileLists';
import { NOTICE_CATALOGUE } from '../../src/machines/session/noticeCatalogue';

/**
 * Issue 10 in Chromium, against the Auth Emulator and the real backend (in-memory PGlite): a guest
 * who saved a profile signs in to an existing account and brings the profile or leaves it; a
 * deleted account leaves nothing behind. "Nothing left" is asked of the backend itself: a user
 * with the same uid (a custom token from the Admin SDK) finds no profile and no CV in any slot.
 */
describe('a guest’s work when signing in, and an account deleted', () => {
  const app = useAppBrowser();
  const backendUrl = inject('backendUrl');
  const PASSWORD = 'Carry-Password-1';
  const admin = initializeApp({ projectId: TEST_FIREBASE_CONFIG.projectId }, 'carry-over-test');

  afterAll(async () => {
    await deleteApp(admin);
  });

  /** Saves `body` as the profile of the user whose ID token this is. */
  async function saveBackendProfile(idToken: string, body: AlertProfileInput): Promise<Response> {
    return fetch(`${backendUrl}/v1/profile`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** What the backend holds for `uid` in every slot, asked as a user with that uid. */
  async function storedFor(uid: string): Promise<GetProfilesResponse['profiles']> {
    const token = await getAdminAuth(admin).createCustomToken(uid);
    const { user } = await signInWithCustomToken(createTestAuth(), token);
    const response = await fetch(`${backendUrl}/v1/profiles`, {
      headers: { Authorization: `Bearer ${await user.getIdToken()}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as GetProfilesResponse).profiles;
  }

  /**
   * A user deleted or carried over is recorded as gone: the backend refuses every token of that
   * uid, even one minted anew, so nothing of it can be read or stored again.
   */
  async function expectRefusedAsGone(uid: string): Promise<void> {
    const token = await getAdminAuth(admin).createCustomToken(uid);
    const { user } = await signInWithCustomToken(createTestAuth(), token);
    const response = await fetch(`${backendUrl}/v1/profiles`, {
      headers: { Authorization: `Bearer ${await user.getIdToken()}` },
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('user-not-found');
  }

  /** An account registered earlier (another device) with its own profile. */
  async function existingAccountWithProfile(roles: string[]) {
    const email = uniqueEmail('carry-account');
    const uid = await createAccount(email, PASSWORD);
    const { user } = await signInWithEmailAndPassword(createTestAuth(), email, PASSWORD);
    const saved = await saveBackendProfile(
      await user.getIdToken(),
      validProfile({ targetRoles: roles }),
    );
    expect(saved.status).toBe(200);
    return { email, uid };
  }

  /** A guest saves a profile, then signs in to `email` from the login page; the offer opens. */
  async function guestWithProfileSignsIn(email: string) {
    const tab = await app.openTab(PATHS.profile);
    const guest = await expectGuest(tab.page);
    await saveAlertProfile(tab.page, 'Guest role');
    await tab.page.goto(`${app.appUrl}${loginPath({ next: PATHS.profile })}`);
    await submitLogin(tab.page, 'Sign in', email, PASSWORD);
    const offer = tab.page.getByRole('dialog', { name: 'Bring your guest work to this account?' });
    await offer.waitFor();
    return { tab, guest, offer };
  }

  it.each([
    {
      outcome: 'brings the guest’s profile into the account (merged)',
      choice: 'Bring it, merged with this account’s profile',
      roles: 'Account role, Guest role',
    },
    {
      outcome: 'leaves the guest’s profile: the account’s stays as it was',
      choice: 'Leave it',
      roles: 'Account role',
    },
  ])('$outcome, and the guest is gone', async ({ choice, roles }) => {
    const account = await existingAccountWithProfile(['Account role']);
    const { tab, guest, offer } = await guestWithProfileSignsIn(account.email);

    await press(offer, choice);

    await offer.waitFor({ state: 'detached' });
    await expectAt(tab.page, app.appUrl, PATHS.profile);
    await expect.poll(() => shownList(tab.page, 'roles')).toBe(roles);
    expect(await accountExists(guest.uid)).toBe(false);
    await expectRefusedAsGone(guest.uid);
    expectNoConsoleErrors(tab);
  });

  it('deleting the account leaves nothing of it, in Firebase or the database', async () => {
    const tab = await app.openTab(PATHS.profile);
    await expectGuest(tab.page);
    await saveAlertProfile(tab.page, 'Doomed role');
    await tab.page.goto(`${app.appUrl}${PATHS.login}`);
    const uid = await createAccountInUi(
      tab.page,
      app.appUrl,
      uniqueEmail('carry-delete'),
      PASSWORD,
    );
    expect((await storedFor(uid))[0]?.profile?.targetRoles).toEqual(['Doomed role']);

    await deleteAccount(tab.page);

    await expectNotice(tab.page, NOTICE_CATALOGUE['account-deleted']);
    await expectGuest(tab.page, [uid]);
    expect(await accountExists(uid)).toBe(false);
    await expectRefusedAsGone(uid);
    expectNoConsoleErrors(tab);
  });
});

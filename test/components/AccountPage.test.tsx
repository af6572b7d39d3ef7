import { configure, cleanup, screen, waitFor, within } from '@testing-library/react';
import { personAtKeyboard } from './person';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../src/config';
import { userMessageFor } from '../../src/machines/session/errorCatalogue';
import { NOTICE_CATALOGUE } from '../../src/machines/session/noticeCatalogue';
import type { RestoreResult, SessionUser } from '../../src/machines/session/sessionTypes';
import {
  createFakeSession,
  currentLocation,
  deferred,
  failure,
  googleOnlyUser,
  guestUser,
  registeredUser,
  renderWithSession,
} from '../support/sessionTestProvider';
import { loginPath, PATHS } from '../../src/paths';
import { loadBrowserPlan } from '../../src/ui/plan/browserPlanRuntime';
import { PRO_RENEWING } from '../support/planFixtures';

// The account's sections load as their own chunk once the user is known: slow on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// The plan section's backend read: Free unless a test says otherwise.
vi.mock('../../src/ui/plan/browserPlanRuntime', async () => {
  const { NEVER_PAID } = await import('../support/planFixtures');
  return { loadBrowserPlan: vi.fn(async () => NEVER_PAID) };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function accountPageFor(
  user: SessionUser = registeredUser,
  session = createFakeSession(user),
) {
  renderWithSession({ session, path: PATHS.account });
  await screen.findByRole('heading', { name: 'Your account', level: 1 });
  await screen.findByText(user.email ?? 'No email address');
  return { session, person: personAtKeyboard() };
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

const idleButton = (name: string, root: HTMLElement = document.body) =>
  waitFor(() => {
    const button = within(root).getByRole('button', { name });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    return button;
  });

describe('AccountPage', () => {
  it('sends a guest to sign in first, and back here afterwards', async () => {
    renderWithSession({ session: createFakeSession(guestUser), path: PATHS.account });
    await waitFor(() => expect(currentLocation()).toBe(loginPath({ next: PATHS.account })));

    const person = personAtKeyboard();
    await person.type(screen.getByLabelText('Email'), 'ada@example.com');
    await person.type(screen.getByLabelText('Password'), 'secret1');
    await person.click(await idleButton('Sign in'));
    await waitFor(() => expect(currentLocation()).toBe(PATHS.account));
  });

  it('shows a loading state while restoring, not a redirect', async () => {
    const session = createFakeSession(registeredUser);
    const restoring = deferred<RestoreResult>();
    session.operations.restoreSession.mockReturnValueOnce(restoring.promise);
    renderWithSession({ session, path: PATHS.account });
    expect((await screen.findByText('Loading your account…')).getAttribute('role')).toBe('status');
    expect(currentLocation()).toBe(PATHS.account);
    // The intro is there before the session is known, and stays as the sections fill in.
    const intro = () => screen.getByText(/^Your sign-in details, your job alert profile and plan/);
    const shown = intro();
    restoring.resolve({ user: registeredUser, redirectError: null });
    await screen.findByText('ada@example.com');
    expect(screen.queryByText('Loading your account…')).toBeNull();
    expect(intro()).toBe(shown);
  });

  it("shows the user's details with readable dates", async () => {
    await accountPageFor();
    const details = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling!;
    expect(details('Email').textContent).toBe('ada@example.com');
    expect(details('Email verified').textContent).toBe('Yes');
    expect(details('Sign-in methods').textContent).toBe('Email and password, Google');
    const memberSince = details('Member since').querySelector('time')!;
    expect(memberSince.getAttribute('datetime')).toBe('2024-01-02T09:30:00.000Z');
    expect(memberSince.textContent).toMatch(/2024/);
    expect(memberSince.textContent).toMatch(/January|Jan/);
    expect(details('Last sign-in').querySelector('time')!.getAttribute('datetime')).toBe(
      '2024-03-15T18:05:00.000Z',
    );
  });

  it('shows the plan, with "Manage billing" only for a customer', async () => {
    await accountPageFor();
    await within(section('Your plan')).findByText('Free');
    expect(screen.queryByRole('link', { name: 'Manage billing' })).toBeNull();
    cleanup();

    vi.mocked(loadBrowserPlan).mockResolvedValueOnce(PRO_RENEWING);
    await accountPageFor();
    await within(section('Your plan')).findByText('Pro');
    expect(screen.getByRole('link', { name: 'Manage billing' }).getAttribute('href')).toBe(
      config.billingPortalUrl,
    );
  });

  it('signs out (showing progress), then lands on /login, which says so', async () => {
    const session = createFakeSession(registeredUser);
    const signingOut = deferred<void>();
    session.operations.signOut.mockReturnValueOnce(signingOut.promise);
    const { person } = await accountPageFor(registeredUser, session);
    const signOut = await idleButton('Sign out');
    await person.click(signOut);
    await person.click(signOut);
    expect(signOut.getAttribute('aria-busy')).toBe('true');
    expect(signOut.textContent).toBe('Signing out…');
    expect(session.operations.signOut).toHaveBeenCalledTimes(1);
    signingOut.resolve();
    // Signed out here: the login page, saying so (not "sign in to see your account").
    await waitFor(() => expect(currentLocation()).toBe(PATHS.login));
    await screen.findByText(NOTICE_CATALOGUE['you-signed-out']);
    expect(session.operations.startGuest).toHaveBeenCalledTimes(1);
  });

  it('checks for account updates and says so', async () => {
    const { session, person } = await accountPageFor();
    await person.click(await idleButton('Check for updates'));
    expect(session.operations.refreshSession).toHaveBeenCalledTimes(1);
    const notice = await within(section('Session')).findByText(
      NOTICE_CATALOGUE['session-refreshed'],
    );
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('sends a password reset e-mail to the account address', async () => {
    const { session, person } = await accountPageFor();
    await person.click(await idleButton('Send password reset email'));
    expect(session.operations.sendPasswordReset).toHaveBeenCalledWith({ email: 'ada@example.com' });
    await within(section('Reset password by email')).findByText(
      NOTICE_CATALOGUE['password-reset-sent'],
    );
  });

  describe('changing the password', () => {
    it('checks the new password against the policy before sending it', async () => {
      const { session, person } = await accountPageFor();
      const form = section('Change password');
      await person.type(within(form).getByLabelText('Current password'), 'secret1');
      const password = within(form).getByLabelText('New password');
      expect(password.getAttribute('autocomplete')).toBe('new-password');
      await person.type(password, 'abc');
      await person.click(await idleButton('Change password', form));
      expect((await within(form).findByRole('alert')).textContent).toBe(
        'Choose a password that meets every requirement listed.',
      );
      expect(document.activeElement).toBe(password);
      expect(session.operations.changePassword).not.toHaveBeenCalled();
    });

    it('changes it, then clears the field and says so', async () => {
      const { session, person } = await accountPageFor();
      const form = section('Change password');
      const current = within(form).getByLabelText('Current password') as HTMLInputElement;
      expect(current.getAttribute('autocomplete')).toBe('current-password');
      await person.type(current, 'secret1');
      const password = within(form).getByLabelText('New password') as HTMLInputElement;
      await person.type(password, 'a-new-secret');
      await person.click(await idleButton('Change password', form));
      // The account holder proves it is them with the current password (OWASP ASVS).
      expect(session.operations.changePassword).toHaveBeenCalledWith({
        newPassword: 'a-new-secret',
        currentPassword: 'secret1',
      });
      expect(current.value).toBe('');
      await within(form).findByText('Your password has been changed.');
      expect(password.value).toBe('');
    });

    it('asks for the current password when a recent sign-in is needed, then finishes the change', async () => {
      const session = createFakeSession(registeredUser);
      session.operations.changePassword.mockRejectedValueOnce(failure('requires-recent-login'));
      session.operations.reauthenticate.mockRejectedValueOnce(failure('wrong-password'));
      const { person } = await accountPageFor(registeredUser, session);
      const form = section('Change password');
      await person.type(within(form).getByLabelText('Current password'), 'secret1');
      await person.type(within(form).getByLabelText('New password'), 'a-new-secret');
      await person.click(await idleButton('Change password', form));

      const confirm = await within(form).findByRole('group', { name: 'Confirm it’s you' });
      const purpose = within(confirm).getByText('Confirm it’s you to change your password.');
      expect(confirm.getAttribute('aria-describedby')).toBe(purpose.id);
      expect(within(confirm).getByRole('alert').textContent).toBe(
        'For your security, please sign in again to continue.',
      );
      const current = within(confirm).getByLabelText('Current password');
      expect(current.getAttribute('autocomplete')).toBe('current-password');
      await waitFor(() => expect(document.activeElement).toBe(current));
      // Everything else waits meanwhile.
      expect(screen.getByRole('button', { name: 'Sign out' }).getAttribute('aria-disabled')).toBe(
        'true',
      );

      await person.type(current, 'not-it');
      await person.click(within(confirm).getByRole('button', { name: 'Confirm' }));
      expect(session.operations.reauthenticate).toHaveBeenLastCalledWith({ password: 'not-it' });
      await within(confirm).findByText(userMessageFor('wrong-password'));
      expect((current as HTMLInputElement).value).toBe('not-it');

      await person.clear(current);
      await person.type(current, 'secret1');
      await person.click(await idleButton('Confirm', confirm));
      expect(session.operations.reauthenticate).toHaveBeenLastCalledWith({ password: 'secret1' });
      await within(form).findByText('Your password has been changed.');
      expect(session.operations.changePassword).toHaveBeenCalledTimes(2);
      expect(within(form).queryByRole('group', { name: 'Confirm it’s you' })).toBeNull();
    });

    it('lets a Google-only user confirm with Google', async () => {
      const session = createFakeSession(googleOnlyUser);
      session.operations.changePassword.mockRejectedValueOnce(failure('requires-recent-login'));
      const { person } = await accountPageFor(googleOnlyUser, session);
      const form = section('Add a password');
      await person.type(within(form).getByLabelText('New password'), 'a-new-secret');
      await person.click(await idleButton('Add password', form));

      const confirm = await within(form).findByRole('group', { name: 'Confirm it’s you' });
      expect(within(confirm).getByText('Confirm it’s you to add a password.')).toBeTruthy();
      expect(within(confirm).queryByLabelText('Current password')).toBeNull();
      const google = within(confirm).getByRole('button', { name: 'Confirm with Google' });
      await waitFor(() => expect(document.activeElement).toBe(google));
      await person.click(google);
      expect(session.operations.reauthenticate).toHaveBeenCalledWith({});
      await within(form).findByText('Your password has been changed.');
    });

    it('can give up on re-authenticating', async () => {
      const session = createFakeSession(registeredUser);
      session.operations.changePassword.mockRejectedValueOnce(failure('requires-recent-login'));
      const { person } = await accountPageFor(registeredUser, session);
      const form = section('Change password');
      await person.type(within(form).getByLabelText('Current password'), 'secret1');
      await person.type(within(form).getByLabelText('New password'), 'a-new-secret');
      await person.click(await idleButton('Change password', form));
      const confirm = await within(form).findByRole('group', { name: 'Confirm it’s you' });
      await person.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await idleButton('Change password', form);
      expect(within(form).queryByRole('group', { name: 'Confirm it’s you' })).toBeNull();
      expect(session.operations.reauthenticate).not.toHaveBeenCalled();
    });
  });

  describe('deleting the account', () => {
    it('needs the typed confirmation, then deletes and leaves as a new guest', async () => {
      const { session, person } = await accountPageFor();
      await person.click(await idleButton('Delete account…'));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      const confirmation = within(dialog).getByLabelText('Type DELETE to confirm');
      expect(document.activeElement).toBe(confirmation);

      await person.type(confirmation, 'delete me');
      await person.click(within(dialog).getByRole('button', { name: 'Delete account' }));
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Type DELETE in capital letters to confirm.',
      );
      expect(session.operations.deleteAccount).not.toHaveBeenCalled();

      await person.clear(confirmation);
      await person.type(confirmation, 'DELETE');
      await person.click(within(dialog).getByRole('button', { name: 'Delete account' }));
      expect(session.operations.deleteAccount).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(currentLocation()).toBe(loginPath({ next: PATHS.account })));
      expect(await screen.findByText(NOTICE_CATALOGUE['account-deleted'])).toBeTruthy();
    });

    it('can be cancelled', async () => {
      const { session, person } = await accountPageFor();
      await person.click(await idleButton('Delete account…'));
      const dialog = await screen.findByRole('dialog');
      await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(session.operations.deleteAccount).not.toHaveBeenCalled();
    });

    it('asks for a recent sign-in inside the dialog when the provider wants one', async () => {
      const session = createFakeSession(registeredUser);
      session.operations.deleteAccount.mockRejectedValueOnce(failure('requires-recent-login'));
      const { person } = await accountPageFor(registeredUser, session);
      await person.click(await idleButton('Delete account…'));
      const dialog = await screen.findByRole('dialog');
      await person.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
      await person.click(within(dialog).getByRole('button', { name: 'Delete account' }));

      const confirm = await within(dialog).findByRole('group', { name: 'Confirm it’s you' });
      expect(within(confirm).getByText('Confirm it’s you to delete your account.')).toBeTruthy();
      await person.type(within(confirm).getByLabelText('Current password'), 'secret1');
      await person.click(within(confirm).getByRole('button', { name: 'Confirm' }));
      expect(session.operations.reauthenticate).toHaveBeenCalledWith({ password: 'secret1' });
      await waitFor(() => expect(session.operations.deleteAccount).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(currentLocation()).toBe(loginPath({ next: PATHS.account })));
    });

    it('shows a failure in the dialog', async () => {
      const session = createFakeSession(registeredUser);
      session.operations.deleteAccount.mockRejectedValueOnce(failure('network-request-failed'));
      const { person } = await accountPageFor(registeredUser, session);
      await person.click(await idleButton('Delete account…'));
      const dialog = await screen.findByRole('dialog');
      await person.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
      await person.click(within(dialog).getByRole('button', { name: 'Delete account' }));
      expect(await within(dialog).findByText(/Could not reach the server/)).toBeTruthy();
      expect(currentLocation()).toBe(PATHS.account);
    });
  });

  it('shows "Failed to create session" with Retry instead of the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = createFakeSession(registeredUser);
    session.operations.restoreSession.mockRejectedValueOnce(failure('network-request-failed'));
    renderWithSession({ session, path: PATHS.account });
    expect(await screen.findByText('Failed to create session')).toBeTruthy();
    await personAtKeyboard().click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('ada@example.com');
  });
});

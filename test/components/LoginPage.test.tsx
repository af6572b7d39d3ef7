import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { personAtKeyboard } from './person';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeSession,
  currentLocation,
  deferred,
  failure,
  guestUser,
  registeredUser,
  renderWithSession,
} from '../support/sessionTestProvider';
import { userMessageFor } from '../../src/machines/session/errorCatalogue';
import { NOTICE_CATALOGUE } from '../../src/machines/session/noticeCatalogue';
import type { AccountCreated } from '../../src/machines/session/sessionTypes';
import { PATHS } from '../../src/paths';

afterEach(cleanup);

const alertWith = (text: string | RegExp) =>
  screen.findByText(text, { selector: '[role="alert"], [role="alert"] *' });

async function readyLoginForm(path: string = PATHS.login, session = createFakeSession()) {
  const rendered = renderWithSession({ path, session });
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Password');
  // The session is ready once the guest is restored and the buttons accept presses.
  await waitFor(() =>
    expect(
      screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled'),
    ).toBeNull(),
  );
  return { ...rendered, email, password, user: personAtKeyboard() };
}

describe('LoginPage', () => {
  it('has labelled fields with the right autocomplete values and all the actions', async () => {
    const { email, password } = await readyLoginForm();
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    for (const name of [
      'Sign in',
      'Create account',
      'Continue with Google',
      'Email me a sign-in link',
      'Forgot password?',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('shows and hides the password', async () => {
    const { password, user } = await readyLoginForm();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('asks for an e-mail address before sending anything', async () => {
    const { session, email, user } = await readyLoginForm();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await alertWith('Enter your email address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-describedby')).toBe(screen.getAllByRole('alert')[0]!.id);
    expect(session.operations.signIn).not.toHaveBeenCalled();
  });

  it('checks a new password against the policy live, and refuses one that fails it', async () => {
    const { session, email, password, user } = await readyLoginForm();
    const requirement = screen.getByText('At least 6 characters').closest('li')!;
    expect(requirement.getAttribute('data-met')).toBe('false');

    await user.type(email, 'ada@example.com');
    await user.type(password, 'abc');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await alertWith('Choose a password that meets every requirement listed.')).toBeTruthy();
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(session.operations.createAccount).not.toHaveBeenCalled();

    await user.type(password, 'defg');
    expect(requirement.getAttribute('data-met')).toBe('true');
  });

  it('creates an account by linking the guest, once, showing progress, then goes to /account', async () => {
    const session = createFakeSession();
    const linking = deferred<AccountCreated>();
    session.operations.createAccount.mockReturnValueOnce(linking.promise);
    renderWithSession({ session });
    const user = personAtKeyboard();
    await waitFor(() => expect(session.operations.restoreSession).toHaveBeenCalled());

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    const create = screen.getByRole('button', { name: 'Create account' });
    await waitFor(() => expect(create.getAttribute('aria-disabled')).toBeNull());
    await user.dblClick(create);
    await user.keyboard('{Enter}');

    expect(create.getAttribute('aria-busy')).toBe('true');
    expect(create.textContent).toBe('Creating account…');
    expect(session.operations.createAccount).toHaveBeenCalledTimes(1);
    expect(session.operations.createAccount).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expect(session.operations.signIn).not.toHaveBeenCalled();

    linking.resolve({
      user: {
        ...guestUser,
        email: 'ada@example.com',
        isAnonymous: false,
        providerIds: ['password'],
      },
      verificationSent: true,
    });
    await waitFor(() => expect(currentLocation()).toBe(PATHS.account));
  });

  it('signs in and returns to the ?next= page', async () => {
    const { session, email, password, user } = await readyLoginForm(
      `${PATHS.login}?next=%2Fblog%3Fpage%3D2`,
    );
    await user.type(email, 'ada@example.com');
    await user.type(password, 'secret1{Enter}');
    expect(session.operations.signIn).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'secret1',
    });
    await waitFor(() => expect(currentLocation()).toBe('/blog?page=2'));
  });

  it('never follows a ?next= to another site', async () => {
    const { email, password, user } = await readyLoginForm(
      `${PATHS.login}?next=https%3A%2F%2Fevil.example%2F`,
    );
    await user.type(email, 'ada@example.com');
    await user.type(password, 'secret1{Enter}');
    await waitFor(() => expect(currentLocation()).toBe(PATHS.account));
  });

  it('shows a failed sign-in as readable text and keeps what was typed', async () => {
    const session = createFakeSession();
    session.operations.signIn.mockRejectedValueOnce(failure('invalid-credential'));
    renderWithSession({ session });
    const user = personAtKeyboard();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(session.operations.restoreSession).toHaveBeenCalled());
    await user.type(email, 'ada@example.com');
    await user.type(password, 'wrong-one');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled'),
      ).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await alertWith(userMessageFor('invalid-credential'))).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('ada@example.com');
    expect((password as HTMLInputElement).value).toBe('wrong-one');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(currentLocation()).toBe(PATHS.login);
  });

  it('asks for the e-mail address for "Forgot password?", then sends the reset e-mail', async () => {
    const { session, email, user } = await readyLoginForm();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await alertWith(/Enter your email address\. We will send the link/)).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(session.operations.sendPasswordReset).not.toHaveBeenCalled();

    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(session.operations.sendPasswordReset).toHaveBeenCalledWith({ email: 'ada@example.com' });
    const status = await screen.findByText(NOTICE_CATALOGUE['password-reset-sent']);
    expect(status.getAttribute('role')).toBe('status');
  });

  describe('"Email me a sign-in link"', () => {
    it('asks for the e-mail address first, and sends nothing without one', async () => {
      const { session, email, user } = await readyLoginForm();
      await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
      expect(
        await alertWith('Enter your email address. We will send the sign-in link there.'),
      ).toBeTruthy();
      expect(email.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(email);

      await user.type(email, 'not-an-address');
      await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
      expect(
        await alertWith(/^Enter a valid email address.*We will send the sign-in link there\.$/),
      ).toBeTruthy();
      expect(session.operations.sendSignInLink).not.toHaveBeenCalled();
    });

    it('sends the link once to the trimmed address, showing progress, then the notice', async () => {
      const session = createFakeSession();
      const sending = deferred<void>();
      session.operations.sendSignInLink.mockReturnValueOnce(sending.promise);
      const { email, user } = await readyLoginForm(PATHS.login, session);
      await user.type(email, '  ada@example.com ');
      const button = screen.getByRole('button', { name: 'Email me a sign-in link' });
      await user.dblClick(button);

      expect(button.getAttribute('aria-busy')).toBe('true');
      expect(button.textContent).toBe('Sending link…');
      expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled')).toBe(
        'true',
      );
      await user.click(button);
      expect(session.operations.sendSignInLink).toHaveBeenCalledTimes(1);
      expect(session.operations.sendSignInLink).toHaveBeenCalledWith({ email: 'ada@example.com' });
      expect(session.operations.signIn).not.toHaveBeenCalled();

      sending.resolve();
      const status = await screen.findByText(NOTICE_CATALOGUE['sign-in-link-sent']);
      expect(status.getAttribute('role')).toBe('status');
      expect(button.textContent).toBe('Email me a sign-in link');
      expect(button.getAttribute('aria-busy')).toBeNull();
      expect(currentLocation()).toBe(PATHS.login);
    });

    it('shows a refused request as an error on the Email field', async () => {
      const session = createFakeSession();
      session.operations.sendSignInLink.mockRejectedValueOnce(failure('invalid-email'));
      const { email, user } = await readyLoginForm(PATHS.login, session);
      await user.type(email, 'ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
      expect(await alertWith(userMessageFor('invalid-email'))).toBeTruthy();
      expect(email.getAttribute('aria-invalid')).toBe('true');
    });
  });

  it('shows progress while the Google popup is open and can cancel it', async () => {
    const session = createFakeSession();
    session.operations.continueWithGoogle.mockReturnValueOnce(new Promise(() => undefined));
    renderWithSession({ session });
    const user = personAtKeyboard();
    const google = screen.getByRole('button', { name: /Continue with Google/ });
    await waitFor(() => expect(google.getAttribute('aria-disabled')).toBeNull());

    await user.click(google);
    expect(google.getAttribute('aria-busy')).toBe('true');
    expect(google.textContent).toBe('Waiting for Google…');
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(google.textContent).toBe('Continue with Google');
    expect(google.getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('surfaces a closed Google popup as an error', async () => {
    const session = createFakeSession();
    session.operations.continueWithGoogle.mockRejectedValueOnce(failure('popup-closed-by-user'));
    renderWithSession({ session });
    const user = personAtKeyboard();
    const google = screen.getByRole('button', { name: /Continue with Google/ });
    await waitFor(() => expect(google.getAttribute('aria-disabled')).toBeNull());
    await user.click(google);
    expect(
      await alertWith('The sign-in window was closed before signing in finished.'),
    ).toBeTruthy();
  });

  it('sends a registered user on to /account', async () => {
    renderWithSession({ session: createFakeSession(registeredUser) });
    await waitFor(() => expect(currentLocation()).toBe(PATHS.account));
  });

  it('shows "Failed to create session" with a Retry that tries again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = createFakeSession(null);
    session.operations.startGuest.mockRejectedValueOnce(failure('network-request-failed'));
    renderWithSession({ session });
    const user = personAtKeyboard();

    expect(await alertWith('Failed to create session')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(session.operations.startGuest).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull());
    expect(
      screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled'),
    ).toBeNull();
    expect(logged).toHaveBeenCalled(); // the machine logs why no session could be created
    logged.mockRestore();
  });

  describe('the e-mailed password-reset link', () => {
    it('sets the new password with the link code, then offers to sign in', async () => {
      const { session, user } = await readyResetForm(
        `${PATHS.login}?mode=resetPassword&oobCode=code-123`,
      );
      const password = screen.getByLabelText('New password');
      expect(password.getAttribute('autocomplete')).toBe('new-password');

      await user.type(password, 'new-secret');
      await user.click(screen.getByRole('button', { name: 'Save new password' }));

      expect(session.operations.confirmPasswordReset).toHaveBeenCalledWith({
        oobCode: 'code-123',
        newPassword: 'new-secret',
      });
      await waitFor(() => expect(currentLocation()).toBe(PATHS.login));
      expect(
        (
          await screen.findByText('Your password has been reset. Sign in with it now.')
        ).getAttribute('role'),
      ).toBe('status');
      expect(screen.getByLabelText('Email')).toBeTruthy();
    });

    it('shows an expired link as an error and keeps the typed password', async () => {
      const session = createFakeSession();
      session.operations.confirmPasswordReset.mockRejectedValueOnce(failure('expired-action-code'));
      const { user } = await readyResetForm(
        `${PATHS.login}?mode=resetPassword&oobCode=old`,
        session,
      );
      const password = screen.getByLabelText('New password');
      await user.type(password, 'new-secret');
      await user.click(screen.getByRole('button', { name: 'Save new password' }));
      expect(await alertWith('This link has expired. Please ask for a new one.')).toBeTruthy();
      expect((password as HTMLInputElement).value).toBe('new-secret');
    });

    it('explains a link without a code', async () => {
      renderWithSession({ path: `${PATHS.login}?mode=resetPassword` });
      const alert = await alertWith(/This reset link is incomplete/);
      expect(
        within(alert.closest('[role="alert"]') as HTMLElement)
          .getByRole('link')
          .getAttribute('href'),
      ).toBe(PATHS.login);
    });
  });
});

async function readyResetForm(path: string, session = createFakeSession()) {
  renderWithSession({ session, path });
  await waitFor(() =>
    expect(
      screen.getByRole('button', { name: 'Save new password' }).getAttribute('aria-disabled'),
    ).toBeNull(),
  );
  return { session, user: personAtKeyboard() };
}

import { act, configure, cleanup, screen, waitFor, within } from '@testing-library/react';
import { personAtKeyboard } from './person';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userMessageFor } from '../../src/machines/session/errorCatalogue';
import { NOTICE_CATALOGUE } from '../../src/machines/session/noticeCatalogue';
import { SessionFailure } from '../../src/machines/session/sessionFailure';
import type { SessionUser } from '../../src/machines/session/sessionTypes';
import { PATHS } from '../../src/paths';
import {
  createFakeSession,
  currentLocation,
  deferred,
  googleOnlyUser,
  registeredUser,
  renderWithSession,
} from '../support/sessionTestProvider';

// The account's sections load as their own chunk once the user is known: slow on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const unverifiedUser: SessionUser = { ...registeredUser, emailVerified: false };
const VERIFICATION_SENT = NOTICE_CATALOGUE['verification-sent'];
const CHANGE_SENT = NOTICE_CATALOGUE['email-change-sent'];
const CONFIRM_GROUP = { name: 'Confirm it’s you' };

async function accountPageFor(user: SessionUser, session = createFakeSession(user)) {
  renderWithSession({ session, path: PATHS.account });
  await screen.findByRole('heading', { name: 'Your account', level: 1 });
  await screen.findByText(user.email ?? 'No email address');
  return { session, person: personAtKeyboard() };
}

const region = (name: string) => screen.getByRole('region', { name });
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!;
const sendButton = () => screen.queryByRole('button', { name: 'Send verification email' });

const idleButton = (name: string, root: HTMLElement = document.body) =>
  waitFor(() => {
    const button = within(root).getByRole('button', { name });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    return button;
  });

describe('AccountPage: email verification', () => {
  it.each([
    ['not offered when verified', registeredUser, 'Yes'],
    // Google says the address is verified: nothing to do.
    ['not offered to a Google account Google verified', googleOnlyUser, 'Yes'],
    ['offered while the address is not verified', unverifiedUser, 'Not yet'],
  ])('is %s', async (_, user, verified) => {
    await accountPageFor(user);
    expect(detail('Email verified').textContent).toBe(verified);
    if (verified === 'Yes') expect(sendButton()).toBeNull();
    else expect(await idleButton('Send verification email')).toBeTruthy();
  });

  it('sends once while busy, says so, then waits before the next', async () => {
    const session = createFakeSession(unverifiedUser);
    const sending = deferred<void>();
    session.operations.sendEmailVerification.mockReturnValueOnce(sending.promise);
    const { person } = await accountPageFor(unverifiedUser, session);

    const button = await idleButton('Send verification email');
    await person.click(button);
    await person.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe('Sending…');
    expect(session.operations.sendEmailVerification).toHaveBeenCalledTimes(1);
    // Everything else waits meanwhile.
    expect(screen.getByRole('button', { name: 'Sign out' }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    sending.resolve();
    const notice = await screen.findByText(VERIFICATION_SENT);
    expect(notice.getAttribute('role')).toBe('status');
    const wait = await screen.findByText('You can send another in 60 s');
    // The countdown is not announced every second; it describes the button instead.
    expect(wait.closest('[role="status"], [role="alert"], [aria-live]')).toBeNull();
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBe(wait.id);

    await person.click(button);
    expect(session.operations.sendEmailVerification).toHaveBeenCalledTimes(1);
    // Other actions are not held up by the wait.
    expect((await idleButton('Sign out')).getAttribute('aria-disabled')).toBeNull();
  });

  it('counts the 60 s down each second, then lets another be sent', async () => {
    // Only the countdown's clock: the session and Testing Library keep their real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { session, person } = await accountPageFor(unverifiedUser);
    const button = await idleButton('Send verification email');
    await person.click(button);
    await screen.findByText(VERIFICATION_SENT);
    expect(await screen.findByText('You can send another in 60 s')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('You can send another in 59 s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(41_000));
    expect(screen.getByText('You can send another in 18 s')).toBeTruthy();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await person.click(button);
    expect(session.operations.sendEmailVerification).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(18_000));
    expect(screen.queryByText(/You can send another/)).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();
    await person.click(button);
    expect(session.operations.sendEmailVerification).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('You can send another in 60 s')).toBeTruthy();
  });

  it('shows a failure and lets it be tried again at once', async () => {
    const session = createFakeSession(unverifiedUser);
    session.operations.sendEmailVerification.mockRejectedValueOnce(
      new SessionFailure('too-many-requests'),
    );
    const { person } = await accountPageFor(unverifiedUser, session);
    await person.click(await idleButton('Send verification email'));
    const alert = await screen.findByText(userMessageFor('too-many-requests'));
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByText(/You can send another/)).toBeNull();
    await person.click(await idleButton('Send verification email'));
    expect(session.operations.sendEmailVerification).toHaveBeenCalledTimes(2);
    await screen.findByText(VERIFICATION_SENT);
  });

  it('after sign-up (which sent the link already), says so and does not hold the button back', async () => {
    const session = createFakeSession();
    renderWithSession({ session, path: PATHS.login });
    const person = personAtKeyboard();
    await person.type(screen.getByLabelText('Email'), 'new@example.com');
    await person.type(screen.getByLabelText('Password'), 'correct horse');
    await person.click(await idleButton('Create account'));
    await waitFor(() => expect(currentLocation()).toBe(PATHS.account));

    expect((await screen.findByText(VERIFICATION_SENT)).getAttribute('role')).toBe('status');
    expect(detail('Email verified').textContent).toBe('Not yet');
    expect(await idleButton('Send verification email')).toBeTruthy();
    expect(screen.queryByText(/You can send another/)).toBeNull();
  });
});

describe('AccountPage: changing the email address', () => {
  async function changeEmailForm(
    user: SessionUser = registeredUser,
    session?: ReturnType<typeof createFakeSession>,
  ) {
    const page = await accountPageFor(user, session);
    const form = region('Change email');
    const newEmail = within(form).getByLabelText('New email') as HTMLInputElement;
    return { ...page, form, newEmail };
  }

  it('has a labelled e-mail field and, for a password account, the current password', async () => {
    const { form, newEmail } = await changeEmailForm();
    expect(newEmail.getAttribute('type')).toBe('email');
    expect(newEmail.getAttribute('autocomplete')).toBe('email');
    expect(newEmail.getAttribute('maxlength')).toBe('254');
    const current = within(form).getByLabelText('Current password');
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    expect(within(form).getByRole('button', { name: 'Change email' })).toBeTruthy();
  });

  it('refuses an invalid address before sending anything', async () => {
    const { session, person, form, newEmail } = await changeEmailForm();
    await person.type(newEmail, 'ada.example.com');
    await person.type(within(form).getByLabelText('Current password'), 'secret1');
    await person.click(await idleButton('Change email', form));
    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toBe('Enter a valid email address, like name@example.com.');
    expect(newEmail.getAttribute('aria-invalid')).toBe('true');
    expect(newEmail.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(newEmail);
    expect(session.operations.changeEmail).not.toHaveBeenCalled();
  });

  it('refuses the current address, whatever its case', async () => {
    const { session, person, form, newEmail } = await changeEmailForm();
    await person.type(newEmail, ' ADA@example.com ');
    await person.type(within(form).getByLabelText('Current password'), 'secret1');
    await person.click(await idleButton('Change email', form));
    expect(within(form).getByRole('alert').textContent).toBe(
      'This is already your email address. Enter a different one.',
    );
    expect(document.activeElement).toBe(newEmail);
    expect(session.operations.changeEmail).not.toHaveBeenCalled();
  });

  it('asks for the current password of a password account', async () => {
    const { session, person, form, newEmail } = await changeEmailForm();
    await person.type(newEmail, 'ada@new.example');
    await person.click(await idleButton('Change email', form));
    const current = within(form).getByLabelText('Current password');
    expect(within(form).getByRole('alert').textContent).toBe('Enter your password.');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(newEmail.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(current);
    expect(session.operations.changeEmail).not.toHaveBeenCalled();
  });

  it('sends the trimmed address with the current password once, showing progress, then says so', async () => {
    const session = createFakeSession(registeredUser);
    const sending = deferred<void>();
    session.operations.changeEmail.mockReturnValueOnce(sending.promise);
    const { person, form, newEmail } = await changeEmailForm(registeredUser, session);
    const current = within(form).getByLabelText('Current password') as HTMLInputElement;
    await person.type(newEmail, '  ada@new.example ');
    await person.type(current, 'secret1');
    const submit = await idleButton('Change email', form);
    await person.click(submit);
    await person.click(submit);

    expect(submit.getAttribute('aria-busy')).toBe('true');
    expect(submit.textContent).toBe('Sending link…');
    expect(session.operations.changeEmail).toHaveBeenCalledTimes(1);
    expect(session.operations.changeEmail).toHaveBeenCalledWith({
      newEmail: 'ada@new.example',
      currentPassword: 'secret1',
    });

    sending.resolve();
    const notice = await within(form).findByText(CHANGE_SENT);
    expect(notice.getAttribute('role')).toBe('status');
    expect(submit.textContent).toBe('Change email');
    // The address changes only once the link is opened.
    expect(detail('Email').textContent).toBe('ada@example.com');
    expect(current.value).toBe('');
    expect(newEmail.value).toBe('ada@new.example');
  });

  it('marks a wrong current password and keeps what was typed', async () => {
    const session = createFakeSession(registeredUser);
    session.operations.changeEmail.mockRejectedValueOnce(new SessionFailure('wrong-password'));
    const { person, form, newEmail } = await changeEmailForm(registeredUser, session);
    const current = within(form).getByLabelText('Current password') as HTMLInputElement;
    await person.type(newEmail, 'ada@new.example');
    await person.type(current, 'not-it');
    await person.click(await idleButton('Change email', form));

    const alert = await within(form).findByText(userMessageFor('wrong-password'));
    expect(alert.getAttribute('role')).toBe('alert');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current.getAttribute('aria-describedby')).toBe(alert.id);
    expect(newEmail.getAttribute('aria-invalid')).toBeNull();
    expect(current.value).toBe('not-it');
    expect(newEmail.value).toBe('ada@new.example');
    expect(within(form).queryByText(CHANGE_SENT)).toBeNull();
  });

  it('marks the address when the provider refuses it', async () => {
    const session = createFakeSession(registeredUser);
    session.operations.changeEmail.mockRejectedValueOnce(new SessionFailure('invalid-email'));
    const { person, form, newEmail } = await changeEmailForm(registeredUser, session);
    await person.type(newEmail, 'ada@new.example');
    await person.type(within(form).getByLabelText('Current password'), 'secret1');
    await person.click(await idleButton('Change email', form));
    await within(form).findByText(userMessageFor('invalid-email'));
    expect(newEmail.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Current password').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends no password for a Google-only account', async () => {
    const { session, person, form, newEmail } = await changeEmailForm(googleOnlyUser);
    expect(within(form).queryByLabelText('Current password')).toBeNull();
    await person.type(newEmail, 'grace@new.example');
    await person.click(await idleButton('Change email', form));
    expect(session.operations.changeEmail).toHaveBeenCalledWith({ newEmail: 'grace@new.example' });
    await within(form).findByText(CHANGE_SENT);
  });

  it('asks a Google-only account to confirm with Google when a recent sign-in is needed, then sends the link', async () => {
    const session = createFakeSession(googleOnlyUser);
    session.operations.changeEmail.mockRejectedValueOnce(
      new SessionFailure('requires-recent-login'),
    );
    const { person, form, newEmail } = await changeEmailForm(googleOnlyUser, session);
    await person.type(newEmail, 'grace@new.example');
    await person.click(await idleButton('Change email', form));

    const confirm = await within(form).findByRole('group', CONFIRM_GROUP);
    const purpose = within(confirm).getByText('Confirm it’s you to change your email address.');
    expect(confirm.getAttribute('aria-describedby')).toBe(purpose.id);
    expect(within(confirm).getByRole('alert').textContent).toBe(
      userMessageFor('requires-recent-login'),
    );
    // The form's own message and button wait while the confirmation is asked for.
    expect(within(form).queryByRole('button', { name: 'Change email' })).toBeNull();
    expect(newEmail.value).toBe('grace@new.example');

    await person.click(within(confirm).getByRole('button', { name: 'Confirm with Google' }));
    expect(session.operations.reauthenticate).toHaveBeenCalledWith({});
    await within(form).findByText(CHANGE_SENT);
    expect(session.operations.changeEmail).toHaveBeenCalledTimes(2);
    expect(session.operations.changeEmail).toHaveBeenLastCalledWith({
      newEmail: 'grace@new.example',
    });
    expect(within(form).queryByRole('group', CONFIRM_GROUP)).toBeNull();
  });

  it('asks for the password when a recent sign-in is needed, then runs the change again', async () => {
    const session = createFakeSession(registeredUser);
    session.operations.changeEmail.mockRejectedValueOnce(
      new SessionFailure('requires-recent-login'),
    );
    const { person, form, newEmail } = await changeEmailForm(registeredUser, session);
    await person.type(newEmail, 'ada@new.example');
    await person.type(within(form).getByLabelText('Current password'), 'secret1');
    await person.click(await idleButton('Change email', form));

    const confirm = await within(form).findByRole('group', CONFIRM_GROUP);
    expect(
      within(confirm).getByText('Confirm it’s you to change your email address.'),
    ).toBeTruthy();
    await person.type(within(confirm).getByLabelText('Current password'), 'secret1');
    await person.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(session.operations.reauthenticate).toHaveBeenCalledWith({ password: 'secret1' });
    await within(form).findByText(CHANGE_SENT);
    expect(session.operations.changeEmail).toHaveBeenCalledTimes(2);
    expect(session.operations.changeEmail).toHaveBeenLastCalledWith({
      newEmail: 'ada@new.example',
      currentPassword: 'secret1',
    });
  });

  it('can give up on re-authenticating, keeping the address typed', async () => {
    const session = createFakeSession(googleOnlyUser);
    session.operations.changeEmail.mockRejectedValueOnce(
      new SessionFailure('requires-recent-login'),
    );
    const { person, form, newEmail } = await changeEmailForm(googleOnlyUser, session);
    await person.type(newEmail, 'grace@new.example');
    await person.click(await idleButton('Change email', form));
    const confirm = await within(form).findByRole('group', CONFIRM_GROUP);
    await person.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await idleButton('Change email', form);
    expect(within(form).queryByRole('group', CONFIRM_GROUP)).toBeNull();
    expect(session.operations.reauthenticate).not.toHaveBeenCalled();
    expect(session.operations.changeEmail).toHaveBeenCalledTimes(1);
    expect(newEmail.value).toBe('grace@new.example');
  });
});

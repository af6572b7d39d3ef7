import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { personAtKeyboard } from './person';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFakeSession,
  registeredUser,
  renderWithSession,
} from '../support/sessionTestProvider';

afterEach(cleanup);

const TOO_LONG_EMAIL = `${'a'.repeat(5_000)}@example.com`;

async function readyLoginForm() {
  const rendered = renderWithSession({ path: '/login' });
  await waitFor(() =>
    expect(
      screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled'),
    ).toBeNull(),
  );
  return rendered;
}

describe('input limits', () => {
  it('limits the login fields: 254 characters of e-mail, 4096 of password', async () => {
    await readyLoginForm();
    expect(screen.getByLabelText('Email').getAttribute('maxlength')).toBe('254');
    expect(screen.getByLabelText('Password').getAttribute('maxlength')).toBe('4096');
  });

  it.each(['Sign in', 'Create account', 'Forgot password?'])(
    'refuses a 5,000-character address on "%s" without sending it',
    async (button) => {
      const { session } = await readyLoginForm();
      // A pasted or scripted value can exceed maxlength; the check still catches it.
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: TOO_LONG_EMAIL } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-Password-1' } });
      await personAtKeyboard().click(screen.getByRole('button', { name: button }));
      expect(
        await screen.findByText(/^Enter an email address of at most 254 characters\./, {
          selector: '[role="alert"], [role="alert"] *',
        }),
      ).toBeTruthy();
      expect(session.operations.signIn).not.toHaveBeenCalled();
      expect(session.operations.createAccount).not.toHaveBeenCalled();
      expect(session.operations.sendPasswordReset).not.toHaveBeenCalled();
    },
  );

  it('limits the account page fields', async () => {
    renderWithSession({ session: createFakeSession(registeredUser), path: '/account' });
    await screen.findByText(registeredUser.email ?? '');
    const form = screen.getByRole('region', { name: 'Change password' });
    expect(within(form).getByLabelText('New password').getAttribute('maxlength')).toBe('4096');
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { personAtKeyboard } from './person';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFakeSession,
  currentLocation,
  deferred,
  failure,
  guestUser,
  registeredUser,
  renderWithSession,
  type FakeSession,
} from '../support/sessionTestProvider';
import { userMessageFor } from '../../src/machines/session/errorCatalogue';
import { NOTICE_CATALOGUE } from '../../src/machines/session/noticeCatalogue';
import type {
  EmailAction,
  EmailActionResult,
  SignInResult,
} from '../../src/machines/session/sessionTypes';
import { PATHS } from '../../src/paths';

const CODE = 'secret-oob-code-42';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** Opens `/login?query` as the browser would: the address bar holds the whole e-mailed link. */
function openLink(query: string, session: FakeSession = createFakeSession()) {
  const path = `${PATHS.login}?${query}`;
  window.history.replaceState(null, '', path);
  return { ...renderWithSession({ session, path }), href: window.location.href };
}

const signInQuery = `mode=signIn&oobCode=${CODE}&apiKey=demo-api-key&lang=en`;

const alertWith = (text: string | RegExp) =>
  screen.findByText(text, { selector: '[role="alert"], [role="alert"] *' });

const pageSection = () => screen.getByRole('heading', { level: 1 }).closest('section')!;

function expectCodeNotShown(): void {
  // The whole page (text and attributes), not the test's own location probe.
  expect(pageSection().outerHTML).not.toContain(CODE);
}

describe('LoginPage: the e-mailed sign-in link', () => {
  it('completes by itself, once, with the whole link, showing progress, then goes to /account', async () => {
    const session = createFakeSession();
    const completing = deferred<SignInResult>();
    session.operations.completeSignInLink.mockReturnValueOnce(completing.promise);
    const { href } = openLink(signInQuery, session);

    expect(screen.getByRole('heading', { level: 1, name: 'Signing you in' })).toBeTruthy();
    await waitFor(() => expect(session.operations.completeSignInLink).toHaveBeenCalledTimes(1));
    expect(session.operations.completeSignInLink).toHaveBeenCalledWith({ link: href });
    expect(href).toContain(CODE);
    const status = screen.getByText('Signing you in…');
    expect(status.getAttribute('role')).toBe('status');
    expect(pageSection().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByLabelText('Email')).toBeNull();
    expectCodeNotShown();

    completing.resolve({
      user: {
        ...guestUser,
        email: 'ada@example.com',
        isAnonymous: false,
        providerIds: ['password'],
      },
      discardedGuest: null,
    });
    await waitFor(() => expect(currentLocation()).toBe(PATHS.account));
    expect(session.operations.completeSignInLink).toHaveBeenCalledTimes(1);
  });

  it('opened on another device, asks for the address, then sends the typed one with the link', async () => {
    const session = createFakeSession();
    session.operations.completeSignInLink.mockRejectedValueOnce(
      failure('email-link-needs-address'),
    );
    const { href } = openLink(signInQuery, session);
    const user = personAtKeyboard();

    expect(await alertWith(userMessageFor('email-link-needs-address'))).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(email.getAttribute('aria-describedby')).toBe(screen.getAllByRole('alert')[0]!.id);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.queryByText('Signing you in…')).toBeNull();
    expect(pageSection().getAttribute('aria-busy')).toBeNull();
    expect(session.operations.completeSignInLink).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Sign in with this link' }));
    expect(await alertWith('Enter your email address.')).toBeTruthy();
    expect(session.operations.completeSignInLink).toHaveBeenCalledTimes(1);

    const completing = deferred<SignInResult>();
    session.operations.completeSignInLink.mockReturnValueOnce(completing.promise);
    await user.type(email, ' ada@example.com {Enter}');
    const button = screen.getByRole('button', { name: 'Signing in…' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(session.operations.completeSignInLink).toHaveBeenCalledTimes(2);
    expect(session.operations.completeSignInLink).toHaveBeenLastCalledWith({
      link: href,
      email: 'ada@example.com',
    });

    completing.resolve({
      user: {
        ...guestUser,
        email: 'ada@example.com',
        isAnonymous: false,
        providerIds: ['password'],
      },
      discardedGuest: null,
    });
    await waitFor(() => expect(currentLocation()).toBe(PATHS.account));
  });

  it('asks again for an address the link was not sent to, keeping the form', async () => {
    const session = createFakeSession();
    session.operations.completeSignInLink
      .mockRejectedValueOnce(failure('email-link-needs-address'))
      .mockRejectedValueOnce(failure('email-link-wrong-address'));
    openLink(signInQuery, session);
    const user = personAtKeyboard();

    const email = await screen.findByLabelText('Email');
    await user.type(email, 'someone@example.com{Enter}');
    expect(await alertWith(userMessageFor('email-link-wrong-address'))).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect((email as HTMLInputElement).value).toBe('someone@example.com');
    expect(screen.getByRole('button', { name: 'Sign in with this link' })).toBeTruthy();
    expect(session.operations.completeSignInLink).toHaveBeenCalledTimes(2);
    expect(currentLocation()).toBe(`${PATHS.login}?${signInQuery}`);
  });

  it('shows an invalid link once, with a way to ask for a new one on the plain login page', async () => {
    const session = createFakeSession();
    session.operations.completeSignInLink.mockRejectedValueOnce(failure('invalid-action-code'));
    openLink(signInQuery, session);
    const user = personAtKeyboard();

    expect(await alertWith(userMessageFor('invalid-action-code'))).toBeTruthy();
    const ask = screen.getByRole('link', { name: 'Ask for a new sign-in link' });
    expect(ask.getAttribute('href')).toBe(PATHS.login);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByText('Signing you in…')).toBeNull();
    expectCodeNotShown();

    await user.click(ask);
    expect(currentLocation()).toBe(PATHS.login);
    expect(screen.getByRole('button', { name: 'Email me a sign-in link' })).toBeTruthy();
    // The plain page starts clean: the link's failure stays behind.
    expect(screen.queryByText(userMessageFor('invalid-action-code'))).toBeNull();
    expect(session.operations.completeSignInLink).toHaveBeenCalledTimes(1);
  });

  it('says a link to an existing account was replaced by a new one, and offers nothing else', async () => {
    const session = createFakeSession();
    session.operations.completeSignInLink.mockRejectedValueOnce(
      failure('email-link-account-exists'),
    );
    openLink(signInQuery, session);
    expect(await alertWith(userMessageFor('email-link-account-exists'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ask for a new sign-in link' })).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(session.operations.completeSignInLink).toHaveBeenCalledTimes(1);
  });

  it('sends a registered user on without using the link', async () => {
    const session = createFakeSession(registeredUser);
    openLink(`${signInQuery}&next=%2Fprofile`, session);
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(session.operations.completeSignInLink).not.toHaveBeenCalled();
  });

  it('explains a link without its code', async () => {
    const session = createFakeSession();
    openLink('mode=signIn', session);
    const alert = await alertWith(/This sign-in link is incomplete/);
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement)
        .getByRole('link', { name: 'Ask for a new one' })
        .getAttribute('href'),
    ).toBe(PATHS.login);
    await waitFor(() => expect(session.operations.restoreSession).toHaveBeenCalled());
    expect(session.operations.completeSignInLink).not.toHaveBeenCalled();
  });
});

const ACTIONS: { mode: EmailAction; title: string; notice: string }[] = [
  {
    mode: 'verifyEmail',
    title: 'Confirm your email address',
    notice: NOTICE_CATALOGUE['email-verified'],
  },
  {
    mode: 'verifyAndChangeEmail',
    title: 'Change your email address',
    notice: NOTICE_CATALOGUE['email-changed'],
  },
  {
    mode: 'recoverEmail',
    title: 'Undo the email address change',
    notice: NOTICE_CATALOGUE['email-change-undone'],
  },
];

describe('LoginPage: the e-mailed address actions', () => {
  it.each(ACTIONS)(
    '$mode applies its code once, showing progress, then the notice and "Continue"',
    async ({ mode, title, notice }) => {
      const session = createFakeSession();
      const applying = deferred<EmailActionResult>();
      session.operations.applyEmailAction.mockReturnValueOnce(applying.promise);
      const continueUrl = encodeURIComponent(`${window.location.origin}/profile`);
      openLink(`mode=${mode}&oobCode=${CODE}&continueUrl=${continueUrl}&lang=en`, session);

      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      await waitFor(() => expect(session.operations.applyEmailAction).toHaveBeenCalledTimes(1));
      expect(session.operations.applyEmailAction).toHaveBeenCalledWith({ oobCode: CODE });
      expect(screen.getByText('Confirming…').getAttribute('role')).toBe('status');
      expect(pageSection().getAttribute('aria-busy')).toBe('true');
      expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();

      applying.resolve({ action: mode, user: guestUser });
      const shown = await screen.findByText(notice);
      expect(shown.getAttribute('role')).toBe('status');
      expect(screen.queryByText('Confirming…')).toBeNull();
      expect(pageSection().getAttribute('aria-busy')).toBeNull();
      expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/profile');
      expect(session.operations.applyEmailAction).toHaveBeenCalledTimes(1);
      expectCodeNotShown();
    },
  );

  it('keeps a registered user on the page, and continues to /account without a continue URL', async () => {
    const session = createFakeSession(registeredUser);
    openLink(`mode=verifyEmail&oobCode=${CODE}`, session);
    const user = personAtKeyboard();

    const shown = await screen.findByText(NOTICE_CATALOGUE['email-verified']);
    expect(shown.getAttribute('role')).toBe('status');
    expect(currentLocation()).toBe(`${PATHS.login}?mode=verifyEmail&oobCode=${CODE}`);
    expect(session.operations.applyEmailAction).toHaveBeenCalledTimes(1);
    const next = screen.getByRole('link', { name: 'Continue' });
    expect(next.getAttribute('href')).toBe(PATHS.account);

    await user.click(next);
    expect(currentLocation()).toBe(PATHS.account);
  });

  it('continues a guest to /login without a continue URL, and never to another site', async () => {
    openLink(`mode=verifyEmail&oobCode=${CODE}`);
    await screen.findByText(NOTICE_CATALOGUE['email-verified']);
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(PATHS.login);
    cleanup();

    openLink(
      `mode=verifyEmail&oobCode=${CODE}&continueUrl=${encodeURIComponent('https://evil.example/account')}`,
    );
    await screen.findByText(NOTICE_CATALOGUE['email-verified']);
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(PATHS.account);
  });

  it('shows a refused code as an error, once, with "Continue"', async () => {
    const session = createFakeSession(registeredUser);
    session.operations.applyEmailAction.mockRejectedValueOnce(failure('expired-action-code'));
    openLink(`mode=recoverEmail&oobCode=${CODE}`, session);

    expect(await alertWith(userMessageFor('expired-action-code'))).toBeTruthy();
    expect(screen.queryByText('Confirming…')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(PATHS.account);
    // Nothing retries a spent code by itself.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(session.operations.applyEmailAction).toHaveBeenCalledTimes(1);
    expect(currentLocation()).toBe(`${PATHS.login}?mode=recoverEmail&oobCode=${CODE}`);
  });

  it.each(ACTIONS)('$mode without its code says the link is incomplete', async ({ mode }) => {
    const session = createFakeSession();
    openLink(`mode=${mode}`, session);
    const alert = await alertWith(/This link is incomplete/);
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toMatch(/^\/(account|login)$/);
    await waitFor(() => expect(session.operations.restoreSession).toHaveBeenCalled());
    expect(session.operations.applyEmailAction).not.toHaveBeenCalled();
  });

  it('takes an unknown mode for the plain login page', async () => {
    const session = createFakeSession();
    openLink(`mode=revertSecondFactorAddition&oobCode=${CODE}`, session);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign in or create an account' }),
    ).toBeTruthy();
    await waitFor(() => expect(session.operations.restoreSession).toHaveBeenCalled());
    expect(session.operations.applyEmailAction).not.toHaveBeenCalled();
    expect(session.operations.completeSignInLink).not.toHaveBeenCalled();
  });
});

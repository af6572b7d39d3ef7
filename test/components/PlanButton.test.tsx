import { act, cleanup, render, screen } from '@testing-library/react';
import { personAtKeyboard } from './person';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { config } from '../../src/config';
import type { SessionUser } from '../../src/machines/session/sessionTypes';
import {
  ACCOUNT_PLAN_PATH,
  CHECKOUT_INTENT_PATH,
  loginPath,
  PATHS,
  PRICING_ANCHOR,
} from '../../src/paths';
import { checkoutLink } from '../../src/ui/plan/checkoutLink';
import { PlanButton } from '../../src/ui/plan/PlanButton';
import { CheckoutContinuation } from '../../src/ui/plan/CheckoutContinuation';
import { PlanProvider, type LoadPlan } from '../../src/ui/plan/PlanProvider';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import { SessionProvider, type StartSession } from '../../src/ui/session';
import { createFakeSession } from '../support/fakeSessionService';
import { NEVER_PAID, PRO_RENEWING } from '../support/planFixtures';
import { guestUser } from '../support/sessionFixtures';
import { restoringForever } from './renderSite';

afterEach(cleanup);

const user: SessionUser = {
  uid: 'uid_123',
  email: 'ada@example.com',
  emailVerified: true,
  displayName: null,
  photoURL: null,
  isAnonymous: false,
  providerIds: ['password'],
  creationTime: null,
  lastSignInTime: null,
};

const REGISTERED = user;
const GUEST = guestUser;

/** A session that restores at once as `restoredUser`. */
function restoredAs(restoredUser: SessionUser): StartSession {
  return () => createActor(createFakeSession(restoredUser).logic);
}

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="where">{`${pathname}${search}${hash}`}</output>;
}

const neverAnswers: LoadPlan = () => new Promise(() => {});

async function renderAt(
  path: string,
  startSession: StartSession,
  children: ReactNode,
  loadPlan: LoadPlan = async () => NEVER_PAID,
) {
  await act(async () => {
    render(
      <SessionProvider startSession={startSession}>
        <MemoryRouter initialEntries={[path]}>
          <Where />
          <PlanProvider loadPlan={loadPlan}>{children}</PlanProvider>
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}

const where = () => screen.getByTestId('where').textContent;
const getPro = () => screen.getByRole('link', { name: 'Get Pro' });
const SIGN_IN_FIRST = loginPath({ next: CHECKOUT_INTENT_PATH });

describe('checkoutLink', () => {
  it('adds the uid as client_reference_id and prefills the e-mail, keeping the link intact', () => {
    const link = new URL(checkoutLink('https://pay.test/b/abc?locale=en', user));
    expect(link.origin + link.pathname).toBe('https://pay.test/b/abc');
    expect(link.searchParams.get('locale')).toBe('en');
    expect(link.searchParams.get('client_reference_id')).toBe('uid_123');
    expect(link.searchParams.get('prefilled_email')).toBe('ada@example.com');
  });

  it('prefills no e-mail when the account has none', () => {
    const link = new URL(checkoutLink('https://pay.test/b/abc', { uid: 'uid_9', email: null }));
    expect(link.searchParams.get('client_reference_id')).toBe('uid_9');
    expect(link.searchParams.has('prefilled_email')).toBe(false);
  });
});

describe('PlanButton', () => {
  it('asks to sign in first while the session is unknown (as prerendered)', async () => {
    await renderAt(PATHS.home, restoringForever, <PlanButton>Get Pro</PlanButton>);
    expect(getPro().getAttribute('href')).toBe(SIGN_IN_FIRST);
  });

  it('sends a guest to create an account or sign in, then on to checkout', async () => {
    const loadPlan = vi.fn<LoadPlan>(async () => NEVER_PAID);
    await renderAt(PATHS.home, restoredAs(GUEST), <PlanButton>Get Pro</PlanButton>, loadPlan);
    expect(loadPlan).not.toHaveBeenCalled();
    expect(getPro().getAttribute('href')).toBe(SIGN_IN_FIRST);
    await personAtKeyboard().click(getPro());
    expect(where()).toBe(SIGN_IN_FIRST);
    expect(new URLSearchParams(where()?.split('?')[1]).get('next')).toBe('/?checkout=pro#pricing');
  });

  it("sends a registered user straight to checkout, tied to the account's uid and e-mail", async () => {
    await renderAt(PATHS.home, restoredAs(REGISTERED), <PlanButton>Get Pro</PlanButton>);
    const link = new URL(getPro().getAttribute('href') ?? '');
    expect(link.href.startsWith(config.checkoutUrl)).toBe(true);
    expect(link.searchParams.get('client_reference_id')).toBe('uid_123');
    expect(link.searchParams.get('prefilled_email')).toBe('ada@example.com');
  });

  it('offers no checkout while the account’s plan is being read', async () => {
    await renderAt(
      PATHS.home,
      restoredAs(REGISTERED),
      <PlanButton>Get Pro</PlanButton>,
      neverAnswers,
    );
    expect(screen.queryByRole('link', { name: 'Get Pro' })).toBeNull();
    expect(screen.getByText('Get Pro').getAttribute('aria-disabled')).toBe('true');
  });

  it('shows a Pro user their plan instead of a second checkout', async () => {
    await renderAt(
      PATHS.home,
      restoredAs(REGISTERED),
      <PlanButton>Get Pro</PlanButton>,
      async () => PRO_RENEWING,
    );
    expect(screen.queryByRole('link', { name: 'Get Pro' })).toBeNull();
    const plan = screen.getByRole('link', { name: 'You have Pro: see your plan' });
    expect(plan.getAttribute('href')).toBe(ACCOUNT_PLAN_PATH);
  });

  it('still offers checkout when the plan cannot be read', async () => {
    await renderAt(PATHS.home, restoredAs(REGISTERED), <PlanButton>Get Pro</PlanButton>, () =>
      Promise.reject(new BackendFailure('network-error')),
    );
    expect(getPro().getAttribute('href')?.startsWith(config.checkoutUrl)).toBe(true);
  });
});

describe('CheckoutContinuation', () => {
  it('takes a user who just signed in on to checkout, once, leaving the intent behind', async () => {
    const goTo = vi.fn();
    await renderAt(
      CHECKOUT_INTENT_PATH,
      restoredAs(REGISTERED),
      <CheckoutContinuation goTo={goTo} />,
    );
    expect(goTo).toHaveBeenCalledTimes(1);
    expect(goTo).toHaveBeenCalledWith(checkoutLink(config.checkoutUrl, user));
    expect(where()).toBe(`${PATHS.home}#${PRICING_ANCHOR}`);
  });

  it('sends nobody anywhere without the intent, and asks a guest to sign in first', async () => {
    const goTo = vi.fn();
    await renderAt(PATHS.home, restoredAs(REGISTERED), <CheckoutContinuation goTo={goTo} />);
    expect(goTo).not.toHaveBeenCalled();
    cleanup();

    await renderAt(CHECKOUT_INTENT_PATH, restoredAs(GUEST), <CheckoutContinuation goTo={goTo} />);
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'sign in or create one' }).getAttribute('href')).toBe(
      SIGN_IN_FIRST,
    );
  });

  it('waits for the plan, and sends a Pro user to their plan instead of checkout', async () => {
    const goTo = vi.fn();
    await renderAt(
      CHECKOUT_INTENT_PATH,
      restoredAs(REGISTERED),
      <CheckoutContinuation goTo={goTo} />,
      neverAnswers,
    );
    expect(goTo).not.toHaveBeenCalled();
    cleanup();

    await renderAt(
      CHECKOUT_INTENT_PATH,
      restoredAs(REGISTERED),
      <CheckoutContinuation goTo={goTo} />,
      async () => PRO_RENEWING,
    );
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.getByText(/has Pro already/).textContent).toBe(
      'Your account has Pro already: see your plan.',
    );
    expect(screen.getByRole('link', { name: 'see your plan' }).getAttribute('href')).toBe(
      ACCOUNT_PLAN_PATH,
    );
  });
});

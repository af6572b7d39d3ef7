import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../../src/config';
import type { SessionUser } from '../../src/machines/sessionTypes';
import { checkoutLink } from '../../src/ui/checkoutLink';
import { PlanButton } from '../../src/ui/PlanButton';
import { SessionProvider, type SessionView, type StartSession } from '../../src/ui/session';
import { RESTORING_VIEW } from '../../src/ui/session/sessionView';
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

/** A session that is already restored with `view`. */
function restoredAs(view: SessionView): StartSession {
  return () => ({ start: (onView) => onView(view), send: () => {}, stop: () => {} });
}

function checkoutHref(): URL {
  return new URL(screen.getByRole('link', { name: 'Get Pro' }).getAttribute('href') ?? '');
}

describe('checkoutLink', () => {
  it('adds the uid as client_reference_id and prefills the e-mail, keeping the link intact', () => {
    const link = new URL(checkoutLink('https://pay.test/b/abc?locale=en', user));
    expect(link.origin + link.pathname).toBe('https://pay.test/b/abc');
    expect(link.searchParams.get('locale')).toBe('en');
    expect(link.searchParams.get('client_reference_id')).toBe('uid_123');
    expect(link.searchParams.get('prefilled_email')).toBe('ada@example.com');
  });

  it('leaves out what is not known', () => {
    expect(checkoutLink('https://pay.test/b/abc', null)).toBe('https://pay.test/b/abc');
    const guest = new URL(checkoutLink('https://pay.test/b/abc', { uid: 'guest_1', email: null }));
    expect(guest.searchParams.get('client_reference_id')).toBe('guest_1');
    expect(guest.searchParams.has('prefilled_email')).toBe(false);
  });
});

describe('PlanButton', () => {
  it('links to the plain checkout while the session is unknown (as prerendered)', () => {
    render(
      <SessionProvider startSession={restoringForever}>
        <PlanButton>Get Pro</PlanButton>
      </SessionProvider>,
    );
    expect(checkoutHref().href).toBe(new URL(config.checkoutUrl).href);
  });

  it("ties checkout to the signed-in user's uid and e-mail", async () => {
    await act(async () => {
      render(
        <SessionProvider
          startSession={restoredAs({ ...RESTORING_VIEW, status: 'registered', user })}
        >
          <PlanButton>Get Pro</PlanButton>
        </SessionProvider>,
      );
    });
    expect(checkoutHref().searchParams.get('client_reference_id')).toBe('uid_123');
    expect(checkoutHref().searchParams.get('prefilled_email')).toBe('ada@example.com');
  });
});

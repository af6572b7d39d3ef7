import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RestoreResult } from '../../src/machines/session/sessionTypes';
import { AccountLink } from '../../src/ui/shell/AccountLink';
import { SessionProvider, type StartSession } from '../../src/ui/session';
import {
  createFakeSession,
  deferred,
  failure,
  guestUser,
  registeredUser,
  type FakeSession,
} from '../support/fakeSessionService';
import { PATHS } from '../../src/paths';
import { createActor } from 'xstate';

const HINT_KEY = 'applyfirst.sessionKind';

function header(startSession: StartSession) {
  return (
    <SessionProvider startSession={startSession}>
      <MemoryRouter>
        <AccountLink />
      </MemoryRouter>
    </SessionProvider>
  );
}

const starting =
  (session: FakeSession): StartSession =>
  () =>
    createActor(session.logic);

function accountLink(root: ParentNode = document): HTMLAnchorElement {
  return root.querySelector<HTMLAnchorElement>('a.account-link')!;
}

/** The word a sighted visitor sees: null while the link shows neither. */
function visibleWord(link: HTMLAnchorElement): string | null {
  if (link.dataset.sessionKind === 'unknown') return null;
  return link.querySelector('[data-shown="true"]')?.textContent ?? null;
}

function expectBothWordsInOneCell(link: HTMLAnchorElement): void {
  // Both words are always rendered, so the link keeps the longer one's width in every state.
  expect([...link.querySelectorAll('.account-link__word')].map((word) => word.textContent)).toEqual(
    ['Account', 'Login'],
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('AccountLink', () => {
  it('renders on the server with neither word visible and without starting a session', () => {
    const startSession = vi.fn<StartSession>();
    localStorage.setItem(HINT_KEY, 'registered');
    const container = document.createElement('div');
    container.innerHTML = renderToString(header(startSession));
    const link = accountLink(container);
    expect(link.dataset.sessionKind).toBe('unknown');
    expect(visibleWord(link)).toBeNull();
    expect(link.getAttribute('href')).toBe(PATHS.login);
    expectBothWordsInOneCell(link);
    expect(startSession).not.toHaveBeenCalled();
  });

  it('reads "Login" (to /login) for a guest', async () => {
    render(header(starting(createFakeSession(guestUser))));
    const link = await screen.findByRole('link', { name: 'Login' });
    await waitFor(() => expect(visibleWord(accountLink())).toBe('Login'));
    expect(link.getAttribute('href')).toBe(PATHS.login);
    expectBothWordsInOneCell(accountLink());
    // The provider remembers the kind in an effect, which may run after the link is shown.
    await waitFor(() => expect(localStorage.getItem(HINT_KEY)).toBe('guest'));
  });

  it('reads "Account" (to /account) for a registered user and remembers that', async () => {
    render(header(starting(createFakeSession(registeredUser))));
    const link = await screen.findByRole('link', { name: 'Account' });
    expect(link.getAttribute('href')).toBe(PATHS.account);
    expect(visibleWord(accountLink())).toBe('Account');
    expectBothWordsInOneCell(accountLink());
    await waitFor(() => expect(localStorage.getItem(HINT_KEY)).toBe('registered'));
  });

  it('follows the session: "Login" after signing out in another tab', async () => {
    const session = createFakeSession(registeredUser);
    render(header(starting(session)));
    await screen.findByRole('link', { name: 'Account' });
    act(() => session.emitAuthChanged(null));
    await screen.findByRole('link', { name: 'Login' });
  });

  it('keeps the word hidden while restoring when nothing is remembered', async () => {
    const session = createFakeSession(guestUser);
    const restoring = deferred<RestoreResult>();
    session.operations.restoreSession.mockReturnValueOnce(restoring.promise);
    render(header(starting(session)));
    await waitFor(() => expect(session.operations.restoreSession).toHaveBeenCalled());
    expect(visibleWord(accountLink())).toBeNull();
    // Still a named link for assistive technology.
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    await act(async () => restoring.resolve({ user: guestUser, redirectError: null }));
    await waitFor(() => expect(visibleWord(accountLink())).toBe('Login'));
  });

  it('never flashes "Login" for a returning registered user, from hydration to restored session', async () => {
    localStorage.setItem(HINT_KEY, 'registered');
    const session = createFakeSession(registeredUser);
    const restoring = deferred<RestoreResult>();
    session.operations.restoreSession.mockReturnValueOnce(restoring.promise);

    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(header(vi.fn()));
    const seen = new Set<string | null>([visibleWord(accountLink(container))]);
    const observer = new MutationObserver(() => seen.add(visibleWord(accountLink(container))));
    observer.observe(container, {
      attributes: true,
      subtree: true,
      childList: true,
      characterData: true,
    });
    const consoleError = vi.spyOn(console, 'error');

    const root = await act(async () => hydrateRoot(container, header(starting(session))));
    await waitFor(() => expect(visibleWord(accountLink(container))).toBe('Account'));
    await act(async () => restoring.resolve({ user: registeredUser, redirectError: null }));
    await waitFor(() => expect(localStorage.getItem('applyfirst.sessionKind')).toBe('registered'));
    seen.add(visibleWord(accountLink(container)));

    observer.disconnect();
    expect(seen).toEqual(new Set([null, 'Account']));
    expect(consoleError).not.toHaveBeenCalled(); // no hydration mismatch
    consoleError.mockRestore();
    act(() => root.unmount());
    container.remove();
  });

  it('falls back to "Login" when no session can be created', async () => {
    const session = createFakeSession(null);
    session.operations.startGuest.mockRejectedValue(failure('network-request-failed'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(header(starting(session)));
    await waitFor(() => expect(visibleWord(accountLink())).toBe('Login'));
    vi.mocked(console.error).mockRestore();
  });
});

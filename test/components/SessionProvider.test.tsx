import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { personAtKeyboard } from './person';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import {
  SessionProvider,
  useSessionOperation,
  useSessionSend,
  useSessionStatus,
  useSessionUser,
  type StartSession,
} from '../../src/ui/session';
import { SessionFailedAlert } from '../../src/ui/session/SessionFailedAlert';
import { createFakeSession, guestUser } from '../support/fakeSessionService';

function SessionProbe() {
  const status = useSessionStatus();
  const operation = useSessionOperation();
  const user = useSessionUser();
  const send = useSessionSend();
  return (
    <>
      <p data-testid="probe">{`${status} ${operation ?? 'idle'} ${user?.uid ?? 'nobody'}`}</p>
      <button
        onClick={() => send({ type: 'SIGN_IN', email: 'ada@example.com', password: 'secret1' })}
      >
        Sign in
      </button>
      <SessionFailedAlert />
    </>
  );
}

const probe = () => screen.getByTestId('probe').textContent;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SessionProvider', () => {
  it('server-renders its children as restoring and starts nothing', () => {
    const startSession = vi.fn<StartSession>();
    const html = renderToString(
      <SessionProvider startSession={startSession}>
        <SessionProbe />
      </SessionProvider>,
    );
    expect(html).toContain('restoring idle nobody');
    expect(startSession).not.toHaveBeenCalled();
  });

  it('drops events sent before the session has loaded', async () => {
    const user = personAtKeyboard();
    render(
      <SessionProvider startSession={() => new Promise(() => undefined)}>
        <SessionProbe />
      </SessionProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(probe()).toBe('restoring idle nobody');
  });

  it('shows the session once restored and passes events to it', async () => {
    const session = createFakeSession(guestUser);
    const user = personAtKeyboard();
    render(
      <SessionProvider startSession={() => createActor(session.logic)}>
        <SessionProbe />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('guest idle guest-uid'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(session.operations.signIn).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'secret1',
    });
    await waitFor(() => expect(probe()).toBe('registered idle user-uid'));
  });

  it('shows a failure with Retry when the session code cannot be loaded, and retries the load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = createFakeSession(guestUser);
    const startSession = vi
      .fn<StartSession>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(() => createActor(session.logic));
    const user = personAtKeyboard();
    render(
      <SessionProvider startSession={startSession}>
        <SessionProbe />
      </SessionProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to create session. Check your connection and try again.',
    );
    expect(probe()).toBe('failed idle nobody');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(probe()).toBe('guest idle guest-uid'));
    expect(startSession).toHaveBeenCalledTimes(2);
  });

  it('shows an actor that stopped on an error instead of hanging, and Retry starts a new one', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = createFakeSession(guestUser);
    let watcherStarts = 0;
    const crashingOnce = session.logic.provide({
      actors: {
        watchAuth: fromCallback<EventObject>(() => {
          watcherStarts += 1;
          if (watcherStarts === 1) throw new Error('The SDK listener threw');
          return () => undefined;
        }),
      },
    });
    const user = personAtKeyboard();
    render(
      <SessionProvider startSession={() => createActor(crashingOnce)}>
        <SessionProbe />
      </SessionProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/stopped working/);
    expect(probe()).toBe('failed idle nobody');
    expect(consoleError).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(probe()).toBe('guest idle guest-uid'));
    expect(watcherStarts).toBe(2);
  });

  it('starts one session under StrictMode (which mounts effects twice)', async () => {
    const session = createFakeSession(guestUser);
    const startSession = vi.fn<StartSession>(() => createActor(session.logic));
    render(
      <StrictMode>
        <SessionProvider startSession={startSession}>
          <SessionProbe />
        </SessionProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(probe()).toBe('guest idle guest-uid'));
    expect(startSession).toHaveBeenCalledTimes(1);
    expect(session.operations.restoreSession).toHaveBeenCalledTimes(1);
  });

  it('stops the session when it unmounts', async () => {
    const session = createFakeSession(guestUser);
    const actor = createActor(session.logic);
    const stop = vi.spyOn(actor, 'stop');
    const { unmount } = render(
      <SessionProvider startSession={() => actor}>
        <SessionProbe />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('guest idle guest-uid'));
    act(() => unmount());
    expect(stop).toHaveBeenCalledTimes(1);
  });
});

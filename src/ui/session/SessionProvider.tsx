import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SessionError } from '../../machines/session/sessionTypes';
import { SESSION_UNAVAILABLE_MESSAGE } from '../../machines/session/sessionUnavailable';
import type { SessionConnection, StartSession } from './sessionConnection';
import { readSessionKindHint, rememberSessionKind } from './sessionKindHint';
import { createSessionStore } from './sessionStore';
import { SessionStoreContext } from './sessionStoreContext';
import { failedView, RESTORING_VIEW } from './restoringView';

/** Resolves in a later task: what follows is not part of the task running now. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The default: the runtime chunk (xstate, the machine, Firebase; prefetched by every page) loads
 * only after hydration, and in tasks of its own: hydration, evaluating the runtime and starting the
 * session are three shorter tasks rather than one long one that blocks input.
 */
const startBrowserSession: StartSession = async () => {
  await nextTask();
  const runtime = await import('./browserSessionRuntime');
  await nextTask();
  return runtime.startBrowserSessionConnection();
};

/** As `new SessionFailure('session-unavailable').toSessionError()`, without the catalogue. */
export const RUNTIME_UNAVAILABLE: SessionError = Object.freeze({
  code: 'session-unavailable',
  message: SESSION_UNAVAILABLE_MESSAGE,
});

export interface SessionProviderProps {
  children: ReactNode;
  /** Replaces the browser runtime (tests). Read once, when the provider mounts. */
  startSession?: StartSession;
}

/**
 * Owns the session for the whole app. While server rendering (and until hydration is done) it
 * starts nothing and every reader sees a session that is still restoring.
 */
export function SessionProvider({
  children,
  startSession = startBrowserSession,
}: SessionProviderProps) {
  const [store] = useState(createSessionStore);
  const startSessionRef = useRef(startSession);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    store.setKindHint(readSessionKindHint());
  }, [store]);

  useEffect(() => {
    let cancelled = false;
    let connection: SessionConnection | null = null;
    store.publish(RESTORING_VIEW);

    // A microtask later, so a StrictMode remount (effect, cleanup, effect) starts only one session.
    Promise.resolve()
      .then(() => (cancelled ? null : startSessionRef.current()))
      .then(
        (started) => {
          if (cancelled || !started) return;
          connection = started;
          store.setSender((event) => started.send(event));
          started.start((view) => {
            store.publish(view);
            rememberSessionKind(view.status);
          });
        },
        (error: unknown) => {
          if (cancelled) return;
          console.error('[session] The session code could not be loaded.', error);
          store.publish(failedView(RUNTIME_UNAVAILABLE));
          store.setSender((event) => {
            if (event.type === 'RETRY') setAttempt((count) => count + 1);
          });
        },
      );

    return () => {
      cancelled = true;
      store.setSender(null);
      connection?.stop();
    };
  }, [store, attempt]);

  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}

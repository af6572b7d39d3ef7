import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SessionFailure } from '../../machines/sessionFailure';
import type { SessionConnection, StartSession } from './sessionConnection';
import { readSessionKindHint, rememberSessionKind } from './sessionKindHint';
import { createSessionStore } from './sessionStore';
import { SessionStoreContext } from './sessionStoreContext';
import { failedView, RESTORING_VIEW } from './sessionView';

/** The default: the runtime chunk (xstate, the machine, Firebase) loads only after hydration. */
const startBrowserSession: StartSession = async () => {
  const runtime = await import('./browserSessionRuntime');
  return runtime.startBrowserSessionConnection();
};

const RUNTIME_UNAVAILABLE = new SessionFailure('session-unavailable').toSessionError();

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

import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionError } from '../../machines/session/sessionTypes';
import { SESSION_UNAVAILABLE_MESSAGE } from '../../machines/session/sessionUnavailable';
import { useActorView } from '../machineView/useActorView';
import { useStartedActor } from '../machineView/useStartedActor';
import { failedView, RESTORING_VIEW, type SessionView } from './restoringView';
import { SessionContext, type StartSession } from './sessionActor';
import { readSessionKindHint, rememberSessionKind } from './sessionKindHint';
import { toSessionView } from './sessionView';

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
  return runtime.startBrowserSession();
};

/** As `new SessionFailure('session-unavailable').toSessionError()`, without the catalogue. */
export const RUNTIME_UNAVAILABLE: SessionError = Object.freeze({
  code: 'session-unavailable',
  message: SESSION_UNAVAILABLE_MESSAGE,
});

const RUNTIME_UNAVAILABLE_VIEW = failedView(RUNTIME_UNAVAILABLE);

/** The hint never changes while the page is open; the server and hydration have none. */
const noChanges = () => () => {};
const noHint = () => null;
const statusOf = (view: SessionView) => view.status;

export interface SessionProviderProps {
  children: ReactNode;
  /** Replaces the browser runtime (tests). Read once, when the provider mounts. */
  startSession?: StartSession;
}

/**
 * Owns the session for the whole app. While server rendering (and until hydration is done) it
 * starts nothing and every reader sees a session that is still restoring. RETRY after the code
 * did not load, or after the actor stopped on an error, starts a fresh one.
 */
export function SessionProvider({
  children,
  startSession = startBrowserSession,
}: SessionProviderProps) {
  const { actor, loadFailed, send } = useStartedActor(startSession, 'session', 'RETRY');
  const kindHint = useSyncExternalStore(noChanges, readSessionKindHint, noHint);

  const binding = useMemo(
    () => ({
      actor,
      idleView: loadFailed ? RUNTIME_UNAVAILABLE_VIEW : RESTORING_VIEW,
      send,
      kindHint,
    }),
    [actor, loadFailed, send, kindHint],
  );
  const status = useActorView(binding, toSessionView, statusOf);
  useEffect(() => rememberSessionKind(status), [status]);

  return <SessionContext.Provider value={binding}>{children}</SessionContext.Provider>;
}

import { useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import type {
  EmailPassword,
  GuestWork,
  PasswordPolicy,
  SessionError,
  SessionNotice,
  SessionOperation,
  SessionUser,
  SessionUserEvent,
} from '../../machines/session/sessionTypes';
import type { SessionKind } from './sessionKindHint';
import { INITIAL_SESSION_STATE, type SessionStore, type SessionStoreState } from './sessionStore';
import { SessionStoreContext } from './sessionStoreContext';
import type { ReauthenticationReason, SessionStatus } from './restoringView';

function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('Session hooks need a <SessionProvider> above them.');
  return store;
}

/**
 * Reads one slice of the session. Selectors must return a part of the state (not a new object),
 * so React can tell when it changed. Hydration always sees the server's (initial) state.
 */
function useSessionSelector<T>(select: (state: SessionStoreState) => T): T {
  const store = useSessionStore();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(INITIAL_SESSION_STATE),
  );
}

export function useSessionStatus(): SessionStatus {
  return useSessionSelector((state) => state.view.status);
}

/** The operation in flight, or null when the session is idle. */
export function useSessionOperation(): SessionOperation | null {
  return useSessionSelector((state) => state.view.operation);
}

export function useSessionUser(): SessionUser | null {
  return useSessionSelector((state) => state.view.user);
}

export function useSessionError(): SessionError | null {
  return useSessionSelector((state) => state.view.error);
}

export function useSessionNotice(): SessionNotice | null {
  return useSessionSelector((state) => state.view.notice);
}

/**
 * The password rules in force. A form that shows them asks the machine to load the provider's
 * policy; it asks again once the session is running, since events sent before then are dropped.
 */
export function usePasswordPolicy(): PasswordPolicy {
  const send = useSessionSend();
  const status = useSessionStatus();
  useEffect(() => {
    if (status !== 'restoring' && status !== 'failed') send({ type: 'PASSWORD_POLICY_NEEDED' });
  }, [send, status]);
  return useSessionSelector((state) => state.view.passwordPolicy);
}

/** The operation that waits for the user to sign in again, or null. */
export function useReauthenticationFor(): ReauthenticationReason | null {
  return useSessionSelector((state) => state.view.reauthenticationFor);
}

/** What the replaced guest saved, while the person chooses whether to bring it; else null. */
export function useCarryOverOffer(): GuestWork | null {
  return useSessionSelector((state) => state.view.carryOverOffer);
}

/** This tab's "Create account" input, offered back after another tab registered the guest first. */
export function useOwnRegistration(): EmailPassword | null {
  return useSessionSelector((state) => state.view.ownRegistration);
}

/**
 * The session kind to show in navigation: the real one once restored, until then the kind this
 * browser saw last time, or null when there is no such hint (show nothing yet).
 */
export function useDisplayedSessionKind(): SessionKind | null {
  return useSessionSelector((state) => {
    const { status } = state.view;
    if (status === 'guest' || status === 'registered') return status;
    if (status === 'failed') return state.kindHint ?? 'guest';
    return state.kindHint;
  });
}

/** The only way components change the session. Stable across renders. */
export function useSessionSend(): (event: SessionUserEvent) => void {
  const store = useSessionStore();
  return useCallback((event: SessionUserEvent) => store.send(event), [store]);
}

import { useEffect } from 'react';
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
import { useActorView, useBinding } from '../machineView/useActorView';
import type { ReauthenticationReason, SessionStatus, SessionView } from './restoringView';
import { SessionContext, type SessionBinding } from './sessionActor';
import type { SessionKind } from './sessionKindHint';
import { toSessionView } from './sessionView';

const useSessionBinding = (): SessionBinding => useBinding(SessionContext, 'SessionProvider');

/**
 * Reads one slice of the session's view. Selectors are module constants that return a part of the
 * view (not a new object), so React can tell when it changed. Hydration sees a restoring session.
 */
function useSessionSelector<T>(select: (view: SessionView) => T): T {
  return useActorView(useSessionBinding(), toSessionView, select);
}

const statusOf = (view: SessionView) => view.status;
const operationOf = (view: SessionView) => view.operation;
const userOf = (view: SessionView) => view.user;
const errorOf = (view: SessionView) => view.error;
const noticeOf = (view: SessionView) => view.notice;
const passwordPolicyOf = (view: SessionView) => view.passwordPolicy;
const reauthenticationOf = (view: SessionView) => view.reauthenticationFor;
const carryOverOfferOf = (view: SessionView) => view.carryOverOffer;
const ownRegistrationOf = (view: SessionView) => view.ownRegistration;

export function useSessionStatus(): SessionStatus {
  return useSessionSelector(statusOf);
}

/** The operation in flight, or null when the session is idle. */
export function useSessionOperation(): SessionOperation | null {
  return useSessionSelector(operationOf);
}

export function useSessionUser(): SessionUser | null {
  return useSessionSelector(userOf);
}

export function useSessionError(): SessionError | null {
  return useSessionSelector(errorOf);
}

export function useSessionNotice(): SessionNotice | null {
  return useSessionSelector(noticeOf);
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
  return useSessionSelector(passwordPolicyOf);
}

/** The operation that waits for the user to sign in again, or null. */
export function useReauthenticationFor(): ReauthenticationReason | null {
  return useSessionSelector(reauthenticationOf);
}

/** What the replaced guest saved, while the person chooses whether to bring it; else null. */
export function useCarryOverOffer(): GuestWork | null {
  return useSessionSelector(carryOverOfferOf);
}

/** This tab's "Create account" input, offered back after another tab registered the guest first. */
export function useOwnRegistration(): EmailPassword | null {
  return useSessionSelector(ownRegistrationOf);
}

/**
 * The session kind to show in navigation: the real one once restored, until then the kind this
 * browser saw last time, or null when there is no such hint (show nothing yet).
 */
export function useDisplayedSessionKind(): SessionKind | null {
  const { kindHint } = useSessionBinding();
  const status = useSessionStatus();
  if (status === 'guest' || status === 'registered') return status;
  if (status === 'failed') return kindHint ?? 'guest';
  return kindHint;
}

/** The only way components change the session. Stable across renders. */
export function useSessionSend(): (event: SessionUserEvent) => void {
  return useSessionBinding().send;
}

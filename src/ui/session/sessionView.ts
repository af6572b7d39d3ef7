import type { StateValue } from 'xstate';
import { DEFAULT_PASSWORD_POLICY } from '../../machines/passwordPolicy';
import type {
  PasswordPolicy,
  PendingOperation,
  SessionContext,
  SessionError,
  SessionNotice,
  SessionUser,
} from '../../machines/sessionTypes';

/**
 * What the UI routes on. `restoring`: not known yet; `guest`: anonymous (or about to be);
 * `registered`: a signed-in, non-anonymous user; `failed`: no session, offer a retry.
 */
export type SessionStatus = 'restoring' | 'guest' | 'registered' | 'failed';

/** The operation in flight; buttons show progress and ignore input while there is one. */
export type SessionActivity =
  | 'startingGuest'
  | 'signingUp'
  | 'signingIn'
  | 'googlePopup'
  | 'googleRedirect'
  | 'switchingAccount'
  | 'signingOut'
  | 'sendingPasswordReset'
  | 'confirmingPasswordReset'
  | 'updatingPassword'
  | 'reauthenticating'
  | 'refreshing'
  | 'deletingAccount';

/** The operation waiting for the user to sign in again. */
export type ReauthenticationReason = PendingOperation['kind'];

export interface SessionView {
  status: SessionStatus;
  activity: SessionActivity | null;
  user: SessionUser | null;
  error: SessionError | null;
  notice: SessionNotice | null;
  passwordPolicy: PasswordPolicy;
  /** Set while the provider asks for a recent sign-in (and while that sign-in runs). */
  reauthenticationFor: ReauthenticationReason | null;
  /** The machine's state as a dotted path (`authenticated.idle`), for diagnostics. */
  state: string;
}

/** The parts of an actor snapshot the view needs; a session machine snapshot satisfies it. */
export interface SessionSnapshotLike {
  status: 'active' | 'done' | 'error' | 'stopped';
  value: StateValue;
  context: SessionContext;
}

export const RESTORING_VIEW: SessionView = Object.freeze({
  status: 'restoring',
  activity: null,
  user: null,
  error: null,
  notice: null,
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  reauthenticationFor: null,
  state: 'restoring',
});

/** A session that cannot go on (the actor stopped, or its code did not load); RETRY starts over. */
export function failedView(error: SessionError, passwordPolicy = DEFAULT_PASSWORD_POLICY): SessionView {
  return { ...RESTORING_VIEW, status: 'failed', error, passwordPolicy, state: 'failed' };
}

export const SESSION_STOPPED_ERROR: SessionError = Object.freeze({
  code: 'session-stopped',
  message: 'Signing in stopped working because of an unexpected error. Please try again.',
});

const ACTIVITY_BY_STATE: Readonly<Record<string, SessionActivity>> = {
  startingGuest: 'startingGuest',
  linking: 'signingUp',
  signingIn: 'signingIn',
  popupPending: 'googlePopup',
  redirecting: 'googleRedirect',
  switchingAccount: 'switchingAccount',
  signingOut: 'signingOut',
  sendingPasswordReset: 'sendingPasswordReset',
  confirmingPasswordReset: 'confirmingPasswordReset',
  updatingPassword: 'updatingPassword',
  reauthenticating: 'reauthenticating',
  refreshing: 'refreshing',
  deletingAccount: 'deletingAccount',
};

const REAUTHENTICATION_STATES = new Set(['needsRecentLogin', 'reauthenticating']);

/** `{ authenticated: 'idle' }` -> `['authenticated', 'idle']` (the machine has no parallel states). */
function statePath(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  const [head] = Object.entries(value);
  if (!head) return [];
  const [key, child] = head;
  return child === undefined ? [key] : [key, ...statePath(child)];
}

function statusOf(topState: string, user: SessionUser | null): SessionStatus {
  if (topState === 'restoring') return 'restoring';
  if (topState === 'sessionFailed') return 'failed';
  // Everything else follows the user: signing out is still registered until it has finished.
  return user !== null && !user.isAnonymous ? 'registered' : 'guest';
}

/** The snapshot -> view mapping: pure, so components never see the actor. */
export function toSessionView(snapshot: SessionSnapshotLike): SessionView {
  const { context } = snapshot;
  if (snapshot.status !== 'active') return failedView(SESSION_STOPPED_ERROR, context.passwordPolicy);

  const path = statePath(snapshot.value);
  const topState = path[0] ?? '';
  const leafState = path[path.length - 1] ?? '';
  return {
    status: statusOf(topState, context.user),
    activity: ACTIVITY_BY_STATE[leafState] ?? null,
    user: context.user,
    error: context.error,
    notice: context.notice,
    passwordPolicy: context.passwordPolicy,
    reauthenticationFor: REAUTHENTICATION_STATES.has(leafState)
      ? (context.pendingOperation?.kind ?? null)
      : null,
    state: path.join('.'),
  };
}

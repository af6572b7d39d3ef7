import { DEFAULT_PASSWORD_POLICY } from '../../machines/passwordPolicy';
import { SessionFailure } from '../../machines/sessionFailure';
import {
  SESSION_OPERATIONS,
  type GuestWork,
  type PasswordPolicy,
  type PendingOperation,
  type SessionContext,
  type SessionError,
  type SessionNotice,
  type SessionOperation,
  type SessionTag,
  type SessionUser,
} from '../../machines/sessionTypes';

/**
 * What the UI routes on. `restoring`: not known yet; `guest`: anonymous (or about to be);
 * `registered`: a signed-in, non-anonymous user; `failed`: no session, offer a retry.
 */
export type SessionStatus = 'restoring' | 'guest' | 'registered' | 'failed';

/** The operation waiting for the user to sign in again. */
export type ReauthenticationReason = PendingOperation['kind'];

export interface SessionView {
  status: SessionStatus;
  /** The operation in flight; buttons show progress and ignore input while there is one. */
  operation: SessionOperation | null;
  user: SessionUser | null;
  error: SessionError | null;
  notice: SessionNotice | null;
  passwordPolicy: PasswordPolicy;
  /** Set while the provider asks for a recent sign-in (and while that sign-in runs). */
  reauthenticationFor: ReauthenticationReason | null;
  /** Set while the person chooses what happens to the work of the guest a sign-in replaced. */
  carryOverOffer: GuestWork | null;
}

/** The parts of an actor snapshot the view needs; a session machine snapshot satisfies it. */
export interface SessionSnapshotLike {
  status: 'active' | 'done' | 'error' | 'stopped';
  context: SessionContext;
  hasTag(tag: SessionTag): boolean;
}

export const RESTORING_VIEW: SessionView = Object.freeze({
  status: 'restoring',
  operation: null,
  user: null,
  error: null,
  notice: null,
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  reauthenticationFor: null,
  carryOverOffer: null,
});

/** A session that cannot go on (the actor stopped, or its code did not load); RETRY starts over. */
export function failedView(
  error: SessionError,
  passwordPolicy = DEFAULT_PASSWORD_POLICY,
): SessionView {
  return { ...RESTORING_VIEW, status: 'failed', error, passwordPolicy };
}

export const SESSION_STOPPED_ERROR: SessionError = Object.freeze(
  new SessionFailure('session-stopped').toSessionError(),
);

function statusOf(snapshot: SessionSnapshotLike): SessionStatus {
  if (snapshot.hasTag('restoreSession')) return 'restoring';
  if (snapshot.hasTag('failed')) return 'failed';
  // Everything else follows the user: signing out is still registered until it has finished.
  const { user } = snapshot.context;
  return user !== null && !user.isAnonymous ? 'registered' : 'guest';
}

/** The snapshot -> view mapping: pure, so components never see the actor. */
export function toSessionView(snapshot: SessionSnapshotLike): SessionView {
  const { context } = snapshot;
  if (snapshot.status !== 'active')
    return failedView(SESSION_STOPPED_ERROR, context.passwordPolicy);
  const status = statusOf(snapshot);
  return {
    status,
    // Restoring is shown by the status; as an operation it would only hide the forms twice.
    operation:
      status === 'restoring'
        ? null
        : (SESSION_OPERATIONS.find((operation) => snapshot.hasTag(operation)) ?? null),
    user: context.user,
    error: context.error,
    notice: context.notice,
    passwordPolicy: context.passwordPolicy,
    reauthenticationFor: snapshot.hasTag('reauthenticationNeeded')
      ? (context.pendingOperation?.kind ?? null)
      : null,
    carryOverOffer: snapshot.hasTag('carryOverOffered')
      ? (context.discardedGuest?.work ?? null)
      : null,
  };
}

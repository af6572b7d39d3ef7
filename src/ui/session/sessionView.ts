import {
  SESSION_OPERATIONS,
  type SessionContext,
  type SessionError,
  type SessionTag,
} from '../../machines/session/sessionTypes';
import { SESSION_STOPPED_MESSAGE } from '../../machines/session/sessionUnavailable';
import { failedView, type SessionStatus, type SessionView } from './restoringView';

export {
  failedView,
  RESTORING_VIEW,
  type ReauthenticationReason,
  type SessionStatus,
  type SessionView,
} from './restoringView';

/** The parts of an actor snapshot the view needs; a session machine snapshot satisfies it. */
export interface SessionSnapshotLike {
  status: 'active' | 'done' | 'error' | 'stopped';
  context: SessionContext;
  hasTag(tag: SessionTag): boolean;
}

/** As `new SessionFailure('session-stopped').toSessionError()`, without the catalogue. */
export const SESSION_STOPPED_ERROR: SessionError = Object.freeze({
  code: 'session-stopped',
  message: SESSION_STOPPED_MESSAGE,
});

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
    // While "Create account" runs, its input is the form's, not an offer.
    ownRegistration: snapshot.hasTag('createAccount') ? null : context.registration,
  };
}

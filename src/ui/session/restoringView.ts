import { DEFAULT_PASSWORD_POLICY } from '../../machines/session/passwordPolicy';
import type {
  EmailPassword,
  GuestWork,
  PasswordPolicy,
  PendingOperation,
  SessionError,
  SessionNotice,
  SessionOperation,
  SessionUser,
} from '../../machines/session/sessionTypes';

/*
 * The view types and the views a page has before the session runtime runs: what the first load
 * needs of `sessionView.ts`, without the snapshot mapping (and the error catalogue it brings).
 */

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
  /**
   * This tab's "Create account" input after another tab registered the guest first: the account
   * page offers to sign out and use it, and the form gets it back afterwards.
   */
  ownRegistration: EmailPassword | null;
}

export const RESTORING_VIEW: SessionView = /* @__PURE__ */ Object.freeze({
  status: 'restoring',
  operation: null,
  user: null,
  error: null,
  notice: null,
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  reauthenticationFor: null,
  carryOverOffer: null,
  ownRegistration: null,
});

/** A session that cannot go on (the actor stopped, or its code did not load); RETRY starts over. */
export function failedView(
  error: SessionError,
  passwordPolicy = DEFAULT_PASSWORD_POLICY,
): SessionView {
  return { ...RESTORING_VIEW, status: 'failed', error, passwordPolicy };
}

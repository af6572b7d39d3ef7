import type { CarryOverMode } from '../../../contract';
import type { ClientCode } from './errorCatalogue';
import type { SessionNotice } from './noticeCatalogue';

/** The plain, serializable view of the signed-in user kept in the machine (never the SDK's `User`). */
export interface SessionUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  isAnonymous: boolean;
  /** Sign-in providers linked to the account, e.g. `password`, `google.com`. Empty for a guest. */
  providerIds: string[];
  creationTime: string | null;
  lastSignInTime: string | null;
}

/** An error the UI can show: `code` is the client code (`email-already-in-use`), `message` is for people. */
export interface SessionError {
  code: ClientCode;
  message: string;
}

export type { SessionNotice } from './noticeCatalogue';

/**
 * What switching to an existing account needs. A password credential comes from a sign-up whose
 * e-mail is taken; a Google credential is the SDK's `OAuthCredential.toJSON()` from a link error.
 */
export type SwitchCredential =
  | { providerId: 'password'; email: string; password: string }
  | { providerId: 'google.com'; credentialJson: Record<string, unknown> };

/** A failure as plain data (what fakes reject with, and a redirect result carries). */
export interface SessionFailureData {
  readonly code: ClientCode;
  readonly message: string;
  readonly switchCredential?: SwitchCredential;
}

/** An operation that the provider refused until the user signs in again (`requires-recent-login`). */
export type PendingOperation =
  | { kind: 'changePassword'; newPassword: string; currentPassword?: string }
  | { kind: 'changeEmail'; newEmail: string; currentPassword?: string }
  | { kind: 'deleteAccount' };

/** The password rules in force: the provider's policy when it supplies one, else the default. */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number | null;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
  /** Where the rules came from: the provider's policy, or the app's default. */
  source: 'provider' | 'default';
}

export interface EmailPassword {
  email: string;
  password: string;
}

/**
 * What the guest had saved (a profile or a CV) when a sign-in was about to discard it, as the
 * backend said; `unknown` when the backend could not say in time.
 */
export type GuestWork = 'some' | 'none' | 'unknown';

/**
 * A guest that signing in to an existing account discarded. Its ID token, taken before the
 * switch, is the proof the backend needs to carry its work over (never a bare uid); it stays
 * valid for about an hour.
 */
export interface DiscardedGuest {
  uid: string;
  idToken: string;
  work: GuestWork;
}

/** What signing in (or switching) to an existing account produced. */
export interface SignInResult {
  user: SessionUser;
  /** The guest it replaced, when there was one. */
  discardedGuest: DiscardedGuest | null;
}

/** What creating an account produced: the linked user, and whether the verification e-mail went out. */
export interface AccountCreated {
  user: SessionUser;
  verificationSent: boolean;
}

/**
 * The e-mailed actions applied with their code alone (`applyActionCode`): proving an address,
 * taking a new address into use, and undoing an address change from the old address.
 */
export const EMAIL_ACTIONS = ['verifyEmail', 'verifyAndChangeEmail', 'recoverEmail'] as const;
export type EmailAction = (typeof EMAIL_ACTIONS)[number];

/** What applying an e-mailed action left: the SDK's user afterwards (null when its session ended). */
export interface EmailActionResult {
  action: EmailAction;
  user: SessionUser | null;
}

/** What restoring found: the saved user (if any) and the outcome of a pending redirect sign-in. */
export interface RestoreResult {
  user: SessionUser | null;
  /** A redirect link that failed; with `switchCredential` when the Google account is already in use. */
  redirectError: SessionFailureData | null;
}

/**
 * The session's operations. One name each: the actor (`createAccount`), its invoke id, the state
 * running it (`linking`), the event that starts it (`CREATE_ACCOUNT`, where a person
 * starts it), the tag the UI reads, and the UI's action.
 */
export const SESSION_OPERATIONS = [
  'restoreSession',
  'startGuest',
  'createAccount',
  'signIn',
  'continueWithGoogle',
  'redirectToGoogle',
  'switchAccount',
  'signOut',
  'sendPasswordReset',
  'confirmPasswordReset',
  'changePassword',
  'reauthenticate',
  'refreshSession',
  'deleteAccount',
  'carryOver',
  'sendSignInLink',
  'completeSignInLink',
  'sendEmailVerification',
  'applyEmailAction',
  'changeEmail',
] as const;

export type SessionOperation = (typeof SESSION_OPERATIONS)[number];

/**
 * What the UI asks of a snapshot (`snapshot.hasTag(...)`): the operation running; `busy` while any
 * runs; `failed` when no session could be created; `reauthenticationNeeded` while the provider
 * wants a recent sign-in for the pending operation; `carryOverOffered` while the person chooses
 * what happens to the discarded guest's work.
 */
export type SessionTag =
  SessionOperation | 'busy' | 'failed' | 'reauthenticationNeeded' | 'carryOverOffered';

export interface SessionContext {
  user: SessionUser | null;
  error: SessionError | null;
  notice: SessionNotice | null;
  switchCredential: SwitchCredential | null;
  pendingOperation: PendingOperation | null;
  passwordPolicy: PasswordPolicy;
  /**
   * The SDK's user as last reported while an operation ran. Operations defer AUTH_CHANGED and
   * reconcile with it when they settle, so the machine at rest always holds the SDK's user.
   */
  deferredAuthChange: AuthChangedEvent | null;
  /** The guest the last sign-in discarded, until the person chose what happens to its work. */
  discardedGuest: DiscardedGuest | null;
  /**
   * What this tab's "Create account" was for, while it runs; kept when another tab registered the
   * same guest first, so the person can still use their own address (USE_OWN_ADDRESS brings it
   * back to the form). The next thing the person does, or dismissing, forgets it.
   */
  registration: EmailPassword | null;
}

/** Events a person causes through the UI. */
export type SessionUserEvent =
  | ({ type: 'CREATE_ACCOUNT' } & EmailPassword)
  | ({ type: 'SIGN_IN' } & EmailPassword)
  | { type: 'CONTINUE_WITH_GOOGLE' }
  | { type: 'CANCEL' }
  | { type: 'SEND_PASSWORD_RESET'; email: string }
  | { type: 'CONFIRM_PASSWORD_RESET'; oobCode: string; newPassword: string }
  /** E-mail a sign-in link; the address is remembered on this device. */
  | { type: 'SEND_SIGN_IN_LINK'; email: string }
  /**
   * Finish signing in with an e-mailed link (the whole URL, as opened). `email` only when the
   * person typed it: the link was opened on another device, which does not remember the address.
   */
  | { type: 'COMPLETE_SIGN_IN_LINK'; link: string; email?: string }
  | { type: 'SEND_EMAIL_VERIFICATION' }
  /** Apply an e-mailed code; which action it is comes from the code, never from the link. */
  | { type: 'APPLY_EMAIL_ACTION'; oobCode: string }
  /** The new address takes effect only once its own link is opened. */
  | { type: 'CHANGE_EMAIL'; newEmail: string; currentPassword?: string }
  | { type: 'SIGN_OUT' }
  /**
   * Another tab registered this guest first: sign out (every tab) to a fresh guest whose form has
   * this tab's address and password back, to create an account with them.
   */
  | { type: 'USE_OWN_ADDRESS' }
  /** With the current password, the account holder proves it is them first (OWASP ASVS). */
  | { type: 'CHANGE_PASSWORD'; newPassword: string; currentPassword?: string }
  | { type: 'REAUTHENTICATE'; password?: string }
  | { type: 'REFRESH_SESSION' }
  | { type: 'DELETE_ACCOUNT' }
  /** Bring the discarded guest's work into the account (replace or merge), or leave it. */
  | { type: 'CARRY_OVER'; mode: CarryOverMode }
  | { type: 'RETRY' }
  | { type: 'DISMISS' }
  /** A password form is on screen: load the provider's password policy (once). */
  | { type: 'PASSWORD_POLICY_NEEDED' };

/** Sent by the auth watcher whenever the SDK's user changes (sign-in, sign-out, another tab, token). */
export interface AuthChangedEvent {
  type: 'AUTH_CHANGED';
  user: SessionUser | null;
}

/** Sent by the password-policy loader with the rules in force. */
export interface PasswordPolicyLoadedEvent {
  type: 'PASSWORD_POLICY_LOADED';
  policy: PasswordPolicy;
}

export type SessionEvent = SessionUserEvent | AuthChangedEvent | PasswordPolicyLoadedEvent;

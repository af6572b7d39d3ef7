/**
 * The error catalogue, as data: every code the app can meet (the identity provider's client codes
 * and the app's own), what the session does with it, and the message people read. The failure
 * type and the normalisation of thrown values live in `sessionFailure.ts`.
 */

import { SESSION_STOPPED_MESSAGE, SESSION_UNAVAILABLE_MESSAGE } from './sessionUnavailable';

/**
 * What the session does with a failure:
 * - `redirect`: try again with a full-page redirect;
 * - `show`: show the message, nothing is wrong with the app;
 * - `switch`: the credential belongs to another account, switch to it;
 * - `signOut`: the session can't continue, start a new guest with a notice;
 * - `reauthenticate`: ask the user to sign in again, then retry;
 * - `retry`: nothing changed and trying again may work: show the message, offer the same choice;
 * - `showAndLog`: show the message and log it as a possible bug.
 */
export type ErrorHandling =
  'redirect' | 'show' | 'switch' | 'signOut' | 'reauthenticate' | 'retry' | 'showAndLog';

export interface ErrorCatalogueEntry {
  readonly handling: ErrorHandling;
  /** For people: never contains the code. */
  readonly message: string;
}

/** Keyed by client code: the SDK's code without its `auth/` prefix, or one of the app's own. */
export const ERROR_CATALOGUE = {
  // The account or credential belongs to someone else.
  'email-already-in-use': {
    handling: 'switch',
    message:
      'An account with this email address already exists. Sign in to it, or choose "Forgot password?" to reset its password.',
  },
  'credential-already-in-use': {
    handling: 'switch',
    message: 'This sign-in is already linked to another ApplyFirst account.',
  },
  'account-exists-with-different-credential': {
    handling: 'showAndLog',
    message:
      'An account with this email address already exists with a different way of signing in.',
  },

  // Popups.
  'popup-blocked': { handling: 'redirect', message: 'Your browser blocked the sign-in window.' },
  'popup-closed-by-user': {
    handling: 'show',
    message: 'The sign-in window was closed before signing in finished.',
  },
  'cancelled-popup-request': {
    handling: 'show',
    message: 'Only one sign-in window can be open at a time.',
  },
  'user-cancelled': { handling: 'show', message: 'Signing in with Google was cancelled.' },

  // The session can't go on.
  'user-disabled': { handling: 'signOut', message: 'This account has been disabled.' },
  'user-token-expired': {
    handling: 'signOut',
    message: 'Your session has expired. Please sign in again.',
  },
  'invalid-user-token': {
    handling: 'signOut',
    message: 'Your session is no longer valid. Please sign in again.',
  },
  'requires-recent-login': {
    handling: 'reauthenticate',
    message: 'For your security, please sign in again to continue.',
  },

  // Ordinary mistakes and conditions people can fix: shown, not logged as bugs.
  // Sign-in failures never tell whether an address has an account (e-mail enumeration).
  'wrong-password': {
    handling: 'show',
    message:
      'The email address or password is incorrect. New to ApplyFirst? Choose "Create account".',
  },
  'invalid-credential': {
    handling: 'show',
    message:
      'The email address or password is incorrect. New to ApplyFirst? Choose "Create account".',
  },
  'user-not-found': {
    handling: 'show',
    message:
      'The email address or password is incorrect. New to ApplyFirst? Choose "Create account".',
  },
  'user-mismatch': {
    handling: 'show',
    message: 'Please sign in with the account you are using now.',
  },
  'invalid-email': { handling: 'show', message: 'Please enter a valid email address.' },
  'missing-password': { handling: 'show', message: 'Please enter your password.' },
  'weak-password': {
    handling: 'show',
    message: 'This password is too weak. Please choose a stronger one.',
  },
  'password-does-not-meet-requirements': {
    handling: 'show',
    message: 'This password does not meet the requirements.',
  },
  'expired-action-code': {
    handling: 'show',
    message: 'This link has expired. Please ask for a new one.',
  },
  'invalid-action-code': {
    handling: 'show',
    message: 'This link is not valid, or it has already been used. Please ask for a new one.',
  },
  'missing-or-invalid-nonce': {
    handling: 'show',
    message: 'This sign-in could not be confirmed. Please start it again.',
  },
  // E-mail link sign-in.
  'email-link-needs-address': {
    handling: 'show',
    message:
      'This sign-in link was opened on another device or browser. Enter the email address it was sent to.',
  },
  'email-link-wrong-address': {
    handling: 'show',
    message:
      'This sign-in link was sent to a different email address. Enter the address it was sent to.',
  },
  'email-link-account-exists': {
    handling: 'show',
    message:
      'This address already has an ApplyFirst account, and that link has now been used. We have e-mailed a new one: open it to sign in to that account, then choose what happens to your guest work.',
  },
  'new-email-in-use': {
    handling: 'show',
    message: 'Another account already uses this email address. Choose a different one.',
  },
  'too-many-requests': {
    handling: 'show',
    message: 'Too many attempts. Please wait a little and try again.',
  },
  'network-request-failed': {
    handling: 'show',
    message: 'Could not reach the server. Check your internet connection and try again.',
  },

  // Failures that point at configuration or a bug.
  'operation-not-allowed': {
    handling: 'showAndLog',
    message: 'This way of signing in is not available right now.',
  },
  'admin-restricted-operation': {
    handling: 'showAndLog',
    message: 'This action is not available right now.',
  },
  'provider-already-linked': {
    handling: 'show',
    message: 'Your account already has this way of signing in.',
  },
  'null-user': { handling: 'showAndLog', message: 'No user signed in' },
  'internal-error': {
    handling: 'showAndLog',
    message: 'Something went wrong on our side. Please try again.',
  },
  'invalid-continue-uri': {
    handling: 'showAndLog',
    message: 'The link back to this site is not valid.',
  },
  'unauthorized-continue-uri': {
    handling: 'showAndLog',
    message: 'The link back to this site is not allowed.',
  },
  'missing-continue-uri': {
    handling: 'showAndLog',
    message: 'The link back to this site is missing.',
  },
  'web-storage-unsupported': {
    handling: 'showAndLog',
    message:
      'Your browser is blocking the storage this site needs to keep you signed in. Allow site data and try again.',
  },
  'operation-not-supported-in-this-environment': {
    handling: 'showAndLog',
    message: 'This browser does not support this way of signing in.',
  },
  timeout: {
    handling: 'showAndLog',
    message: 'The server took too long to answer. Please try again.',
  },
  'quota-exceeded': {
    handling: 'showAndLog',
    message: 'The service is busy right now. Please try again later.',
  },
  // Bot protection (reCAPTCHA Enterprise) when the project enforces it.
  'missing-recaptcha-token': {
    handling: 'showAndLog',
    message: 'We could not confirm that you are not a robot. Reload the page and try again.',
  },
  'invalid-recaptcha-token': {
    handling: 'showAndLog',
    message: 'We could not confirm that you are not a robot. Reload the page and try again.',
  },
  'captcha-check-failed': {
    handling: 'show',
    message: 'We could not confirm that you are not a robot. Please try again.',
  },
  'recaptcha-not-enabled': {
    handling: 'showAndLog',
    message: 'Signing in is not available right now. Please try again later.',
  },

  // The app's own codes.
  'no-user': { handling: 'showAndLog', message: 'No user signed in' },
  'session-failed': { handling: 'showAndLog', message: 'Failed to create session' },
  'not-in-browser': {
    handling: 'showAndLog',
    message: 'Signing in only works in a web browser.',
  },
  'redirect-timeout': {
    handling: 'showAndLog',
    message: "The browser did not open Google's sign-in page. Please try again.",
  },
  'session-unavailable': {
    handling: 'showAndLog',
    message: SESSION_UNAVAILABLE_MESSAGE,
  },
  'session-stopped': {
    handling: 'showAndLog',
    message: SESSION_STOPPED_MESSAGE,
  },
  // The product backend (carrying a guest's work over, deleting an account).
  'backend-unavailable': {
    handling: 'retry',
    message: 'ApplyFirst could not be reached, so nothing was changed. Please try again.',
  },
  'carry-over-refused': {
    handling: 'show',
    message:
      'Your guest work could not be moved: the guest session has expired or its work was already moved. Your account is as it was.',
  },
  'account-has-subscription': {
    handling: 'show',
    message:
      'Your Pro subscription is still running. Cancel it under “Manage billing” first, then delete your account. Nothing was deleted.',
  },
  unknown: { handling: 'showAndLog', message: 'Something went wrong. Please try again.' },
} as const satisfies Record<string, ErrorCatalogueEntry>;

export type ClientCode = keyof typeof ERROR_CATALOGUE;

export const UNKNOWN_ERROR_CODE = 'unknown' satisfies ClientCode;

/** Codes the app raises itself; none of them is a Firebase Auth code. */
export const APP_ERROR_CODES = [
  'no-user',
  'session-failed',
  'session-unavailable',
  'session-stopped',
  'not-in-browser',
  'redirect-timeout',
  'backend-unavailable',
  'carry-over-refused',
  'account-has-subscription',
  'email-link-needs-address',
  'email-link-wrong-address',
  'email-link-account-exists',
  'new-email-in-use',
  UNKNOWN_ERROR_CODE,
] as const satisfies readonly ClientCode[];

/** DESIGN section 5. The SDK does this mapping itself; the unit tests prove it still agrees. */
export const SERVER_CODE_TO_CLIENT_CODE = Object.freeze({
  EMAIL_EXISTS: 'email-already-in-use',
  INVALID_PASSWORD: 'wrong-password',
  INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
  EMAIL_NOT_FOUND: 'user-not-found',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  EXPIRED_OOB_CODE: 'expired-action-code',
  INVALID_OOB_CODE: 'invalid-action-code',
  TOKEN_EXPIRED: 'user-token-expired',
  USER_DISABLED: 'user-disabled',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'password-does-not-meet-requirements',
} satisfies Record<string, ClientCode>);

export function isClientCode(code: string): code is ClientCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

function entryFor(code: string): ErrorCatalogueEntry {
  return isClientCode(code) ? ERROR_CATALOGUE[code] : ERROR_CATALOGUE[UNKNOWN_ERROR_CODE];
}

/** What the session does with a code; a code the catalogue does not know is a possible bug. */
export function handlingOf(code: string): ErrorHandling {
  return entryFor(code).handling;
}

export function userMessageFor(code: string): string {
  return entryFor(code).message;
}

import type { SessionOperationFailure, SwitchCredential } from './sessionTypes';

/**
 * What the session does with a failure:
 * - `redirect`: try again with a full-page redirect;
 * - `rethrow`: show the message, nothing is wrong with the app;
 * - `switch`: the credential belongs to another account, switch to it;
 * - `signOut`: the session can't continue, start a new guest with a notice;
 * - `reauthenticate`: ask the user to sign in again, then retry;
 * - `logAndRethrow`: show the message and log it as a possible bug.
 */
export type ErrorHandling =
  'redirect' | 'rethrow' | 'switch' | 'signOut' | 'reauthenticate' | 'logAndRethrow';

export interface ErrorCatalogueEntry {
  /** The code without the SDK's `auth/` prefix, or one of the app's own codes. */
  readonly clientCode: string;
  readonly handling: ErrorHandling;
  /** For people: never contains the code. */
  readonly message: string;
}

/** DESIGN.md section 5. The SDK does this mapping itself; the unit tests prove it still agrees. */
export const SERVER_CODE_TO_CLIENT_CODE: Readonly<Record<string, string>> = Object.freeze({
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
});

export const UNKNOWN_ERROR_CODE = 'unknown';

/** Codes the app raises itself; none of them is a Firebase Auth code. */
export const APP_ERROR_CODES = [
  'no-user',
  'session-failed',
  'not-in-browser',
  'redirect-timeout',
  UNKNOWN_ERROR_CODE,
] as const;

/** Also the entry for every code the catalogue does not know. */
const UNKNOWN_ENTRY: ErrorCatalogueEntry = {
  clientCode: UNKNOWN_ERROR_CODE,
  handling: 'logAndRethrow',
  message: 'Something went wrong. Please try again.',
};

export const ERROR_CATALOGUE: readonly ErrorCatalogueEntry[] = Object.freeze([
  // The account or credential belongs to someone else.
  {
    clientCode: 'email-already-in-use',
    handling: 'switch',
    message: 'An account with this email address already exists.',
  },
  {
    clientCode: 'credential-already-in-use',
    handling: 'switch',
    message: 'This Google account is already linked to another account.',
  },
  {
    clientCode: 'account-exists-with-different-credential',
    handling: 'logAndRethrow',
    message:
      'An account with this email address already exists with a different way of signing in.',
  },

  // Popups.
  {
    clientCode: 'popup-blocked',
    handling: 'redirect',
    message: 'Your browser blocked the sign-in window.',
  },
  {
    clientCode: 'popup-closed-by-user',
    handling: 'rethrow',
    message: 'The sign-in window was closed before signing in finished.',
  },
  {
    clientCode: 'cancelled-popup-request',
    handling: 'rethrow',
    message: 'Only one sign-in window can be open at a time.',
  },
  {
    clientCode: 'user-cancelled',
    handling: 'rethrow',
    message: 'Signing in with Google was cancelled.',
  },

  // The session can't go on.
  { clientCode: 'user-disabled', handling: 'signOut', message: 'This account has been disabled.' },
  {
    clientCode: 'user-token-expired',
    handling: 'signOut',
    message: 'Your session has expired. Please sign in again.',
  },
  {
    clientCode: 'invalid-user-token',
    handling: 'signOut',
    message: 'Your session is no longer valid. Please sign in again.',
  },
  {
    clientCode: 'requires-recent-login',
    handling: 'reauthenticate',
    message: 'For your security, please sign in again to continue.',
  },

  // Ordinary mistakes and conditions people can fix: shown, not logged as bugs.
  { clientCode: 'wrong-password', handling: 'rethrow', message: 'The password is incorrect.' },
  {
    clientCode: 'invalid-credential',
    handling: 'rethrow',
    message: 'The email address or password is incorrect.',
  },
  {
    clientCode: 'user-not-found',
    handling: 'rethrow',
    message: 'There is no account with this email address.',
  },
  {
    clientCode: 'user-mismatch',
    handling: 'rethrow',
    message: 'Please sign in with the account you are using now.',
  },
  {
    clientCode: 'invalid-email',
    handling: 'rethrow',
    message: 'Please enter a valid email address.',
  },
  { clientCode: 'missing-password', handling: 'rethrow', message: 'Please enter your password.' },
  {
    clientCode: 'weak-password',
    handling: 'rethrow',
    message: 'This password is too weak. Please choose a stronger one.',
  },
  {
    clientCode: 'password-does-not-meet-requirements',
    handling: 'rethrow',
    message: 'This password does not meet the requirements.',
  },
  {
    clientCode: 'expired-action-code',
    handling: 'rethrow',
    message: 'This link has expired. Please ask for a new one.',
  },
  {
    clientCode: 'invalid-action-code',
    handling: 'rethrow',
    message: 'This link is not valid, or it has already been used. Please ask for a new one.',
  },
  {
    clientCode: 'too-many-requests',
    handling: 'rethrow',
    message: 'Too many attempts. Please wait a little and try again.',
  },
  {
    clientCode: 'network-request-failed',
    handling: 'rethrow',
    message: 'Could not reach the server. Check your internet connection and try again.',
  },

  // Failures that point at configuration or a bug.
  {
    clientCode: 'operation-not-allowed',
    handling: 'logAndRethrow',
    message: 'This way of signing in is not available right now.',
  },
  {
    clientCode: 'admin-restricted-operation',
    handling: 'logAndRethrow',
    message: 'This action is not available right now.',
  },
  {
    clientCode: 'provider-already-linked',
    handling: 'logAndRethrow',
    message: 'Your account is already linked to Google.',
  },
  { clientCode: 'null-user', handling: 'logAndRethrow', message: 'No user signed in' },
  {
    clientCode: 'internal-error',
    handling: 'logAndRethrow',
    message: 'Something went wrong on our side. Please try again.',
  },
  {
    clientCode: 'invalid-continue-uri',
    handling: 'logAndRethrow',
    message: 'The link back to this site is not valid.',
  },
  {
    clientCode: 'unauthorized-continue-uri',
    handling: 'logAndRethrow',
    message: 'The link back to this site is not allowed.',
  },
  {
    clientCode: 'missing-continue-uri',
    handling: 'logAndRethrow',
    message: 'The link back to this site is missing.',
  },
  {
    clientCode: 'web-storage-unsupported',
    handling: 'logAndRethrow',
    message:
      'Your browser is blocking the storage this site needs to keep you signed in. Allow site data and try again.',
  },
  {
    clientCode: 'operation-not-supported-in-this-environment',
    handling: 'logAndRethrow',
    message: 'This browser does not support this way of signing in.',
  },
  {
    clientCode: 'timeout',
    handling: 'logAndRethrow',
    message: 'The server took too long to answer. Please try again.',
  },
  {
    clientCode: 'quota-exceeded',
    handling: 'logAndRethrow',
    message: 'The service is busy right now. Please try again later.',
  },
  // Bot protection (reCAPTCHA Enterprise) when the project enforces it.
  {
    clientCode: 'missing-recaptcha-token',
    handling: 'logAndRethrow',
    message: 'We could not confirm that you are not a robot. Reload the page and try again.',
  },
  {
    clientCode: 'invalid-recaptcha-token',
    handling: 'logAndRethrow',
    message: 'We could not confirm that you are not a robot. Reload the page and try again.',
  },
  {
    clientCode: 'captcha-check-failed',
    handling: 'rethrow',
    message: 'We could not confirm that you are not a robot. Please try again.',
  },
  {
    clientCode: 'recaptcha-not-enabled',
    handling: 'logAndRethrow',
    message: 'Signing in is not available right now. Please try again later.',
  },

  // The app's own codes.
  { clientCode: 'no-user', handling: 'logAndRethrow', message: 'No user signed in' },
  { clientCode: 'session-failed', handling: 'logAndRethrow', message: 'Failed to create session' },
  {
    clientCode: 'not-in-browser',
    handling: 'logAndRethrow',
    message: 'Signing in only works in a web browser.',
  },
  {
    clientCode: 'redirect-timeout',
    handling: 'logAndRethrow',
    message: "The browser did not open Google's sign-in page. Please try again.",
  },
  UNKNOWN_ENTRY,
] satisfies ErrorCatalogueEntry[]);

const entryByCode: ReadonlyMap<string, ErrorCatalogueEntry> = new Map(
  ERROR_CATALOGUE.map((entry) => [entry.clientCode, entry]),
);

const SDK_CODE_PREFIX = 'auth/';

function entryFor(clientCode: string): ErrorCatalogueEntry {
  return entryByCode.get(clientCode) ?? UNKNOWN_ENTRY;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The client code of a FirebaseError (`auth/<code>`), of a plain `{ code }` object, else `unknown`. */
export function clientCodeOf(error: unknown): string {
  if (!isRecord(error) || typeof error.code !== 'string') return UNKNOWN_ERROR_CODE;
  const code = error.code.startsWith(SDK_CODE_PREFIX)
    ? error.code.slice(SDK_CODE_PREFIX.length)
    : error.code;
  return code.trim() === '' ? UNKNOWN_ERROR_CODE : code;
}

export function handlingOf(clientCode: string): ErrorHandling {
  return entryFor(clientCode).handling;
}

export function userMessageFor(clientCode: string): string {
  return entryFor(clientCode).message;
}

function isSwitchCredential(value: unknown): value is SwitchCredential {
  if (!isRecord(value)) return false;
  if (value.providerId === 'password')
    return typeof value.email === 'string' && typeof value.password === 'string';
  return value.providerId === 'google.com' && isRecord(value.credentialJson);
}

/**
 * Made by the app: a SessionOperationError, or a plain failure object (not some other Error, whose
 * message is for developers and may name the raw code).
 */
function isAppFailure(error: unknown): error is Record<string, unknown> & SessionOperationFailure {
  return (
    isRecord(error) &&
    (error instanceof SessionOperationError || !(error instanceof Error)) &&
    typeof error.code === 'string' &&
    typeof error.message === 'string' &&
    !error.code.startsWith(SDK_CODE_PREFIX)
  );
}

/** A failure the UI can show: the app's own failure as it is, anything else with the catalogue's message. */
export function toSessionFailure(error: unknown): SessionOperationFailure {
  if (isAppFailure(error)) {
    const failure: SessionOperationFailure = { code: error.code, message: error.message };
    if (isSwitchCredential(error.switchCredential))
      failure.switchCredential = error.switchCredential;
    return failure;
  }
  const code = clientCodeOf(error);
  return { code, message: userMessageFor(code) };
}

/** What the Firebase service rejects with. */
export class SessionOperationError extends Error implements SessionOperationFailure {
  override readonly name = 'SessionOperationError';
  readonly code: string;
  // Not enumerable: it can hold a password, and errors get logged and serialized.
  declare readonly switchCredential?: SwitchCredential;

  constructor(
    code: string,
    message: string,
    options: { cause?: unknown; switchCredential?: SwitchCredential } = {},
  ) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.code = code;
    if (options.switchCredential) {
      Object.defineProperty(this, 'switchCredential', {
        value: options.switchCredential,
        enumerable: false,
      });
    }
  }
}

export function sessionFailure(
  code: string,
  cause?: unknown,
  switchCredential?: SwitchCredential,
): SessionOperationError {
  return new SessionOperationError(code, userMessageFor(code), {
    ...(cause === undefined ? {} : { cause }),
    ...(switchCredential ? { switchCredential } : {}),
  });
}

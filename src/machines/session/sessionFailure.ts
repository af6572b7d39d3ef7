import {
  isClientCode,
  UNKNOWN_ERROR_CODE,
  userMessageFor,
  type ClientCode,
} from './errorCatalogue';
import type { SessionError, SessionFailureData, SwitchCredential } from './sessionTypes';

const SDK_CODE_PREFIX = 'auth/';

interface SessionFailureOptions {
  cause?: unknown;
  switchCredential?: SwitchCredential;
  /** For people; the catalogue's message for the code when not given. */
  message?: string;
}

/**
 * What every session operation rejects with: a catalogue code, a message for people, and, when
 * the provider says the credential belongs to another account, the credential to switch with.
 */
export class SessionFailure extends Error implements SessionError, SessionFailureData {
  override readonly name = 'SessionFailure';
  readonly code: ClientCode;
  // Not enumerable: it can hold a password, and errors get logged and serialized.
  declare readonly switchCredential?: SwitchCredential;

  constructor(code: ClientCode, options: SessionFailureOptions = {}) {
    super(
      options.message ?? userMessageFor(code),
      'cause' in options ? { cause: options.cause } : undefined,
    );
    this.code = code;
    if (options.switchCredential) {
      Object.defineProperty(this, 'switchCredential', {
        value: options.switchCredential,
        enumerable: false,
      });
    }
  }

  /** The plain, serializable part the machine keeps and the UI shows. */
  toSessionError(): SessionError {
    return { code: this.code, message: this.message };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The code a thrown value carries as it is (`auth/captcha-unimplemented`), for logs. */
export function rawCodeOf(thrown: unknown): string | undefined {
  return isRecord(thrown) && typeof thrown.code === 'string' ? thrown.code : undefined;
}

/**
 * What to log of a failure: its code, and the raw code behind an unknown one. Never the thrown
 * object itself, which can carry tokens (a FirebaseError's `customData._tokenResponse`).
 */
export function logSummaryOf(failure: SessionFailure): { code: ClientCode; rawCode?: string } {
  const rawCode = failure.code === UNKNOWN_ERROR_CODE ? rawCodeOf(failure.cause) : undefined;
  return { code: failure.code, ...(rawCode ? { rawCode } : {}) };
}

/**
 * The catalogue code of anything thrown: a FirebaseError (`auth/<code>`), a plain `{ code }`
 * object; `unknown` for a code the catalogue does not know or no code at all.
 */
export function clientCodeOf(error: unknown): ClientCode {
  const raw = rawCodeOf(error);
  if (raw === undefined) return UNKNOWN_ERROR_CODE;
  const code = raw.startsWith(SDK_CODE_PREFIX) ? raw.slice(SDK_CODE_PREFIX.length) : raw;
  return isClientCode(code) ? code : UNKNOWN_ERROR_CODE;
}

function isSwitchCredential(value: unknown): value is SwitchCredential {
  if (!isRecord(value)) return false;
  if (value.providerId === 'password')
    return typeof value.email === 'string' && typeof value.password === 'string';
  return value.providerId === 'google.com' && isRecord(value.credentialJson);
}

/**
 * A plain failure object the app made (fakes, tests), not some other Error, whose message is for
 * developers and may name the raw code.
 */
function isPlainFailure(value: unknown): value is Record<string, unknown> & SessionError {
  return (
    isRecord(value) &&
    !(value instanceof Error) &&
    typeof value.code === 'string' &&
    isClientCode(value.code) &&
    typeof value.message === 'string'
  );
}

/**
 * Anything an operation rejected with, as a SessionFailure: the app's own failure as it is,
 * anything else with the catalogue's message for its code (never the SDK's message, which shows
 * the raw code). `switchCredential` is used when the thrown value carries none of its own.
 */
export function failureOf(thrown: unknown, switchCredential?: SwitchCredential): SessionFailure {
  if (thrown instanceof SessionFailure) return thrown;
  if (isPlainFailure(thrown)) {
    const carried = isSwitchCredential(thrown.switchCredential)
      ? thrown.switchCredential
      : undefined;
    return new SessionFailure(thrown.code, {
      message: thrown.message,
      ...(carried ? { switchCredential: carried } : {}),
    });
  }
  return new SessionFailure(clientCodeOf(thrown), {
    cause: thrown,
    ...(switchCredential ? { switchCredential } : {}),
  });
}

import { API_ERRORS, type ApiErrorCode } from '../../../contract';
import { CLIENT_MESSAGES, type BackendError, type BackendErrorCode } from './clientErrors';

function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && Object.hasOwn(API_ERRORS, code);
}

export function messageFor(code: BackendErrorCode): string {
  return isApiErrorCode(code) ? API_ERRORS[code].message : CLIENT_MESSAGES[code];
}

/** What every backend call rejects with: a code and a message for people, never a token. */
export class BackendFailure extends Error implements BackendError {
  override readonly name = 'BackendFailure';
  readonly code: BackendErrorCode;

  constructor(code: BackendErrorCode) {
    super(messageFor(code));
    this.code = code;
  }
}

/** Anything a backend call rejected with, as a `BackendError` with a readable message. */
export function backendErrorOf(thrown: unknown): BackendError {
  const failure = thrown instanceof BackendFailure ? thrown : new BackendFailure('internal-error');
  return { code: failure.code, message: failure.message };
}

/** A code from an error answer; the catalogue's message is shown, never the body's text. */
export async function failureFromAnswer(response: Response): Promise<BackendFailure> {
  const body: unknown = await response.json().catch(() => null);
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : null;
  return new BackendFailure(isApiErrorCode(code) ? code : 'internal-error');
}

export function failureFromThrown(error: unknown): BackendFailure {
  if (error instanceof BackendFailure) return error;
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new BackendFailure('timed-out');
  }
  // A success answer that is not JSON.
  if (error instanceof SyntaxError) return new BackendFailure('internal-error');
  return new BackendFailure('network-error');
}

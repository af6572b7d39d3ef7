import type { ApiErrorCode } from '../../../contract';

/**
 * The errors a page can show before any backend answer, kept apart from the backend's catalogue
 * (`API_ERRORS`, in `backendErrors.ts`) so pages that only need these do not load that catalogue
 * before they hydrate.
 */
export const CLIENT_MESSAGES = {
  'network-error':
    'We could not reach ApplyFirst. Please check your internet connection and try again.',
  'timed-out': 'ApplyFirst took too long to answer. Please try again.',
  'session-missing': 'Your session is not ready yet. Please wait a moment and try again.',
} as const;

export type ClientErrorCode = keyof typeof CLIENT_MESSAGES;

/** The backend's codes, plus what can go wrong before an answer arrives. */
export type BackendErrorCode = ApiErrorCode | ClientErrorCode;

export interface BackendError {
  code: BackendErrorCode;
  message: string;
}

export function clientErrorOf(code: ClientErrorCode): BackendError {
  return { code, message: CLIENT_MESSAGES[code] };
}

/** The code and message of a failure that carries them (a `BackendFailure` does), else null. */
export function backendErrorIn(thrown: unknown): BackendError | null {
  if (typeof thrown !== 'object' || thrown === null) return null;
  if (!('code' in thrown) || !('message' in thrown)) return null;
  const { code, message } = thrown;
  return typeof code === 'string' && typeof message === 'string'
    ? { code: code as BackendErrorCode, message }
    : null;
}

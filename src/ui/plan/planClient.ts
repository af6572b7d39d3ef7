import { API_ERRORS, type ApiErrorCode, type GetPlanResponse } from '../../backendApi';
import { BackendFailure, REQUEST_TIME_LIMIT_MS } from '../../machines/backendClient';

export interface PlanClientOptions {
  /** The backend's origin, without a trailing slash. */
  baseUrl: string;
  /** The current user's Firebase ID token. */
  getIdToken: () => Promise<string>;
  /** Replaces the global `fetch` (tests). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

function codeOf(body: unknown): ApiErrorCode {
  const code: unknown = typeof body === 'object' && body !== null && 'code' in body && body.code;
  return typeof code === 'string' && Object.hasOwn(API_ERRORS, code)
    ? (code as ApiErrorCode)
    : 'internal-error';
}

/**
 * `GET /v1/plan` with the user's ID token; rejects with a `BackendFailure` (a code and a message
 * for people). The session layer's `createBackendClient` has no plan call yet: this is the one
 * backend read of `src/ui/plan`, made the same way (token, time limit, catalogue codes).
 */
export async function fetchPlan(options: PlanClientOptions): Promise<GetPlanResponse> {
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const token = await options.getIdToken().catch(() => {
    throw new BackendFailure('session-missing');
  });
  let response: Response;
  try {
    response = await send(`${options.baseUrl}/v1/plan`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(REQUEST_TIME_LIMIT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new BackendFailure(timedOut ? 'timed-out' : 'network-error');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new BackendFailure(codeOf(body));
  if (body === null) throw new BackendFailure('internal-error');
  return body as GetPlanResponse;
}

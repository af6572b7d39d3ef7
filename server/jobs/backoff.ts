/** How long to wait before reading a board again after failures. Pure: the scheduler keeps the state. */

export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 16 * 60_000;

export interface BackoffState {
  /** Failures in a row since the last success. */
  readonly failures: number;
}

export const INITIAL_BACKOFF: BackoffState = { failures: 0 };

/** A success forgets all earlier failures. */
export const afterSuccess = (): BackoffState => INITIAL_BACKOFF;

export const afterFailure = (state: BackoffState): BackoffState => ({
  failures: state.failures + 1,
});

/**
 * The wait after the `failures`-th failure in a row: 30 s, 60 s, 2 min, ... doubling up to 16 min,
 * or the server's Retry-After when that is longer. Zero when there has been no failure.
 */
export function backoffDelayMs(state: BackoffState, retryAfterMs: number | null = null): number {
  if (state.failures <= 0) return 0;
  const doublings = Math.min(state.failures - 1, 16);
  const delay = Math.min(FIRST_BACKOFF_MS * 2 ** doublings, MAX_BACKOFF_MS);
  return retryAfterMs !== null && retryAfterMs > delay ? retryAfterMs : delay;
}

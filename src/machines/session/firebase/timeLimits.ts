import type { ClientCode } from '../errorCatalogue';
import { failureOf, SessionFailure } from '../sessionFailure';
import { OPERATION_TIMEOUT_MS, REDIRECT_START_TIMEOUT_MS } from '../sessionConstants';

export interface TimeLimit {
  ms: number;
  /** The catalogue code of the failure when the limit is reached. */
  code: ClientCode;
}

export const OPERATION_LIMIT: TimeLimit = { ms: OPERATION_TIMEOUT_MS, code: 'timeout' };
/** `linkWithRedirect` never settles when it works (the page leaves), so waiting is the failure. */
export const REDIRECT_START_LIMIT: TimeLimit = {
  ms: REDIRECT_START_TIMEOUT_MS,
  code: 'redirect-timeout',
};

/**
 * No limit: a person choosing a Google account in a popup takes as long as it takes, and the SDK
 * itself notices a popup that was closed.
 */
export function waitsForPerson(): null {
  return null;
}

/** Settles like `work`, or rejects with the limit's failure; always a SessionFailure. */
export async function withinLimit<T>(work: () => Promise<T>, limit: TimeLimit | null): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    if (limit) timer = setTimeout(() => reject(new SessionFailure(limit.code)), limit.ms);
  });
  try {
    return await Promise.race([work(), expiry]);
  } catch (error) {
    throw failureOf(error);
  } finally {
    clearTimeout(timer);
  }
}

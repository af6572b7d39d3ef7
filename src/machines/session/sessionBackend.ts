/**
 * What the session's operations ask of the product backend, with the ID tokens they hold: whether
 * a guest saved anything, carrying a discarded guest's work over, deleting an account. Backend
 * failures become session failures the error catalogue knows.
 */
import type { CarryOverMode, CarryOverResponse } from '../../../contract';
import { createBackendClient } from '../backend/backendClient';
import { backendErrorOf } from '../backend/backendErrors';
import type { BackendErrorCode } from '../backend/clientErrors';
import type { ClientCode } from './errorCatalogue';
import { SessionFailure } from './sessionFailure';
import type { GuestWork } from './sessionTypes';

/** A sign-in waits this long at most to learn whether the guest saved anything. */
export const GUEST_WORK_TIME_LIMIT_MS = 5_000;

export interface SessionBackend {
  /** Never rejects: `unknown` when the backend cannot say in time (the person is asked anyway). */
  guestWork(guestIdToken: string): Promise<GuestWork>;
  carryOver(
    accountIdToken: string,
    guestIdToken: string,
    mode: CarryOverMode,
  ): Promise<CarryOverResponse>;
  /** Deletes the account's data and its Firebase user, together, on the server. */
  deleteAccount(accountIdToken: string): Promise<void>;
}

/** The account's own session is over (revoked, disabled, deleted): the session signs out. */
const SESSION_ENDED: Partial<Record<BackendErrorCode, ClientCode>> = {
  'token-missing': 'user-token-expired',
  'token-invalid': 'invalid-user-token',
  'token-expired': 'user-token-expired',
  'token-revoked': 'user-token-expired',
  'token-wrong-project': 'invalid-user-token',
  'user-not-found': 'user-token-expired',
  'user-disabled': 'user-disabled',
  'requires-recent-login': 'requires-recent-login',
};

/** Refusals that no retry can change; anything else left everything as it was and may pass. */
const CARRY_OVER_REFUSED = new Set<BackendErrorCode>([
  'carry-over-guest-invalid',
  'carry-over-not-a-guest',
  'carry-over-account-is-guest',
  'carry-over-same-user',
  'carry-over-already-done',
]);

/** Refusals the session shows in words of their own. */
const REFUSALS: Partial<Record<BackendErrorCode, ClientCode>> = {
  'account-has-subscription': 'account-has-subscription',
};

export function sessionFailureOfBackend(error: unknown): SessionFailure {
  const { code } = backendErrorOf(error);
  const sessionCode =
    SESSION_ENDED[code] ??
    REFUSALS[code] ??
    (CARRY_OVER_REFUSED.has(code) ? 'carry-over-refused' : 'backend-unavailable');
  return new SessionFailure(sessionCode, { cause: error });
}

export interface SessionBackendOptions {
  baseUrl: string;
  /** Replaces the global `fetch` (tests). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

export function createSessionBackend(options: SessionBackendOptions): SessionBackend {
  const as = (idToken: string, timeLimitMs?: number) =>
    createBackendClient({
      baseUrl: options.baseUrl,
      getIdToken: () => Promise.resolve(idToken),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
    });
  return {
    async guestWork(guestIdToken) {
      try {
        const { profile, cv } = await as(guestIdToken, GUEST_WORK_TIME_LIMIT_MS).getProfile();
        return profile !== null || cv !== null ? 'some' : 'none';
      } catch (error) {
        const { code } = backendErrorOf(error);
        console.warn('[session] Could not tell whether the guest saved anything:', code);
        return 'unknown';
      }
    },
    async carryOver(accountIdToken, guestIdToken, mode) {
      try {
        return await as(accountIdToken).carryOver({ guestIdToken, mode });
      } catch (error) {
        throw sessionFailureOfBackend(error);
      }
    },
    async deleteAccount(accountIdToken) {
      try {
        await as(accountIdToken).deleteAccount();
      } catch (error) {
        throw sessionFailureOfBackend(error);
      }
    },
  };
}

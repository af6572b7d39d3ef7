import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import {
  CARRY_OVER_MODES,
  type CarryOverRequest,
  type CarryOverResponse,
} from '../../src/backendApi';
import { ApiFailure } from '../apiFailure';
import { identityOf } from '../auth/authenticate';
import { verifyIdentity, type VerifiedIdentity } from '../auth/verifyIdentity';
import type { RouteDependencies } from '../routeDependencies';
import { withTimeLimit } from '../withTimeLimit';
import {
  CarryOverRaced,
  carryOverInTransaction,
  readCarryOver,
  type CarryOverRecord,
} from './carryOverStore';

const carryOverBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['guestIdToken', 'mode'],
  properties: {
    guestIdToken: { type: 'string', minLength: 1, maxLength: 8192 },
    mode: { type: 'string', enum: CARRY_OVER_MODES },
  },
} as const;

function answerFromRecord(record: CarryOverRecord, accountUid: string): CarryOverResponse {
  if (record.accountUid !== accountUid) throw new ApiFailure('carry-over-already-done');
  const { mode, carriedProfile, carriedCv, completedAt } = record;
  return { mode, carriedProfile, carriedCv, completedAt };
}

async function verifyGuest(
  deps: RouteDependencies,
  token: string,
  checkRevoked: boolean,
): Promise<VerifiedIdentity> {
  try {
    return await verifyIdentity(deps.admin, token, checkRevoked, deps.firebaseProjectId);
  } catch (error) {
    throw new ApiFailure('carry-over-guest-invalid', { cause: error });
  }
}

async function deleteGuestUser(deps: RouteDependencies, uid: string, log: FastifyBaseLogger) {
  try {
    await withTimeLimit(deps.admin.deleteUser(uid), 10_000, 'Deleting the guest user');
  } catch (error) {
    // Its data is already gone; the guest clean-up deletes the empty anonymous user later.
    log.warn({ err: error, guestUid: uid }, 'carry-over: deleting the guest user failed');
  }
}

/**
 * Proof of both identities: the account's token (Authorization, revocation checked on every call,
 * a registered user) and the guest's token (body, an anonymous user, revocation checked before
 * anything moves). A bare uid is never accepted.
 */
export function registerCarryOverRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  app.post<{ Body: CarryOverRequest }>(
    '/v1/carry-over',
    { onRequest: deps.authenticators.strict, schema: { body: carryOverBodySchema } },
    async (request) => {
      const account = identityOf(request);
      if (account.isAnonymous) throw new ApiFailure('carry-over-account-is-guest');
      // First without the round trip: after a carry-over the guest user no longer exists, and a
      // retry must still find its record.
      const guest = await verifyGuest(deps, request.body.guestIdToken, false);
      if (!guest.isAnonymous) throw new ApiFailure('carry-over-not-a-guest');
      if (guest.uid === account.uid) throw new ApiFailure('carry-over-same-user');
      const done = await readCarryOver(deps.db, guest.uid);
      if (done !== null) return answerFromRecord(done, account.uid);
      await verifyGuest(deps, request.body.guestIdToken, true);
      let result: CarryOverResponse;
      try {
        result = await carryOverInTransaction(deps.db, guest.uid, account.uid, request.body.mode);
      } catch (error) {
        const raced =
          error instanceof CarryOverRaced ? await readCarryOver(deps.db, guest.uid) : null;
        if (raced !== null) return answerFromRecord(raced, account.uid);
        throw new ApiFailure('carry-over-failed', { cause: error });
      }
      await deleteGuestUser(deps, guest.uid, request.log);
      return result;
    },
  );
}

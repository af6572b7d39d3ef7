import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  carryOverRequestSchema,
  carryOverResponseSchema,
  type CarryOverResponse,
} from '../../contract';
import { ApiFailure } from '../apiFailure';
import { identityOf } from '../auth/authenticate';
import { verifyIdentity, type VerifiedIdentity } from '../auth/verifyIdentity';
import type { RouteDependencies, RoutePlugin } from '../routeDependencies';
import { withTimeLimit } from '../withTimeLimit';
import {
  CarryOverRaced,
  carryOverInTransaction,
  readCarryOver,
  type CarryOverRecord,
} from './carryOverStore';

function answerFromRecord(record: CarryOverRecord, accountUid: string): CarryOverResponse {
  if (record.accountUid !== accountUid) throw new ApiFailure('carry-over-already-done');
  const { mode, carriedProfile, carriedCv, completedAt } = record;
  return { mode, carriedProfile, carriedCv, completedAt };
}

async function verifyGuest(deps: RouteDependencies, token: string): Promise<VerifiedIdentity> {
  try {
    return await verifyIdentity(deps.admin, token, true, deps.firebaseProjectId);
  } catch (error) {
    throw new ApiFailure('carry-over-guest-invalid', { cause: error });
  }
}

async function deleteGuestUser(deps: RouteDependencies, uid: string, log: FastifyBaseLogger) {
  try {
    await withTimeLimit(deps.admin.deleteUser(uid), 10_000, 'Deleting the guest user');
  } catch (error) {
    // Its data is already gone; the guest clean-up deletes the empty anonymous user later. Until
    // then it may get no new tokens (its refresh tokens revoked): an anonymous user cannot sign in.
    log.warn({ err: error, guestUid: uid }, 'carry-over: deleting the guest user failed');
    try {
      await withTimeLimit(deps.admin.revokeRefreshTokens(uid), 10_000, 'Revoking the guest');
    } catch (revokeError) {
      log.warn({ err: revokeError, guestUid: uid }, 'carry-over: revoking the guest failed');
    }
  }
}

/**
 * Proof of both identities: the account's token (Authorization, revocation checked on every call,
 * a registered user) and the guest's token (body, revocation checked, an anonymous user). A bare
 * uid is never accepted. After a carry-over the guest user no longer exists, so its token no longer
 * verifies: a retry is recognised by the token itself (its SHA-256 is recorded with the result).
 */
export const carryOverRoutes: RoutePlugin = async (app, { deps }) => {
  app.post(
    '/v1/carry-over',
    {
      onRequest: deps.authenticators.strict,
      schema: { body: carryOverRequestSchema, response: { 200: carryOverResponseSchema } },
    },
    async (request) => {
      const account = identityOf(request);
      if (account.isAnonymous) throw new ApiFailure('carry-over-account-is-guest');
      const { guestIdToken, mode } = request.body;
      const tokenSha256 = createHash('sha256').update(guestIdToken).digest('hex');
      const retried = await readCarryOver(deps.db, { guestTokenSha256: tokenSha256 });
      if (retried !== null) return answerFromRecord(retried, account.uid);

      const guest = await verifyGuest(deps, guestIdToken);
      if (!guest.isAnonymous) throw new ApiFailure('carry-over-not-a-guest');
      if (guest.uid === account.uid) throw new ApiFailure('carry-over-same-user');
      const done = await readCarryOver(deps.db, { guestUid: guest.uid });
      if (done !== null) return answerFromRecord(done, account.uid);

      let result: CarryOverResponse;
      try {
        result = await carryOverInTransaction(
          deps.db,
          { uid: guest.uid, tokenSha256 },
          account.uid,
          mode,
        );
      } catch (error) {
        const raced =
          error instanceof CarryOverRaced
            ? await readCarryOver(deps.db, { guestUid: guest.uid })
            : null;
        if (raced !== null) return answerFromRecord(raced, account.uid);
        throw new ApiFailure('carry-over-failed', { cause: error });
      }
      await deps.revocations.announce(guest.uid);
      await deleteGuestUser(deps, guest.uid, request.log);
      return result;
    },
  );
};

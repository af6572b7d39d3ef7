import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiFailure } from '../apiFailure';
import type { IdentityAdmin } from './identityAdmin';
import type { Revocations } from './revocations';
import { VerifiedTokens } from './verifiedTokens';
import { verifyIdentity, type VerifiedIdentity } from './verifyIdentity';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook; the only source of the caller's uid. */
    identity: VerifiedIdentity | null;
  }
}

const MAX_TOKEN_LENGTH = 8192;
const BEARER = /^Bearer ([A-Za-z0-9_.-]+)$/;

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') throw new ApiFailure('token-missing');
  const match = BEARER.exec(header.trim());
  if (!match?.[1] || match[1].length > MAX_TOKEN_LENGTH) throw new ApiFailure('token-invalid');
  return match[1];
}

/** The identity a protected route runs with (set by its onRequest hook). */
export function identityOf(request: FastifyRequest): VerifiedIdentity {
  if (request.identity === null) throw new Error('Route is missing its authentication hook.');
  return request.identity;
}

export interface Authenticators {
  /** Verifies a token fully (with the revocation round trip) on its first use only. */
  standard: onRequestAsyncHookHandler;
  /** Verifies fully on every call (carry-over, account deletion). */
  strict: onRequestAsyncHookHandler;
}

export interface AuthenticatorOptions {
  admin: IdentityAdmin;
  projectId: string;
  revocations: Revocations;
  /** Counts a refused token against the caller's address (the limit before sign-in). */
  countRefusal: (request: FastifyRequest) => Promise<void>;
}

export function createAuthenticators(options: AuthenticatorOptions): Authenticators {
  const { admin, projectId, revocations, countRefusal } = options;
  const verifiedTokens = new VerifiedTokens();
  revocations.subscribe((uid) => verifiedTokens.forgetUser(uid));
  const identify = async (request: FastifyRequest, alwaysVerify: boolean) => {
    const token = bearerToken(request);
    const known = alwaysVerify ? null : verifiedTokens.find(token);
    const identity = known ?? (await verifyIdentity(admin, token, true, projectId));
    // Also for a token verified here before: its user may have gone since, on any process.
    await revocations.assertNotRevoked(identity.uid);
    if (known === null) verifiedTokens.remember(token, identity);
    return identity;
  };
  const authenticate = (alwaysVerify: boolean): onRequestAsyncHookHandler =>
    async function authenticateRequest(request) {
      try {
        request.identity = await identify(request, alwaysVerify);
      } catch (error) {
        if (error instanceof ApiFailure && error.statusCode === 401) await countRefusal(request);
        throw error;
      }
    };
  return { standard: authenticate(false), strict: authenticate(true) };
}

import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiFailure } from '../apiFailure';
import type { IdentityAdmin } from './identityAdmin';
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

export function createAuthenticators(admin: IdentityAdmin, projectId: string): Authenticators {
  const verifiedTokens = new VerifiedTokens();
  const authenticate = (alwaysVerify: boolean): onRequestAsyncHookHandler =>
    async function authenticateRequest(request) {
      const token = bearerToken(request);
      const known = alwaysVerify ? null : verifiedTokens.find(token);
      if (known !== null) {
        request.identity = known;
        return;
      }
      const identity = await verifyIdentity(admin, token, true, projectId);
      verifiedTokens.remember(token, identity);
      request.identity = identity;
    };
  return { standard: authenticate(false), strict: authenticate(true) };
}

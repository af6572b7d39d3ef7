import type { DecodedIdToken } from 'firebase-admin/auth';
import type { ApiErrorCode } from '../../contract';
import { ApiFailure } from '../apiFailure';
import { withTimeLimit } from '../withTimeLimit';
import type { IdentityAdmin } from './identityAdmin';

/** What the backend trusts about a caller: only what a verified ID token says. */
export interface VerifiedIdentity {
  uid: string;
  isAnonymous: boolean;
  /** When the user last signed in (seconds since the epoch). */
  authTime: number;
  /** When this token expires (seconds since the epoch). */
  expiresAt: number;
}

const ADMIN_CALL_LIMIT_MS = 10_000;

const firebaseCodes: Record<string, ApiErrorCode> = {
  'auth/id-token-expired': 'token-expired',
  'auth/id-token-revoked': 'token-revoked',
  'auth/user-disabled': 'user-disabled',
  'auth/user-not-found': 'user-not-found',
  'auth/argument-error': 'token-invalid',
  'auth/invalid-argument': 'token-invalid',
};

function unverifiedAudience(token: string): unknown {
  try {
    const payload = token.split('.')[1] ?? '';
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud?: unknown })
      .aud;
  } catch {
    return undefined;
  }
}

function failureCode(error: unknown, token: string, projectId: string): ApiErrorCode | null {
  const firebaseCode = (error as { code?: unknown } | null)?.code;
  const code = typeof firebaseCode === 'string' ? firebaseCodes[firebaseCode] : undefined;
  if (code !== 'token-invalid') return code ?? null;
  const audience = unverifiedAudience(token);
  return typeof audience === 'string' && audience !== projectId ? 'token-wrong-project' : code;
}

export function toIdentity(decoded: DecodedIdToken): VerifiedIdentity {
  return {
    uid: decoded.uid,
    isAnonymous: decoded.firebase.sign_in_provider === 'anonymous',
    authTime: decoded.auth_time,
    expiresAt: decoded.exp,
  };
}

/**
 * Verifies a Firebase ID token (signature, expiry, audience, issuer; with `checkRevoked` also a
 * round trip that the user exists, is enabled and the token was not revoked). Throws an ApiFailure
 * with a precise code; an unexpected failure (Auth unreachable) is `auth-unavailable`.
 */
export async function verifyIdentity(
  admin: IdentityAdmin,
  token: string,
  checkRevoked: boolean,
  projectId: string,
): Promise<VerifiedIdentity> {
  try {
    const decoded = await withTimeLimit(
      admin.verifyIdToken(token, checkRevoked),
      ADMIN_CALL_LIMIT_MS,
      'Verifying the ID token',
    );
    return toIdentity(decoded);
  } catch (error) {
    const code = failureCode(error, token, projectId);
    throw new ApiFailure(code ?? 'auth-unavailable', { cause: error });
  }
}

import { createHash } from 'node:crypto';
import type { VerifiedIdentity } from './verifyIdentity';

/**
 * ID tokens that already passed full verification, including the revocation round trip to
 * Firebase Auth, kept until they expire (keyed by the token's SHA-256, bounded, oldest out first).
 * So each token costs one round trip on its first use; the SDK issues a new token every hour, so a
 * revoked or disabled user is refused at the latest on the first call with the next token. The
 * routes where it matters (carry-over, account deletion) verify on every call, and a user this
 * backend deleted is refused at once everywhere (`revocations.ts`).
 */
export class VerifiedTokens {
  private readonly identities = new Map<string, VerifiedIdentity>();

  constructor(private readonly capacity = 10_000) {}

  private static keyOf(token: string): string {
    return createHash('sha256').update(token).digest('base64');
  }

  find(token: string, nowSeconds = Date.now() / 1000): VerifiedIdentity | null {
    const key = VerifiedTokens.keyOf(token);
    const identity = this.identities.get(key);
    if (identity === undefined) return null;
    if (identity.expiresAt <= nowSeconds) {
      this.identities.delete(key);
      return null;
    }
    return identity;
  }

  /** Drops every token of `uid` (its user is gone). */
  forgetUser(uid: string): void {
    for (const [key, identity] of this.identities) {
      if (identity.uid === uid) this.identities.delete(key);
    }
  }

  remember(token: string, identity: VerifiedIdentity): void {
    const key = VerifiedTokens.keyOf(token);
    this.identities.delete(key);
    this.identities.set(key, identity);
    if (this.identities.size > this.capacity) {
      const oldest = this.identities.keys().next().value;
      if (oldest !== undefined) this.identities.delete(oldest);
    }
  }
}

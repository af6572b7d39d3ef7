/**
 * Remembers which ID tokens already passed the revocation check (a round trip to Firebase Auth),
 * so each token is checked on its first use only. The SDK issues a new token every hour, so a
 * revoked or disabled user is refused at the latest on the first call with the next token; the
 * routes where it matters (carry-over, account deletion) check on every call.
 */
export class RevocationChecks {
  private readonly checked = new Map<string, number>();

  constructor(private readonly capacity = 10_000) {}

  wasChecked(uid: string, issuedAt: number): boolean {
    return this.checked.has(`${uid}:${issuedAt}`);
  }

  remember(uid: string, issuedAt: number): void {
    const key = `${uid}:${issuedAt}`;
    this.checked.delete(key);
    this.checked.set(key, issuedAt);
    if (this.checked.size > this.capacity) {
      const oldest = this.checked.keys().next().value;
      if (oldest !== undefined) this.checked.delete(oldest);
    }
  }
}

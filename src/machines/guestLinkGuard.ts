/**
 * Keeps the Firebase SDK from signing every tab out when two tabs register the same guest at once.
 *
 * The tab whose link loses sent the guest's old token, which the other tab's link invalidated; the
 * SDK answers `user-token-expired` by calling `auth.signOut()` (`_logoutIfInvalidated` in
 * @firebase/auth), which clears the storage all tabs share, so the tab that won is signed out too.
 * The SDK runs its `beforeAuthStateChanged` middleware first: while this tab links a guest, the
 * guard blocks a sign-out when the persisted user is that guest, registered (by another tab).
 * The link then rejects with `auth/login-blocked` and this tab syncs to the registered user.
 */
import type { PersistedIdentity } from './persistedUser';

export type LinkOutcome<T> = { kind: 'linked'; result: T } | { kind: 'registeredElsewhere' };

export class GuestLinkGuard {
  /** The guest this tab is linking right now (the machine runs one operation at a time). */
  private linkingGuestUid: string | null = null;
  private blockedSignOutOf: string | null = null;
  /** The user the SDK's listeners were last told about (not its current user, which it mutates first). */
  private notifiedUser: PersistedIdentity | null = null;
  private readonly notifiedWaiters = new Set<() => void>();

  constructor(private readonly readPersisted: () => Promise<PersistedIdentity | null>) {}

  /** For `beforeAuthStateChanged`: throws to block the SDK's sign-out of a guest registered elsewhere. */
  async beforeAuthStateChanged(nextUser: { uid: string } | null): Promise<void> {
    const guestUid = this.linkingGuestUid;
    if (nextUser !== null || guestUid === null) return;
    const persisted = await this.readPersisted();
    if (persisted?.uid === guestUid && !persisted.isAnonymous) {
      this.blockedSignOutOf = guestUid;
      throw new Error('This guest was registered in another tab; not signing out.');
    }
  }

  /** For an `onIdTokenChanged` listener registered before the app's own. */
  noteNotifiedUser(user: PersistedIdentity | null): void {
    this.notifiedUser = user ? { uid: user.uid, isAnonymous: user.isAnonymous } : null;
    this.notifiedWaiters.forEach((check) => check());
  }

  /**
   * Resolves true once the SDK's listeners have been told that `uid` is registered (so the machine
   * has seen it too), or false after `ms`. The SDK's current user is not enough: syncing from
   * storage mutates it before it persists and notifies.
   */
  registeredUserNotified(uid: string, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const finish = (notified: boolean) => {
        clearTimeout(timer);
        this.notifiedWaiters.delete(check);
        resolve(notified);
      };
      const check = () => {
        if (this.notifiedUser?.uid === uid && !this.notifiedUser.isAnonymous) finish(true);
      };
      const timer = setTimeout(() => finish(false), ms);
      this.notifiedWaiters.add(check);
      check();
    });
  }

  /**
   * Runs `link` for the guest `guestUid`. If it fails because the guard blocked the sign-out,
   * the outcome says the guest was registered elsewhere; other failures are rethrown as they are.
   */
  async link<T>(guestUid: string, link: () => Promise<T>): Promise<LinkOutcome<T>> {
    this.linkingGuestUid = guestUid;
    this.blockedSignOutOf = null;
    try {
      return { kind: 'linked', result: await link() };
    } catch (error) {
      if (this.blockedSignOutOf === guestUid) return { kind: 'registeredElsewhere' };
      throw error;
    } finally {
      this.linkingGuestUid = null;
      this.blockedSignOutOf = null;
    }
  }
}

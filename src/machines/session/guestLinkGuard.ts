/**
 * Keeps the Firebase SDK from signing every tab out when two tabs register the same guest at once.
 *
 * The tab whose link loses sent the guest's old token, which the other tab's link invalidated; the
 * SDK answers `user-token-expired` by calling `auth.signOut()` (`_logoutIfInvalidated` in
 * @firebase/auth), which clears the storage all tabs share, so the tab that won is signed out too.
 * The SDK runs its `beforeAuthStateChanged` middleware first: while this tab links a guest, the
 * guard blocks a sign-out while the persisted user is still that guest, registered by another tab
 * or not yet: the losing answer can arrive before the winning tab has persisted its registration.
 * The link then rejects with `auth/login-blocked`, and the caller waits (bounded) for the
 * registered user to arrive through storage; if it never does, the session really ended.
 *
 * Any sign-up while another tab holds the same guest has a second hazard: the registering tab
 * stores the guest with its new tokens, still anonymous, before it stores it registered. Another
 * tab's SDK may adopt the first write and store it again over the second (it persists what it
 * adopts), and then no tab ever sees the registration. So a tab told of its guest, still
 * anonymous but with a refresh token it did not have (only a link issues one for the same uid),
 * while it is not linking that guest itself, has the guest reloaded: that stores it registered.
 */
import type { PersistedIdentity } from './persistedUser';

/** What the guard hears of each user the SDK's listeners are told about. */
export interface NotifiedUser extends PersistedIdentity {
  refreshToken: string;
}

/** `signOutBlocked`: the link failed as invalidated and the guard kept the guest signed in. */
export type LinkOutcome<T> = { kind: 'linked'; result: T } | { kind: 'signOutBlocked' };

export class GuestLinkGuard {
  /** The guest this tab is linking right now (the machine runs one operation at a time). */
  private linkingGuestUid: string | null = null;
  private blockedSignOutOf: string | null = null;
  /** The user the SDK's listeners were last told about (not its current user, which it mutates first). */
  private notifiedUser: NotifiedUser | null = null;
  private readonly notifiedWaiters = new Set<() => void>();

  constructor(
    private readonly readPersisted: () => Promise<PersistedIdentity | null>,
    /** Reloads the current user, a guest another tab may have registered. */
    private readonly reloadGuest: () => void = () => undefined,
  ) {}

  /**
   * For `beforeAuthStateChanged`: throws to block the SDK's sign-out of the guest being linked
   * while the shared storage still holds that guest (another tab may be registering it).
   */
  async beforeAuthStateChanged(nextUser: { uid: string } | null): Promise<void> {
    const guestUid = this.linkingGuestUid;
    if (nextUser !== null || guestUid === null) return;
    const persisted = await this.readPersisted();
    if (persisted?.uid === guestUid) {
      this.blockedSignOutOf = guestUid;
      throw new Error('This guest may be registered in another tab; not signing out yet.');
    }
  }

  /**
   * Whether the shared storage holds `guestUid` registered already: another tab's sign-up, read
   * now rather than when this tab's SDK next syncs (it polls, slower on a busy device).
   */
  async storedAsRegistered(guestUid: string): Promise<boolean> {
    const persisted = await this.readPersisted();
    return persisted?.uid === guestUid && !persisted.isAnonymous;
  }

  /** For an `onIdTokenChanged` listener registered before the app's own. */
  noteNotifiedUser(user: NotifiedUser | null): void {
    const previous = this.notifiedUser;
    this.notifiedUser = user
      ? { uid: user.uid, isAnonymous: user.isAnonymous, refreshToken: user.refreshToken }
      : null;
    if (
      user?.isAnonymous &&
      previous?.uid === user.uid &&
      previous.refreshToken !== user.refreshToken &&
      this.linkingGuestUid !== user.uid
    ) {
      this.reloadGuest();
    }
    this.notifiedWaiters.forEach((check) => check());
  }

  /**
   * Resolves true once the SDK's listeners have been told that `uid` is registered (so the machine
   * has seen it too), or false after `ms`. The SDK's current user is not enough: syncing from
   * storage mutates it before it persists and notifies.
   */
  registeredUserNotified(
    uid: string,
    ms: number,
    /** Called whenever the listeners are told of `uid` still anonymous (and once at the start). */
    onStillGuest: () => void = () => undefined,
  ): Promise<boolean> {
    return new Promise((resolve) => {
      const finish = (notified: boolean) => {
        clearTimeout(timer);
        this.notifiedWaiters.delete(check);
        resolve(notified);
      };
      const check = () => {
        if (this.notifiedUser?.uid !== uid) return;
        if (this.notifiedUser.isAnonymous) onStillGuest();
        else finish(true);
      };
      const timer = setTimeout(() => finish(false), ms);
      this.notifiedWaiters.add(check);
      check();
    });
  }

  /**
   * Runs `link` for the guest `guestUid`. If it fails because the guard blocked the sign-out,
   * the outcome says so (another tab may have registered the guest); other failures are rethrown.
   */
  async link<T>(guestUid: string, link: () => Promise<T>): Promise<LinkOutcome<T>> {
    this.linkingGuestUid = guestUid;
    this.blockedSignOutOf = null;
    try {
      return { kind: 'linked', result: await link() };
    } catch (error) {
      if (this.blockedSignOutOf === guestUid) return { kind: 'signOutBlocked' };
      throw error;
    } finally {
      this.linkingGuestUid = null;
      this.blockedSignOutOf = null;
    }
  }
}

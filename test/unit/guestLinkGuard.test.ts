import { describe, expect, it } from 'vitest';
import { GuestLinkGuard, type NotifiedUser } from '../../src/machines/session/guestLinkGuard';
import type { PersistedIdentity } from '../../src/machines/session/persistedUser';

const GUEST = 'guest-uid';

function notified(uid: string, isAnonymous: boolean, refreshToken = 'first-token'): NotifiedUser {
  return { uid, isAnonymous, refreshToken };
}

/** A guard whose storage holds `persisted`, as another tab left it. */
function guardWith(persisted: PersistedIdentity | null): GuestLinkGuard {
  return new GuestLinkGuard(() => Promise.resolve(persisted));
}

/** A link that fails the way the SDK's does: it tries to sign out first (`_logoutIfInvalidated`). */
function linkThatSignsOut(guard: GuestLinkGuard, error = new Error('auth/user-token-expired')) {
  return async () => {
    await guard.beforeAuthStateChanged(null);
    throw error;
  };
}

describe('GuestLinkGuard', () => {
  it('reads the storage for another tab having registered this very guest, and only that', async () => {
    await expect(
      guardWith({ uid: GUEST, isAnonymous: false }).storedAsRegistered(GUEST),
    ).resolves.toBe(true);
    await expect(
      guardWith({ uid: GUEST, isAnonymous: true }).storedAsRegistered(GUEST),
    ).resolves.toBe(false);
    await expect(
      guardWith({ uid: 'someone-else', isAnonymous: false }).storedAsRegistered(GUEST),
    ).resolves.toBe(false);
    await expect(guardWith(null).storedAsRegistered(GUEST)).resolves.toBe(false);
  });

  it('blocks the sign-out of a guest that another tab registered while this tab linked it', async () => {
    const guard = guardWith({ uid: GUEST, isAnonymous: false });
    await expect(guard.link(GUEST, linkThatSignsOut(guard))).resolves.toEqual({
      kind: 'signOutBlocked',
    });
  });

  it('blocks it too while storage still holds the guest anonymous: the winning tab may not have persisted yet', async () => {
    const guard = guardWith({ uid: GUEST, isAnonymous: true });
    await expect(guard.link(GUEST, linkThatSignsOut(guard))).resolves.toEqual({
      kind: 'signOutBlocked',
    });
  });

  it('lets the SDK sign out when storage holds nobody', async () => {
    const guard = guardWith(null);
    const revoked = new Error('auth/user-token-expired');
    await expect(guard.link(GUEST, linkThatSignsOut(guard, revoked))).rejects.toBe(revoked);
  });

  it('lets the SDK sign out when storage holds someone else', async () => {
    const guard = guardWith({ uid: 'someone-else', isAnonymous: false });
    await expect(guard.link(GUEST, linkThatSignsOut(guard))).rejects.toThrow('user-token-expired');
  });

  it('never blocks outside a link: a disabled or deleted account is still signed out', async () => {
    const guard = guardWith({ uid: GUEST, isAnonymous: false });
    await expect(guard.beforeAuthStateChanged(null)).resolves.toBeUndefined();
  });

  it('never blocks a sign-in, and passes a successful link through', async () => {
    const guard = guardWith({ uid: GUEST, isAnonymous: false });
    const outcome = await guard.link(GUEST, async () => {
      await guard.beforeAuthStateChanged({ uid: 'new-user' });
      return 'linked user';
    });
    expect(outcome).toEqual({ kind: 'linked', result: 'linked user' });
  });

  it('forgets a blocked sign-out once its link has settled', async () => {
    const guard = guardWith({ uid: GUEST, isAnonymous: false });
    await guard.link(GUEST, linkThatSignsOut(guard));
    const other = new Error('auth/network-request-failed');
    await expect(guard.link(GUEST, () => Promise.reject(other))).rejects.toBe(other);
  });

  it('waits until the listeners were told the guest is registered, not just until the SDK holds it', async () => {
    const guard = guardWith(null);
    guard.noteNotifiedUser(notified(GUEST, true));
    const waiting = guard.registeredUserNotified(GUEST, 1_000);
    let settled = false;
    void waiting.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    guard.noteNotifiedUser(notified(GUEST, false));
    await expect(waiting).resolves.toBe(true);
  });

  it('tells the waiter each time the guest is reported still anonymous (its tokens may be new)', async () => {
    const guard = guardWith(null);
    guard.noteNotifiedUser(notified(GUEST, true));
    let stillGuest = 0;
    const waiting = guard.registeredUserNotified(GUEST, 1_000, () => (stillGuest += 1));
    guard.noteNotifiedUser(notified(GUEST, true));
    guard.noteNotifiedUser(notified('someone-else', true));
    expect(stillGuest).toBe(2);
    guard.noteNotifiedUser(notified(GUEST, false));
    await expect(waiting).resolves.toBe(true);
  });

  it('reloads its guest when told of it still anonymous with new tokens: another tab registered it half way', () => {
    let reloads = 0;
    const guard = new GuestLinkGuard(
      () => Promise.resolve(null),
      () => (reloads += 1),
    );
    guard.noteNotifiedUser(notified(GUEST, true));
    guard.noteNotifiedUser(notified(GUEST, true));
    expect(reloads).toBe(0);
    guard.noteNotifiedUser(notified(GUEST, true, 'token-of-the-link'));
    expect(reloads).toBe(1);
    guard.noteNotifiedUser(notified(GUEST, false, 'token-of-the-link'));
    guard.noteNotifiedUser(notified('new-guest', true, 'another-token'));
    expect(reloads).toBe(1);
  });

  it('does not reload the guest it is linking itself: its own link stores it registered', async () => {
    let reloads = 0;
    const guard = new GuestLinkGuard(
      () => Promise.resolve(null),
      () => (reloads += 1),
    );
    guard.noteNotifiedUser(notified(GUEST, true));
    await guard.link(GUEST, () => {
      guard.noteNotifiedUser(notified(GUEST, true, 'token-of-the-link'));
      return Promise.resolve('linked');
    });
    expect(reloads).toBe(0);
  });

  it('gives up waiting for the registered guest after the time limit', async () => {
    const guard = guardWith(null);
    guard.noteNotifiedUser(notified('someone-else', false));
    await expect(guard.registeredUserNotified(GUEST, 10)).resolves.toBe(false);
  });
});

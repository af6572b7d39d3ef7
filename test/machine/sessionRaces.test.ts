/**
 * The races issue 8 reproduced against the real SDK, as named regressions at the machine level:
 * the real machine in tabs sharing the SDK model of sdkWorld.ts, and issue 22's two tabs
 * registering one guest in the same instant. The browser suite repeats cases 1-3 and issue 22 with
 * two real tabs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userMessageFor } from '../../src/machines/session/errorCatalogue';
import { addressedNoticeFor } from '../../src/machines/session/noticeCatalogue';
import type { SessionEvent } from '../../src/machines/session/sessionTypes';
import { ACCOUNTS, SdkWorld, type Settlement, type Tab } from './sdkWorld';
import { brokenRule } from './sessionFuzz';

const ada = ACCOUNTS[0]!;
const succeed: Settlement = { kind: 'succeed' };
const fail = (code: Extract<Settlement, { kind: 'fail' }>['code']): Settlement => ({
  kind: 'fail',
  code,
  withCredential: false,
});

async function flush(): Promise<void> {
  for (let turn = 0; turn < 4; turn += 1) await Promise.resolve();
}

let world: SdkWorld;
let tabs: Tab[];

function open(stored: SdkWorld['stored'], count: number): Tab[] {
  world = new SdkWorld(stored);
  tabs = Array.from({ length: count }, (_, index) => world.openTab(`tab ${index + 1}`));
  return tabs;
}

/** Settles the tab's request of that actor, which must be in flight. */
async function settle(tab: Tab, actorId: string, settlement: Settlement): Promise<void> {
  const index = tab.pending.findIndex((request) => request.actorId === actorId);
  expect(index, `${tab.name} has ${actorId} in flight`).toBeGreaterThanOrEqual(0);
  world.settle(tab, index, settlement);
  await flush();
}

async function send(tab: Tab, event: SessionEvent): Promise<void> {
  tab.actor.send(event);
  await flush();
}

async function sync(tab: Tab): Promise<void> {
  world.sync(tab);
  await flush();
}

const stateOf = (tab: Tab) => tab.actor.getSnapshot().value;
const contextOf = (tab: Tab) => tab.actor.getSnapshot().context;

const OWN_REGISTRATION = { email: 'a@example.com', password: 'pass-word-1' };

/** Two tabs sharing a fresh guest, both running "Create account" (A with OWN_REGISTRATION). */
async function twoTabsCreatingAccounts(): Promise<{ a: Tab; b: Tab; guestUid: string }> {
  const [a, b] = open(null, 2);
  await settle(a!, 'restoreSession', succeed);
  await settle(a!, 'startGuest', succeed);
  await sync(b!);
  await settle(b!, 'restoreSession', succeed);
  const guestUid = contextOf(a!).user!.uid;
  await send(a!, { type: 'CREATE_ACCOUNT', ...OWN_REGISTRATION });
  await send(b!, { type: 'CREATE_ACCOUNT', email: 'b@example.com', password: 'pass-word-1' });
  return { a: a!, b: b!, guestUid };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  const pendingFor = new Map();
  // Whatever the case did, every tab ends keeping the session's rules.
  for (const tab of tabs) expect(brokenRule(tab, pendingFor)).toBeNull();
  tabs.forEach((tab) => tab.actor.stop());
  vi.restoreAllMocks();
});

describe('races between tabs, operations and revocations (issue 8)', () => {
  it('case 1: a refresh that was running when another tab signed out ends in a guest, not "refreshed"', async () => {
    const [a, b] = open(ada, 2);
    await settle(a!, 'restoreSession', succeed);
    await settle(b!, 'restoreSession', succeed);
    await send(a!, { type: 'REFRESH_SESSION' });
    await send(b!, { type: 'SIGN_OUT' });
    await settle(b!, 'signOut', succeed);
    await sync(a!); // A's SDK sees the sign-out while its refresh is still in flight.
    await settle(a!, 'refreshSession', succeed);

    expect(stateOf(a!)).toBe('startingGuest');
    expect(contextOf(a!).notice?.code).toBe('signed-out');
    await settle(a!, 'startGuest', succeed);
    expect(stateOf(a!)).toEqual({ guest: 'idle' });
    // The guest form works again: "Create account" starts linking.
    await send(a!, { type: 'CREATE_ACCOUNT', email: 'new@example.com', password: 'pass-word-1' });
    expect(stateOf(a!)).toBe('linking');
  });

  it('case 2: a wrong password answered after another tab signed in follows that account, without a stale error', async () => {
    const [a, b] = open(null, 2);
    await settle(a!, 'restoreSession', succeed);
    await settle(a!, 'startGuest', succeed);
    await sync(b!);
    await settle(b!, 'restoreSession', succeed);
    await send(a!, { type: 'SIGN_IN', email: ada.email!, password: 'wrong' });
    await send(b!, { type: 'SIGN_IN', email: ada.email!, password: 'right' });
    await settle(b!, 'signIn', succeed);
    await sync(a!);
    await settle(a!, 'signIn', fail('wrong-password'));

    expect(stateOf(a!)).toEqual({ authenticated: 'idle' });
    expect(contextOf(a!).user?.uid).toBe(ada.uid);
    expect(contextOf(a!).error).toBeNull();
  });

  it('case 3: two tabs creating an account for one guest at once both end registered, neither signed out', async () => {
    const { a, b, guestUid } = await twoTabsCreatingAccounts();
    await settle(b, 'createAccount', succeed);
    // A's request carried the guest's old token: it fails as expired, after the SDK synced.
    await settle(a, 'createAccount', fail('user-token-expired'));

    for (const tab of [a, b]) {
      expect(stateOf(tab)).toEqual({ authenticated: 'idle' });
      expect(contextOf(tab).user).toMatchObject({ uid: guestUid, isAnonymous: false });
    }
    expect(world.stored).toMatchObject({ uid: guestUid, isAnonymous: false });
  });

  it('case 4: an operation waiting for re-authentication is dropped when another user signs in', async () => {
    const [a] = open(ada, 1);
    await settle(a!, 'restoreSession', succeed);
    await send(a!, { type: 'DELETE_ACCOUNT' });
    await settle(a!, 'deleteAccount', fail('requires-recent-login'));
    expect(stateOf(a!)).toEqual({ authenticated: 'needsRecentLogin' });

    world.changeElsewhere('signInGrace');
    await sync(a!);
    expect(stateOf(a!)).toEqual({ authenticated: 'idle' });
    expect(contextOf(a!)).toMatchObject({ pendingOperation: null, error: null });
    await send(a!, { type: 'REAUTHENTICATE', password: 'her password' });
    expect(a!.pending.map((request) => request.actorId)).not.toContain('reauthenticate');
  });

  it('case 4: a pending password change and its error do not follow the user into a guest session', async () => {
    const [a] = open(ada, 1);
    await settle(a!, 'restoreSession', succeed);
    await send(a!, { type: 'CHANGE_PASSWORD', newPassword: 'a new password' });
    await settle(a!, 'changePassword', fail('requires-recent-login'));
    world.changeElsewhere('signOut');
    await sync(a!);

    expect(stateOf(a!)).toEqual({ guest: 'idle' });
    expect(contextOf(a!)).toMatchObject({ pendingOperation: null, error: null });
  });

  it('case 5: a redirect start that finds the session revoked ends the session, not a guest with the old uid', async () => {
    const [a] = open(null, 1);
    await settle(a!, 'restoreSession', succeed);
    await settle(a!, 'startGuest', succeed);
    await send(a!, { type: 'CONTINUE_WITH_GOOGLE' });
    await settle(a!, 'continueWithGoogle', fail('popup-blocked'));
    expect(stateOf(a!)).toBe('redirecting');
    await settle(a!, 'redirectToGoogle', fail('user-token-expired'));

    expect(stateOf(a!)).toBe('signingOut');
    expect(contextOf(a!).error).toEqual({
      code: 'user-token-expired',
      message: userMessageFor('user-token-expired'),
    });
    await settle(a!, 'signOut', succeed);
    await settle(a!, 'startGuest', succeed);
    expect(contextOf(a!).user?.uid).toBe(a!.sdkUser?.uid);
  });

  it('case 6: re-authenticating through the Google popup can be cancelled', async () => {
    const [a] = open(ada, 1);
    await settle(a!, 'restoreSession', succeed);
    await send(a!, { type: 'DELETE_ACCOUNT' });
    await settle(a!, 'deleteAccount', fail('requires-recent-login'));
    await send(a!, { type: 'REAUTHENTICATE' });
    expect(stateOf(a!)).toEqual({ authenticated: 'reauthenticating' });

    await send(a!, { type: 'CANCEL' });
    expect(stateOf(a!)).toEqual({ authenticated: 'idle' });
    expect(contextOf(a!).pendingOperation).toBeNull();
  });
});

describe('two tabs registering one guest in the same instant (issue 22)', () => {
  const own = OWN_REGISTRATION;

  /** A's link is answered first, as expired, while B's is still out (B has persisted nothing). */
  async function aLosesBeforeBPersisted(): Promise<{ a: Tab; b: Tab; guestUid: string }> {
    const tabs = await twoTabsCreatingAccounts();
    await settle(tabs.a, 'createAccount', fail('user-token-expired'));
    return tabs;
  }

  it('the tab whose link lost before the other persisted follows that account, names its address, and keeps its own', async () => {
    const { a, b, guestUid } = await aLosesBeforeBPersisted();
    // Storage still holds the guest: A is not signed out (which would sign B out too); it waits.
    expect(stateOf(a)).toBe('linking');
    expect(a.sdkUser).toMatchObject({ uid: guestUid, isAnonymous: true });
    expect(world.stored).toMatchObject({ uid: guestUid, isAnonymous: true });

    await settle(b, 'createAccount', succeed);
    await sync(a);

    for (const tab of [a, b]) {
      expect(stateOf(tab)).toEqual({ authenticated: 'idle' });
      expect(contextOf(tab).user).toMatchObject({ uid: guestUid, isAnonymous: false });
    }
    const address = contextOf(b).user!.email!;
    expect(contextOf(a).notice).toEqual(addressedNoticeFor('registered-in-another-tab', address));
    expect(contextOf(a).error).toBeNull();
    expect(contextOf(a).registration).toEqual(own);
    expect(contextOf(b).notice?.code).toBe('verification-sent');
    expect(contextOf(b).registration).toBeNull();
  });

  it('"use my own address" signs out to a fresh guest that keeps the address, and creates that account', async () => {
    const { a, b, guestUid } = await aLosesBeforeBPersisted();
    await settle(b, 'createAccount', succeed);
    await sync(a);

    await send(a, { type: 'USE_OWN_ADDRESS' });
    expect(stateOf(a)).toBe('signingOut');
    await settle(a, 'signOut', succeed);
    expect(stateOf(a)).toBe('startingGuest');
    expect(contextOf(a).notice).toBeNull();
    await settle(a, 'startGuest', succeed);
    expect(stateOf(a)).toEqual({ guest: 'idle' });
    expect(contextOf(a).user?.uid).not.toBe(guestUid);
    expect(contextOf(a).registration).toEqual(own);

    await send(a, { type: 'CREATE_ACCOUNT', ...own });
    await settle(a, 'createAccount', succeed);
    expect(stateOf(a)).toEqual({ authenticated: 'idle' });
    expect(contextOf(a).user).toMatchObject({ isAnonymous: false });
    expect(contextOf(a).user?.uid).not.toBe(guestUid);
    expect(contextOf(a).registration).toBeNull();
  });

  it('whatever the person does next forgets the offer', async () => {
    const { a, b } = await aLosesBeforeBPersisted();
    await settle(b, 'createAccount', succeed);
    await sync(a);
    await send(a, { type: 'DISMISS' });
    expect(contextOf(a)).toMatchObject({ notice: null, registration: null });
    await send(a, { type: 'USE_OWN_ADDRESS' });
    expect(stateOf(a)).toEqual({ authenticated: 'idle' });
  });

  it('the offer goes with the account: signed out in the other tab, it is gone here too', async () => {
    const { a, b } = await aLosesBeforeBPersisted();
    await settle(b, 'createAccount', succeed);
    await sync(a);
    await send(b, { type: 'SIGN_OUT' });
    await settle(b, 'signOut', succeed);
    await sync(a);
    expect(stateOf(a)).toBe('startingGuest');
    expect(contextOf(a).registration).toBeNull();
  });

  it('when no registration arrives in time, the guest session really ended: the tab signs out', async () => {
    const { a } = await aLosesBeforeBPersisted();
    await settle(a, 'createAccount', succeed); // its time limit passes
    expect(stateOf(a)).toBe('signingOut');
    expect(contextOf(a).error?.code).toBe('user-token-expired');
    expect(contextOf(a).registration).toBeNull();
  });
});

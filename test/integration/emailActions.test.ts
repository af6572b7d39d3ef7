/**
 * E-mailed actions through the real session machine with the real Firebase service, against the
 * Auth Emulator: sign-in links (same device, another device, an address that has an account),
 * e-mail verification, changing the address, and undoing a change. Each test has its own
 * in-memory Auth, its own address store (a fresh store is another device) and its own addresses.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkActionCode,
  createUserWithEmailAndPassword,
  signInWithEmailAndPassword,
  type Auth,
} from 'firebase/auth';
import { userMessageFor, type ClientCode } from '../../src/machines/session/errorCatalogue';
import {
  memoryEmailLinkAddressStore,
  type EmailLinkAddressStore,
} from '../../src/machines/session/emailLinkAddress';
import { createSessionActors } from '../../src/machines/session/firebase/sessionActors';
import type { SessionBackend } from '../../src/machines/session/sessionBackend';
import type { SessionUser } from '../../src/machines/session/sessionTypes';
import {
  changeEmailDirectly,
  clearAccounts,
  latestOobCode,
  lookupAccount,
  oobCodeCount,
  type OobCode,
} from '../support/emulatorAdmin';
import {
  createAccount,
  createTestAuth,
  disposeTestAuths,
  signInElsewhere,
  uniqueEmail,
} from '../support/emulatorAuth';
import {
  startSession,
  stopSessions,
  TEST_ORIGIN,
  type RunningSession,
  type SessionSnapshot,
  type SessionState,
} from '../support/sessionHarness';

const PASSWORD = 'first-secret-1';

const fetchStub = await vi.hoisted(async () =>
  (await import('../support/fetchStub')).installFetchStub(),
);

beforeAll(async () => {
  await clearAccounts();
});

beforeEach(() => {
  // Every machine start says the emulator has no password policy; firebaseSession.test.ts checks it.
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(async () => {
  fetchStub.reset();
  vi.restoreAllMocks();
  stopSessions();
  await disposeTestAuths();
});

interface Device {
  auth: Auth;
  /** Where this device remembers the address a sign-in link went to. */
  addresses: EmailLinkAddressStore;
  session: RunningSession;
}

/** The real machine and service on a device of its own, as a guest. */
async function guestDevice(backend?: SessionBackend): Promise<Device> {
  const auth = createTestAuth();
  const addresses = memoryEmailLinkAddressStore();
  const actors = createSessionActors(() => auth, {
    origin: TEST_ORIGIN,
    emailLinkAddresses: addresses,
    ...(backend ? { backend } : {}),
  });
  const session = startSession(auth, actors);
  await session.reach({ guest: 'idle' });
  return { auth, addresses, session };
}

/** A device whose guest has just registered `email` with PASSWORD (the verification e-mail sent). */
async function registeredDevice(email: string): Promise<Device> {
  const device = await guestDevice();
  device.session.actor.send({ type: 'CREATE_ACCOUNT', email, password: PASSWORD });
  await device.session.reach({ authenticated: 'idle' });
  return device;
}

function userOf(session: RunningSession): SessionUser {
  const { user } = session.actor.getSnapshot().context;
  if (!user) throw new Error('The machine has no user.');
  return user;
}

/** Once the operation just started has settled in `state` with a notice or an error. */
function settled(session: RunningSession, state: SessionState): Promise<SessionSnapshot> {
  return session.reach(state, (s) => s.context.notice !== null || s.context.error !== null);
}

function catalogueError(code: ClientCode) {
  return { code, message: userMessageFor(code) };
}

function continueUrlOf(code: OobCode): string | null {
  return new URL(code.oobLink).searchParams.get('continueUrl');
}

describe('signing in with an e-mailed link', () => {
  it('on the same device, links the address to the guest: same uid, verified, a password account', async () => {
    const { addresses, session } = await guestDevice();
    const guestUid = userOf(session).uid;
    const email = uniqueEmail('link-same-device');

    session.actor.send({ type: 'SEND_SIGN_IN_LINK', email });
    const sent = await settled(session, { guest: 'idle' });
    expect(sent.context.notice?.code).toBe('sign-in-link-sent');
    expect(addresses.read()).toEqual({ email, existingAccount: false });
    const link = await latestOobCode(email, 'EMAIL_SIGNIN');
    expect(continueUrlOf(link)).toBe(`${TEST_ORIGIN}/login`);

    session.actor.send({ type: 'COMPLETE_SIGN_IN_LINK', link: link.oobLink });
    const done = await session.reach({ authenticated: 'idle' });

    expect(userOf(session)).toMatchObject({
      uid: guestUid,
      email,
      emailVerified: true,
      isAnonymous: false,
      // The provider lists an e-mail link sign-in as the password provider.
      providerIds: ['password'],
    });
    expect(done.context.discardedGuest).toBeNull();
    expect(done.context.error).toBeNull();
    expect(addresses.read()).toBeNull();
    expect(await lookupAccount(guestUid)).toMatchObject({ email, emailVerified: true });
  });

  it('on another device, asks for the address, refuses a wrong one, completes with the right one; the used link is refused', async () => {
    const first = await guestDevice();
    const email = uniqueEmail('link-other-device');
    first.session.actor.send({ type: 'SEND_SIGN_IN_LINK', email });
    await settled(first.session, { guest: 'idle' });
    const link = (await latestOobCode(email, 'EMAIL_SIGNIN')).oobLink;

    const other = await guestDevice();
    const otherGuestUid = userOf(other.session).uid;
    expect(other.addresses.read()).toBeNull();

    other.session.actor.send({ type: 'COMPLETE_SIGN_IN_LINK', link });
    const asked = await settled(other.session, { guest: 'idle' });
    expect(asked.context.error).toEqual(catalogueError('email-link-needs-address'));

    other.session.actor.send({
      type: 'COMPLETE_SIGN_IN_LINK',
      link,
      email: uniqueEmail('not-the-address'),
    });
    const wrong = await settled(other.session, { guest: 'idle' });
    expect(wrong.context.error).toEqual(catalogueError('email-link-wrong-address'));
    expect(userOf(other.session)).toMatchObject({ uid: otherGuestUid, isAnonymous: true });

    // A wrong address leaves the link usable.
    other.session.actor.send({ type: 'COMPLETE_SIGN_IN_LINK', link, email });
    await other.session.reach({ authenticated: 'idle' });
    expect(userOf(other.session)).toMatchObject({
      uid: otherGuestUid,
      email,
      emailVerified: true,
      isAnonymous: false,
    });

    // The first device still remembers the address, but the link has been used.
    const firstGuestUid = userOf(first.session).uid;
    first.session.actor.send({ type: 'COMPLETE_SIGN_IN_LINK', link });
    const used = await settled(first.session, { guest: 'idle' });
    expect(used.context.error).toEqual(catalogueError('invalid-action-code'));
    expect(userOf(first.session)).toMatchObject({ uid: firstGuestUid, isAnonymous: true });
  });

  it.each([
    ['a page of the app', `${TEST_ORIGIN}/login`],
    [
      'a password-reset link',
      `${TEST_ORIGIN}/login?mode=resetPassword&oobCode=some-code&apiKey=demo-api-key`,
    ],
    [
      'a sign-in link whose code the provider never issued',
      `${TEST_ORIGIN}/login?mode=signIn&oobCode=never-issued&apiKey=demo-api-key`,
    ],
  ])('refuses %s as invalid-action-code, and the guest stays', async (_, link) => {
    const { addresses, session } = await guestDevice();
    const guestUid = userOf(session).uid;
    addresses.write({ email: uniqueEmail('not-a-link'), existingAccount: false });

    session.actor.send({ type: 'COMPLETE_SIGN_IN_LINK', link });
    const refused = await settled(session, { guest: 'idle' });

    expect(refused.context.error).toEqual(catalogueError('invalid-action-code'));
    expect(userOf(session)).toMatchObject({ uid: guestUid, isAnonymous: true });
  });

  it('for an address that has an account, e-mails a new link, which signs in to that account; without a backend, no offer', async () => {
    const email = uniqueEmail('link-existing');
    const accountUid = await createAccount(email, PASSWORD);
    const { addresses, session } = await guestDevice();
    const guestUid = userOf(session).uid;

    session.actor.send({ type: 'SEND_SIGN_IN_LINK', email });
    await settled(session, { guest: 'idle' });
    const firstLink = await latestOobCode(email, 'EMAIL_SIGNIN');

    session.actor.send({ type: 'COMPLETE_SIGN_IN_LINK', link: firstLink.oobLink });
    const refused = await settled(session, { guest: 'idle' });
    expect(refused.context.error).toEqual(catalogueError('email-link-account-exists'));
    expect(userOf(session)).toMatchObject({ uid: guestUid, isAnonymous: true });
    const newLink = await latestOobCode(email, 'EMAIL_SIGNIN');
    expect(newLink.oobCode).not.toBe(firstLink.oobCode);
    // The refused link used its code up (the emulator lists only unused codes): one is left.
    expect(await oobCodeCount(email, 'EMAIL_SIGNIN')).toBe(1);
    expect(continueUrlOf(newLink)).toBe(`${TEST_ORIGIN}/login`);
    expect(addresses.read()).toEqual({ email, existingAccount: true });

    // The used link opened again is refused as used: no third link goes out.
    session.actor.send({ type: 'COMPLETE_SIGN_IN_LINK', link: firstLink.oobLink });
    const used = await settled(session, { guest: 'idle' });
    expect(used.context.error).toEqual(catalogueError('invalid-action-code'));
    expect(await oobCodeCount(email, 'EMAIL_SIGNIN')).toBe(1);

    session.actor.send({ type: 'COMPLETE_SIGN_IN_LINK', link: newLink.oobLink });
    const signedIn = await session.reach({ authenticated: 'idle' });

    expect(userOf(session)).toMatchObject({ uid: accountUid, email, isAnonymous: false });
    expect(session.visited).not.toContain('{"authenticated":"offeringCarryOver"}');
    expect(signedIn.context.discardedGuest).toBeNull();
    expect(signedIn.context.error).toBeNull();
    expect(addresses.read()).toBeNull();
    // The link signed in; the account's password still does.
    expect(await signInElsewhere(email, PASSWORD)).toBe(accountUid);
  });

  it('for an address that has an account, with a backend that holds guest work, offers to carry it over', async () => {
    const email = uniqueEmail('link-existing-offer');
    const accountUid = await createAccount(email, PASSWORD);
    const guestTokens: string[] = [];
    const backend: SessionBackend = {
      guestWork: (guestIdToken) => {
        guestTokens.push(guestIdToken);
        return Promise.resolve('some');
      },
      carryOver: () => Promise.reject(new Error('not used here')),
      deleteAccount: () => Promise.reject(new Error('not used here')),
    };
    const { session } = await guestDevice(backend);
    const guestUid = userOf(session).uid;

    session.actor.send({ type: 'SEND_SIGN_IN_LINK', email });
    await settled(session, { guest: 'idle' });
    session.actor.send({
      type: 'COMPLETE_SIGN_IN_LINK',
      link: (await latestOobCode(email, 'EMAIL_SIGNIN')).oobLink,
    });
    await settled(session, { guest: 'idle' });

    session.actor.send({
      type: 'COMPLETE_SIGN_IN_LINK',
      link: (await latestOobCode(email, 'EMAIL_SIGNIN')).oobLink,
    });
    const offered = await session.reach({ authenticated: 'offeringCarryOver' });

    expect(userOf(session)).toMatchObject({ uid: accountUid, email });
    expect(offered.context.discardedGuest).toMatchObject({ uid: guestUid, work: 'some' });
    // The backend was asked about this guest, with its own token.
    expect(guestTokens.at(-1)).toBe(offered.context.discardedGuest?.idToken);
  });
});

describe('e-mail verification', () => {
  it('sign-up e-mails a verification link back to the account page; applying it in the session verifies at once; a second time it is refused', async () => {
    const email = uniqueEmail('verify');
    const { auth, session } = await registeredDevice(email);
    const { uid } = userOf(session);
    expect(session.actor.getSnapshot().context.notice?.code).toBe('verification-sent');
    expect(userOf(session).emailVerified).toBe(false);
    const code = await latestOobCode(email, 'VERIFY_EMAIL');
    expect(continueUrlOf(code)).toBe(`${TEST_ORIGIN}/account`);

    session.actor.send({ type: 'APPLY_EMAIL_ACTION', oobCode: code.oobCode });
    const verified = await settled(session, { authenticated: 'idle' });

    expect(verified.context.notice?.code).toBe('email-verified');
    expect(verified.context.error).toBeNull();
    expect(userOf(session)).toMatchObject({ uid, email, emailVerified: true });
    // The new ID token (what the backend sees) says so too.
    const { claims } = await auth.currentUser!.getIdTokenResult();
    expect(claims.email_verified).toBe(true);

    session.actor.send({ type: 'APPLY_EMAIL_ACTION', oobCode: code.oobCode });
    const again = await settled(session, { authenticated: 'idle' });
    expect(again.context.error).toEqual(catalogueError('invalid-action-code'));
    expect(userOf(session)).toMatchObject({ uid, emailVerified: true });
  });

  it('a code applied from another device (a guest session) verifies the account', async () => {
    const email = uniqueEmail('verify-elsewhere');
    const account = await registeredDevice(email);
    const accountUid = userOf(account.session).uid;
    const code = await latestOobCode(email, 'VERIFY_EMAIL');

    const other = await guestDevice();
    const guestUid = userOf(other.session).uid;
    other.session.actor.send({ type: 'APPLY_EMAIL_ACTION', oobCode: code.oobCode });
    const applied = await settled(other.session, { guest: 'idle' });

    expect(applied.context.notice?.code).toBe('email-verified');
    expect(userOf(other.session)).toMatchObject({ uid: guestUid, isAnonymous: true });
    expect(await lookupAccount(accountUid)).toMatchObject({ email, emailVerified: true });
    const { user } = await signInWithEmailAndPassword(createTestAuth(), email, PASSWORD);
    expect(user).toMatchObject({ uid: accountUid, emailVerified: true });

    // The account's own session shows it once it reloads.
    account.session.actor.send({ type: 'REFRESH_SESSION' });
    await settled(account.session, { authenticated: 'idle' });
    expect(userOf(account.session)).toMatchObject({ uid: accountUid, emailVerified: true });
  });

  it('SEND_EMAIL_VERIFICATION e-mails another verification link', async () => {
    const email = uniqueEmail('verify-again');
    const { session } = await registeredDevice(email);
    expect(await oobCodeCount(email, 'VERIFY_EMAIL')).toBe(1);

    session.actor.send({ type: 'SEND_EMAIL_VERIFICATION' });
    const sent = await settled(session, { authenticated: 'idle' });

    expect(sent.context.notice?.code).toBe('verification-sent');
    expect(await oobCodeCount(email, 'VERIFY_EMAIL')).toBe(2);
    expect(continueUrlOf(await latestOobCode(email, 'VERIFY_EMAIL'))).toBe(
      `${TEST_ORIGIN}/account`,
    );
  });
});

describe('changing the address', () => {
  // The emulator never asks for a recent sign-in, so that one answer is stubbed; the retry after
  // REAUTHENTICATE reaches the emulator.
  it('CHANGE_EMAIL asks to sign in again when the provider wants it, then sends after REAUTHENTICATE', async () => {
    const email = uniqueEmail('change-recent');
    const newEmail = uniqueEmail('change-recent-to');
    const { session } = await registeredDevice(email);
    fetchStub.answerError('/v1/accounts:sendOobCode?', 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN');

    session.actor.send({ type: 'CHANGE_EMAIL', newEmail });
    const asked = await session.reach({ authenticated: 'needsRecentLogin' });
    expect(asked.context.error).toEqual(catalogueError('requires-recent-login'));
    expect(asked.context.pendingOperation).toEqual({ kind: 'changeEmail', newEmail });
    expect(await oobCodeCount(email, 'VERIFY_AND_CHANGE_EMAIL')).toBe(0);

    session.actor.send({ type: 'REAUTHENTICATE', password: PASSWORD });
    const sent = await settled(session, { authenticated: 'idle' });
    expect(sent.context.notice?.code).toBe('email-change-sent');
    expect(sent.context.pendingOperation).toBeNull();
    expect(await oobCodeCount(email, 'VERIFY_AND_CHANGE_EMAIL')).toBe(1);
  });

  it('CHANGE_EMAIL to an address another account uses says so, and sends nothing', async () => {
    const email = uniqueEmail('change-taken-from');
    const taken = uniqueEmail('change-taken');
    await createAccount(taken, PASSWORD);
    const { session } = await registeredDevice(email);

    session.actor.send({ type: 'CHANGE_EMAIL', newEmail: taken, currentPassword: PASSWORD });
    const refused = await settled(session, { authenticated: 'idle' });
    expect(refused.context.error).toEqual(catalogueError('new-email-in-use'));
    expect(refused.context.notice).toBeNull();
    expect(userOf(session).email).toBe(email);
    expect(await oobCodeCount(email, 'VERIFY_AND_CHANGE_EMAIL')).toBe(0);
  });

  it('CHANGE_EMAIL with the current password e-mails the new address; applying its code changes the address', async () => {
    const email = uniqueEmail('change-from');
    const newEmail = uniqueEmail('change-to');
    const { session } = await registeredDevice(email);
    const { uid } = userOf(session);

    session.actor.send({ type: 'CHANGE_EMAIL', newEmail, currentPassword: PASSWORD });
    const sent = await settled(session, { authenticated: 'idle' });

    expect(sent.context.notice?.code).toBe('email-change-sent');
    expect(sent.context.error).toBeNull();
    expect(sent.context.pendingOperation).toBeNull();
    expect(userOf(session).email).toBe(email);
    // The emulator lists the code under the old address; the new one is in the code's data.
    const code = await latestOobCode(email, 'VERIFY_AND_CHANGE_EMAIL');
    expect(continueUrlOf(code)).toBe(`${TEST_ORIGIN}/account`);
    const info = await checkActionCode(createTestAuth(), code.oobCode);
    expect(info).toMatchObject({
      operation: 'VERIFY_AND_CHANGE_EMAIL',
      data: { email: newEmail, previousEmail: email },
    });

    session.actor.send({ type: 'APPLY_EMAIL_ACTION', oobCode: code.oobCode });
    const changed = await settled(session, { authenticated: 'idle' });

    expect(changed.context.notice?.code).toBe('email-changed');
    expect(changed.context.error).toBeNull();
    expect(userOf(session)).toMatchObject({ uid, email: newEmail, emailVerified: true });
    expect(await signInElsewhere(newEmail, PASSWORD)).toBe(uid);
    await expect(signInElsewhere(email, PASSWORD)).rejects.toMatchObject({
      code: expect.stringMatching(/^auth\//) as unknown,
    });
  });

  it('CHANGE_EMAIL with a wrong current password says so and sends nothing', async () => {
    const email = uniqueEmail('change-wrong');
    const { session } = await registeredDevice(email);

    session.actor.send({
      type: 'CHANGE_EMAIL',
      newEmail: uniqueEmail('never-used'),
      currentPassword: 'not-the-password',
    });
    const refused = await settled(session, { authenticated: 'idle' });

    expect(refused.context.error).toEqual(catalogueError('wrong-password'));
    expect(refused.context.notice).toBeNull();
    expect(refused.context.pendingOperation).toBeNull();
    expect(userOf(session).email).toBe(email);
    expect(await oobCodeCount(email, 'VERIFY_AND_CHANGE_EMAIL')).toBe(0);
  });
});

/**
 * The undo code (RECOVER_EMAIL, e-mailed to the account's first address) is issued by the
 * emulator only when an address is changed directly (`accounts:update` with the user's ID token
 * and `email`, what `updateEmail` sends), never after a verified change (verifyAndChangeEmail),
 * and the app itself never changes an address directly. So the change is made as the user
 * through the REST API (someone else with the session, say), and the app's APPLY_EMAIL_ACTION
 * applies the code.
 */
describe('undoing an address change', () => {
  it('from another device (a guest session), the RECOVER_EMAIL code restores the old address', async () => {
    const email = uniqueEmail('undo-from');
    const changedTo = uniqueEmail('undo-to');
    const { user } = await createUserWithEmailAndPassword(createTestAuth(), email, PASSWORD);
    await changeEmailDirectly(await user.getIdToken(), changedTo);
    expect(await lookupAccount(user.uid)).toMatchObject({ email: changedTo });
    const code = await latestOobCode(email, 'RECOVER_EMAIL');

    const { session } = await guestDevice();
    const guestUid = userOf(session).uid;
    session.actor.send({ type: 'APPLY_EMAIL_ACTION', oobCode: code.oobCode });
    const undone = await settled(session, { guest: 'idle' });

    expect(undone.context.notice?.code).toBe('email-change-undone');
    expect(undone.context.error).toBeNull();
    expect(userOf(session)).toMatchObject({ uid: guestUid, isAnonymous: true });
    expect(await lookupAccount(user.uid)).toMatchObject({ email, emailVerified: true });
    expect(await signInElsewhere(email, PASSWORD)).toBe(user.uid);
  });

  it('in the session the change ended, restores the old address and signs out to a new guest, with the notice', async () => {
    const email = uniqueEmail('undo-session-from');
    const { auth, session } = await registeredDevice(email);
    const { uid } = userOf(session);
    // A direct change ends the sessions whose ID tokens were issued before it, to the second
    // (`validSince`); wait until that second is over, so this session's token is one of them.
    const { issuedAtTime } = await auth.currentUser!.getIdTokenResult();
    const issuedSecond = Math.floor(Date.parse(issuedAtTime) / 1000);
    await vi.waitUntil(() => Math.floor(Date.now() / 1000) > issuedSecond, {
      timeout: 3_000,
      interval: 50,
    });
    await changeEmailDirectly(await auth.currentUser!.getIdToken(), uniqueEmail('undo-session-to'));
    const code = await latestOobCode(email, 'RECOVER_EMAIL');

    session.actor.send({ type: 'APPLY_EMAIL_ACTION', oobCode: code.oobCode });
    const undone = await settled(session, { guest: 'idle' });

    expect(undone.context.notice?.code).toBe('email-change-undone');
    expect(session.visited.slice(-3)).toEqual([
      '{"authenticated":"applyingEmailAction"}',
      '"startingGuest"',
      '{"guest":"idle"}',
    ]);
    expect(userOf(session).isAnonymous).toBe(true);
    expect(userOf(session).uid).not.toBe(uid);
    expect(await lookupAccount(uid)).toMatchObject({ email, emailVerified: true });
    expect(await signInElsewhere(email, PASSWORD)).toBe(uid);
  });
});

/**
 * E-mailed actions through the real session machine with the real Firebase service, against the
 * Auth Emulator: sign-in links (same device, another device, an address that has an account) and
 * e-mail verification (changing the address: emailAddressChange.test.ts). Each test has its own
 * in-memory Auth, its own address store (a fresh store is another device) and its own addresses.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signInWithEmailAndPassword } from 'firebase/auth';
import type { SessionBackend } from '../../src/machines/session/sessionBackend';
import {
  clearAccounts,
  latestOobCode,
  lookupAccount,
  oobCodeCount,
} from '../support/emulatorAdmin';
import {
  createAccount,
  createTestAuth,
  signInElsewhere,
  uniqueEmail,
} from '../support/emulatorAuth';
import {
  catalogueError,
  continueUrlOf,
  guestDevice,
  PASSWORD,
  registeredDevice,
  settled,
} from '../support/emailDevices';
import { userOf, TEST_ORIGIN } from '../support/sessionHarness';
import { cleanUpAfterEachTest, quietPolicyNotices } from '../support/integrationHooks';

const fetchStub = await vi.hoisted(async () =>
  (await import('../support/fetchStub')).installFetchStub(),
);

beforeAll(async () => {
  await clearAccounts();
});

quietPolicyNotices();

cleanUpAfterEachTest(fetchStub);

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

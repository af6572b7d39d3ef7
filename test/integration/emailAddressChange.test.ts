/**
 * Changing a registered user's address, and undoing a change, through the real session machine
 * with the real Firebase service, against the Auth Emulator.
 */
import { describe, expect, it, vi } from 'vitest';

// Before firebase/auth is imported: the SDK keeps the fetch it finds at import.
const fetchStub = await vi.hoisted(async () =>
  (await import('../support/fetchStub')).installFetchStub(),
);

import { checkActionCode, createUserWithEmailAndPassword } from 'firebase/auth';
import {
  catalogueError,
  continueUrlOf,
  guestDevice,
  PASSWORD,
  registeredDevice,
  settled,
} from '../support/emailDevices';
import {
  changeEmailDirectly,
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
import { TEST_ORIGIN, userOf } from '../support/sessionHarness';
import { cleanUpAfterEachTest, quietPolicyNotices } from '../support/integrationHooks';

quietPolicyNotices();

cleanUpAfterEachTest(fetchStub);

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

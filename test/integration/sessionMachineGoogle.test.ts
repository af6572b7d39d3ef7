/**
 * The real session machine and Firebase service with Google accounts, against the Auth Emulator:
 * Node opens no popup, so credentials the emulator accepts stand in for Google's.
 */
import {
  GoogleAuthProvider,
  linkWithCredential,
  signInWithCredential,
  type Auth,
  type OAuthCredential,
} from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { toSessionUser } from '../../src/machines/session/firebase/sdkUser';
import { failureOf, SessionFailure } from '../../src/machines/session/sessionFailure';
import type { SessionUser } from '../../src/machines/session/sessionTypes';
import { createTestAuth, uniqueEmail } from '../support/emulatorAuth';
import { startSession, userOf } from '../support/sessionHarness';
import { cleanUpAfterEachTest, quietPolicyNotices } from '../support/integrationHooks';

quietPolicyNotices();

cleanUpAfterEachTest();

/** A fake Google account the emulator accepts in place of a real ID token. */
function googleCredential(label: string): OAuthCredential {
  const claims = {
    sub: `google-${uniqueEmail(label)}`,
    email: uniqueEmail(label),
    email_verified: true,
  };
  return GoogleAuthProvider.credential(JSON.stringify(claims));
}

/**
 * Stands in for the popup, which Node can't open: links the credential directly and, like the
 * popup flow's `credentialFromError`, hands the credential over when it belongs to another account.
 */
function linkGoogleWithoutPopup(
  auth: Auth,
  credential: OAuthCredential,
  failures: SessionFailure[],
) {
  return fromPromise<SessionUser>(async () => {
    const guest = auth.currentUser;
    if (!guest) throw new SessionFailure('no-user');
    try {
      return toSessionUser((await linkWithCredential(guest, credential)).user);
    } catch (error) {
      const failure = failureOf(error, {
        providerId: 'google.com',
        credentialJson: { ...credential.toJSON() },
      });
      failures.push(failure);
      throw failure;
    }
  });
}

describe('Google', () => {
  it('linking a Google account keeps the uid, and the machine follows the SDK to authenticated', async () => {
    const auth = createTestAuth();
    const session = startSession(auth);
    await session.reach({ guest: 'idle' });
    const guestUid = userOf(session).uid;

    const { user } = await linkWithCredential(auth.currentUser!, googleCredential('link'));
    expect(user.uid).toBe(guestUid);

    await session.reach({ authenticated: 'idle' });
    // Google said the address is verified, so the account counts as verified: nothing to send.
    expect(userOf(session)).toMatchObject({
      uid: guestUid,
      isAnonymous: false,
      providerIds: ['google.com'],
      emailVerified: true,
    });
  });

  it('a Google address Google has not verified is not counted as verified', async () => {
    const auth = createTestAuth();
    const session = startSession(auth);
    await session.reach({ guest: 'idle' });
    const email = uniqueEmail('unverified-google');
    const unverified = GoogleAuthProvider.credential(
      JSON.stringify({ sub: `google-${email}`, email, email_verified: false }),
    );

    await linkWithCredential(auth.currentUser!, unverified);

    await session.reach({ authenticated: 'idle' });
    expect(userOf(session)).toMatchObject({ email, emailVerified: false });
  });

  it('a Google account linked elsewhere gives credential-already-in-use, then switches to it', async () => {
    const credential = googleCredential('taken-google');
    const owner = await signInWithCredential(createTestAuth(), credential);
    const auth = createTestAuth();
    const failures: SessionFailure[] = [];
    const session = startSession(auth, {
      continueWithGoogle: linkGoogleWithoutPopup(auth, credential, failures),
    });
    await session.reach({ guest: 'idle' });

    session.actor.send({ type: 'CONTINUE_WITH_GOOGLE' });
    await session.reach({ authenticated: 'idle' });

    expect(failures.map((failure) => failure.code)).toEqual(['credential-already-in-use']);
    expect(session.visited).toEqual(
      expect.arrayContaining(['"popupPending"', '"switchingAccount"']),
    );
    expect(userOf(session)).toMatchObject({ uid: owner.user.uid, providerIds: ['google.com'] });
  });
});

/**
 * The Firebase service's actors run one at a time against the Auth Emulator, and against stubbed
 * HTTP answers for what the emulator can't say.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

// Before firebase/auth is imported: the SDK keeps the fetch it finds at import.
const fetchStub = await vi.hoisted(async () =>
  (await import('../support/fetchStub')).installFetchStub(),
);

import { GoogleAuthProvider, signInWithCredential, type Auth } from 'firebase/auth';
import { createActor, waitFor } from 'xstate';
import { readConfig } from '../../src/config';
import { userMessageFor } from '../../src/machines/session/errorCatalogue';
import { SessionFailure } from '../../src/machines/session/sessionFailure';
import {
  createBrowserAuth,
  createBrowserSessionActors,
} from '../../src/machines/session/firebase/browserAuth';
import { providerPasswordPolicy } from '../../src/machines/session/firebase/providerPasswordPolicy';
import { sessionMachine } from '../../src/machines/session/sessionMachine';
import { DEFAULT_PASSWORD_POLICY } from '../../src/machines/session/passwordPolicy';
import { clearAccounts } from '../support/emulatorAdmin';
import {
  createAccount,
  createTestAuth,
  uniqueEmail,
  unreachableUrl,
} from '../support/emulatorAuth';
import { actorsFor, PASSWORD, rejectionOf, run, signedIn } from '../support/serviceActors';
import { cleanUpAfterEachTest } from '../support/integrationHooks';

beforeAll(async () => {
  await clearAccounts();
});

cleanUpAfterEachTest(fetchStub);

/** The real machine and service; a password form on screen sends PASSWORD_POLICY_NEEDED. */
function sessionAskingForThePolicy(auth: Auth) {
  const session = createActor(sessionMachine.provide({ actors: actorsFor(auth) })).start();
  session.send({ type: 'PASSWORD_POLICY_NEEDED' });
  return session;
}

describe('operations', () => {
  it('restoreSession waits for the saved user and, outside a browser, reads no redirect', async () => {
    const { actors, uid } = await signedIn('restore');
    const restored = await run(actors.restoreSession);
    expect(restored.user).toMatchObject({ uid, isAnonymous: false, providerIds: ['password'] });
    expect(restored.redirectError).toBeNull();
  });

  it('restoreSession with nobody signed in finds no user', async () => {
    const restored = await run(actorsFor(createTestAuth()).restoreSession);
    expect(restored).toEqual({ user: null, redirectError: null });
  });

  it('maps the SDK user to the plain session user', async () => {
    const { actors, email, uid } = await signedIn('plain-user');
    const user = await run(actors.refreshSession);
    expect(user).toEqual({
      uid,
      email,
      emailVerified: false,
      displayName: null,
      photoURL: null,
      isAnonymous: false,
      providerIds: ['password'],
      creationTime: expect.any(String),
      lastSignInTime: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(user.creationTime!))).toBe(false);
  });

  it('switchAccount with a Google credential signs in to the account that owns it', async () => {
    const claims = { sub: uniqueEmail('sub'), email: uniqueEmail('google'), email_verified: true };
    const credential = GoogleAuthProvider.credential(JSON.stringify(claims));
    const owner = await signInWithCredential(createTestAuth(), credential);
    const auth = createTestAuth();
    const actors = actorsFor(auth);
    const guest = await run(actors.startGuest);

    const { user } = await run(actors.switchAccount, {
      providerId: 'google.com',
      credentialJson: { ...credential.toJSON() },
    });

    expect(user).toMatchObject({ uid: owner.user.uid, email: claims.email, isAnonymous: false });
    expect(user.uid).not.toBe(guest.uid);
    expect(auth.currentUser?.uid).toBe(owner.user.uid);
  });

  it('changePassword with nobody signed in fails with "No user signed in"', async () => {
    const failure = await rejectionOf(
      run(actorsFor(createTestAuth()).changePassword, { newPassword: 'whatever-1' }),
    );
    expect(failure).toMatchObject({ code: 'no-user', message: 'No user signed in' });
  });
});

describe('password policy', () => {
  const POLICY_URL = '/v2/passwordPolicy?';

  it('turns a policy the provider supplies into the app’s PasswordPolicy', async () => {
    fetchStub.answer(POLICY_URL, {
      status: 200,
      body: {
        customStrengthOptions: {
          minPasswordLength: 10,
          maxPasswordLength: 64,
          containsUppercaseCharacter: true,
          containsNumericCharacter: true,
        },
        allowedNonAlphanumericCharacters: ['!', '#'],
        enforcementState: 'ENFORCE',
        schemaVersion: 1,
      },
    });

    const session = sessionAskingForThePolicy(createTestAuth());
    const loaded = await waitFor(
      session,
      (state) => state.context.passwordPolicy.source === 'provider',
    );
    session.stop();

    expect(loaded.context.passwordPolicy).toEqual({
      minLength: 10,
      maxLength: 64,
      requireLowercase: false,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: false,
      source: 'provider',
    });
  });

  it('falls back to the default, saying why, when the provider has none (the emulator’s 501)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);

    const policy = await providerPasswordPolicy(createTestAuth());

    const answer = fetchStub.answers.find((each) => each.url.includes(POLICY_URL));
    expect(answer).toMatchObject({ status: 501, stubbed: false });
    expect(policy).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('using the default'));
    expect(info).toHaveBeenCalledWith(expect.stringContaining('not-implemented'));
  });

  it('falls back to the default when the provider does not enforce its policy', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    fetchStub.answer(POLICY_URL, {
      status: 200,
      body: {
        customStrengthOptions: { minPasswordLength: 12 },
        enforcementState: 'OFF',
        schemaVersion: 1,
      },
    });

    const policy = await providerPasswordPolicy(createTestAuth());

    expect(policy).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('does not enforce'));
  });
});

describe('where the service cannot work', () => {
  it('an operation while the provider is unreachable fails with network-request-failed', async () => {
    const unreachable = createTestAuth(await unreachableUrl());

    const failure = await rejectionOf(run(actorsFor(unreachable).startGuest));

    expect(failure.code).toBe('network-request-failed');
    expect(failure.message).toBe(
      'Could not reach the server. Check your internet connection and try again.',
    );
    expect(unreachable.currentUser).toBeNull();
  });

  it('offline, the policy loader keeps the default and says why instead of claiming there is none', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = sessionAskingForThePolicy(createTestAuth(await unreachableUrl()));

    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 10_000 });
    session.stop();

    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Could not load the password policy'),
      expect.objectContaining({ code: 'network-request-failed' }),
    );
    expect(session.getSnapshot().context.passwordPolicy).toEqual(DEFAULT_PASSWORD_POLICY);
  });

  it('outside a browser, building the actors works but every operation fails clearly', async () => {
    const config = readConfig({});
    expect(() => createBrowserAuth(config)).toThrow(SessionFailure);

    const actors = createBrowserSessionActors(config);
    const failure = await rejectionOf(run(actors.startGuest));

    expect(failure.code).toBe('not-in-browser');
    expect(failure.message).toBe(userMessageFor('not-in-browser'));
    await expect(
      rejectionOf(run(actors.signIn, { email: uniqueEmail('node'), password: PASSWORD })),
    ).resolves.toMatchObject({ code: 'not-in-browser' });
  });
});

describe('e-mail enumeration', () => {
  it('a reset request for an address with no account answers exactly as for one with an account', async () => {
    const known = uniqueEmail('known');
    await createAccount(known, PASSWORD);
    const actors = actorsFor(createTestAuth());
    await expect(run(actors.sendPasswordReset, { email: known })).resolves.toBeUndefined();
    // The emulator answers EMAIL_NOT_FOUND here; the service does not pass that on.
    await expect(
      run(actors.sendPasswordReset, { email: uniqueEmail('nobody') }),
    ).resolves.toBeUndefined();
  });
});

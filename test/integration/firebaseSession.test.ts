/**
 * The Firebase service's actors run one at a time against the Auth Emulator, and against stubbed
 * HTTP answers for what the emulator can't say.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// Before firebase/auth is imported: the SDK keeps the fetch it finds at import.
const fetchStub = await vi.hoisted(async () =>
  (await import('../support/fetchStub')).installFetchStub(),
);

import { GoogleAuthProvider, signInWithCredential, type Auth } from 'firebase/auth';
import {
  createActor,
  toPromise,
  waitFor,
  type AnyActorLogic,
  type InputFrom,
  type OutputFrom,
} from 'xstate';
import { readConfig } from '../../src/config';
import {
  handlingOf,
  userMessageFor,
  type ErrorHandling,
} from '../../src/machines/session/errorCatalogue';
import { rawCodeOf, SessionFailure } from '../../src/machines/session/sessionFailure';
import {
  createBrowserAuth,
  createBrowserSessionActors,
} from '../../src/machines/session/firebase/browserAuth';
import { providerPasswordPolicy } from '../../src/machines/session/firebase/providerPasswordPolicy';
import {
  createSessionActors,
  type SessionActors,
} from '../../src/machines/session/firebase/sessionActors';
import { sessionMachine } from '../../src/machines/session/sessionMachine';
import { DEFAULT_PASSWORD_POLICY } from '../../src/machines/session/passwordPolicy';
import {
  clearAccounts,
  deleteAccountAsOwner,
  disableUser,
  enableImprovedEmailPrivacy,
  expireTokens,
  resetEmailPrivacy,
} from '../support/emulatorAdmin';
import {
  createAccount,
  createTestAuth,
  disposeTestAuths,
  uniqueEmail,
  unreachableUrl,
} from '../support/emulatorAuth';
import { TEST_ORIGIN } from '../support/sessionHarness';

const PASSWORD = 'first-secret-1';

beforeAll(async () => {
  await clearAccounts();
});

afterEach(async () => {
  fetchStub.reset();
  vi.restoreAllMocks();
  await disposeTestAuths();
});

function actorsFor(auth: Auth): SessionActors {
  return createSessionActors(() => auth, { origin: TEST_ORIGIN });
}

/** Runs one actor logic to its end, like an invoke would. */
function run<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...input: undefined extends InputFrom<TLogic> ? [InputFrom<TLogic>?] : [InputFrom<TLogic>]
): Promise<OutputFrom<TLogic>> {
  return toPromise(createActor(logic, { input: input[0] }).start());
}

/** The real machine and service; a password form on screen sends PASSWORD_POLICY_NEEDED. */
function sessionAskingForThePolicy(auth: Auth) {
  const session = createActor(sessionMachine.provide({ actors: actorsFor(auth) })).start();
  session.send({ type: 'PASSWORD_POLICY_NEEDED' });
  return session;
}

async function rejectionOf(operation: Promise<unknown>): Promise<SessionFailure> {
  const error: unknown = await operation.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof SessionFailure)) {
    throw new Error(`Expected a SessionFailure, got ${String(error)}`);
  }
  return error;
}

/** A registered user signed in on a fresh Auth, with the service's actors for it. */
async function signedIn(label: string) {
  const email = uniqueEmail(label);
  const uid = await createAccount(email, PASSWORD);
  const auth = createTestAuth();
  const actors = actorsFor(auth);
  await run(actors.signIn, { email, password: PASSWORD });
  return { auth, actors, email, uid };
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

interface ErrorCase {
  serverCode: string;
  /** How the answer is obtained: the emulator says it, or a stubbed HTTP answer does. */
  source: 'emulator' | 'stub';
  clientCode: string;
  handling: ErrorHandling;
  provoke: () => Promise<unknown>;
}

/**
 * DESIGN.md section 5, end to end: each server code reaches the app as the client code, with the
 * catalogue's handling and message. `source: 'stub'` rows are codes the emulator never sends.
 */
const errorCases: ErrorCase[] = [
  {
    serverCode: 'EMAIL_EXISTS',
    source: 'emulator',
    clientCode: 'email-already-in-use',
    handling: 'switch',
    async provoke() {
      const email = uniqueEmail('exists');
      await createAccount(email, PASSWORD);
      const actors = actorsFor(createTestAuth());
      await run(actors.startGuest);
      return run(actors.createAccount, { email, password: PASSWORD });
    },
  },
  {
    serverCode: 'INVALID_PASSWORD',
    source: 'emulator',
    clientCode: 'wrong-password',
    handling: 'rethrow',
    async provoke() {
      const email = uniqueEmail('wrong');
      await createAccount(email, PASSWORD);
      return run(actorsFor(createTestAuth()).signIn, { email, password: 'nope-nope' });
    },
  },
  {
    serverCode: 'INVALID_LOGIN_CREDENTIALS',
    source: 'emulator',
    clientCode: 'invalid-credential',
    handling: 'rethrow',
    async provoke() {
      const email = uniqueEmail('private');
      await createAccount(email, PASSWORD);
      await enableImprovedEmailPrivacy();
      try {
        return await run(actorsFor(createTestAuth()).signIn, {
          email,
          password: 'nope-nope',
        });
      } finally {
        await resetEmailPrivacy();
      }
    },
  },
  {
    serverCode: 'EMAIL_NOT_FOUND',
    source: 'emulator',
    clientCode: 'user-not-found',
    handling: 'rethrow',
    provoke: () =>
      run(actorsFor(createTestAuth()).signIn, {
        email: uniqueEmail('nobody'),
        password: PASSWORD,
      }),
  },
  {
    serverCode: 'TOO_MANY_ATTEMPTS_TRY_LATER',
    source: 'stub',
    clientCode: 'too-many-requests',
    handling: 'rethrow',
    provoke() {
      fetchStub.answerError('/v1/accounts:signInWithPassword?', 'TOO_MANY_ATTEMPTS_TRY_LATER');
      return run(actorsFor(createTestAuth()).signIn, {
        email: uniqueEmail('hurry'),
        password: PASSWORD,
      });
    },
  },
  {
    serverCode: 'EXPIRED_OOB_CODE',
    source: 'stub',
    clientCode: 'expired-action-code',
    handling: 'rethrow',
    provoke() {
      fetchStub.answerError('/v1/accounts:resetPassword?', 'EXPIRED_OOB_CODE');
      return run(actorsFor(createTestAuth()).confirmPasswordReset, {
        oobCode: 'old-code',
        newPassword: 'second-secret-2',
      });
    },
  },
  {
    serverCode: 'INVALID_OOB_CODE',
    source: 'emulator',
    clientCode: 'invalid-action-code',
    handling: 'rethrow',
    provoke: () =>
      run(actorsFor(createTestAuth()).confirmPasswordReset, {
        oobCode: 'no-such-code',
        newPassword: 'second-secret-2',
      }),
  },
  {
    serverCode: 'TOKEN_EXPIRED',
    source: 'emulator',
    clientCode: 'user-token-expired',
    handling: 'signOut',
    async provoke() {
      const { actors, uid } = await signedIn('expired');
      await expireTokens(uid);
      return run(actors.refreshSession);
    },
  },
  {
    serverCode: 'USER_DISABLED',
    source: 'emulator',
    clientCode: 'user-disabled',
    handling: 'signOut',
    async provoke() {
      const email = uniqueEmail('disabled');
      await disableUser(await createAccount(email, PASSWORD));
      return run(actorsFor(createTestAuth()).signIn, { email, password: PASSWORD });
    },
  },
  {
    serverCode: 'PASSWORD_DOES_NOT_MEET_REQUIREMENTS',
    source: 'stub',
    clientCode: 'password-does-not-meet-requirements',
    handling: 'rethrow',
    async provoke() {
      const { actors } = await signedIn('policy');
      fetchStub.answerError(
        '/v1/accounts:update?',
        'PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain an upper case character]',
      );
      return run(actors.changePassword, { newPassword: 'all-lower-case' });
    },
  },
  // Beyond the table: other answers the app can meet.
  {
    serverCode: 'USER_NOT_FOUND',
    source: 'emulator',
    clientCode: 'user-token-expired',
    handling: 'signOut',
    async provoke() {
      const { actors, uid } = await signedIn('deleted-elsewhere');
      await deleteAccountAsOwner(uid);
      return run(actors.refreshSession);
    },
  },
  {
    serverCode: 'WEAK_PASSWORD',
    source: 'emulator',
    clientCode: 'weak-password',
    handling: 'rethrow',
    async provoke() {
      const { actors } = await signedIn('weak');
      return run(actors.changePassword, { newPassword: '123' });
    },
  },
  {
    serverCode: 'INVALID_EMAIL',
    source: 'emulator',
    clientCode: 'invalid-email',
    handling: 'rethrow',
    provoke: () =>
      run(actorsFor(createTestAuth()).signIn, {
        email: 'not-an-address',
        password: PASSWORD,
      }),
  },
  {
    serverCode: 'MISSING_PASSWORD',
    source: 'emulator',
    clientCode: 'missing-password',
    handling: 'rethrow',
    provoke: () =>
      run(actorsFor(createTestAuth()).signIn, { email: uniqueEmail('x'), password: '' }),
  },
  {
    serverCode: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN',
    source: 'stub',
    clientCode: 'requires-recent-login',
    handling: 'reauthenticate',
    async provoke() {
      const { actors } = await signedIn('too-old');
      fetchStub.answerError('/v1/accounts:delete?', 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
      return run(actors.deleteAccount);
    },
  },
];

describe('server codes end in the catalogue’s client code, handling and message', () => {
  it.each(errorCases)(
    '$serverCode ($source) → $clientCode, $handling',
    async ({ serverCode, source, clientCode, handling, provoke }) => {
      const failure = await rejectionOf(provoke());

      const answered = fetchStub.answers.filter((answer) => answer.errorCode === serverCode);
      expect(answered.map((answer) => answer.stubbed)).toEqual([source === 'stub']);
      expect(failure.code).toBe(clientCode);
      expect(failure.message).toBe(userMessageFor(clientCode));
      expect(handlingOf(failure.code)).toBe(handling);
    },
  );

  it('the whole table of DESIGN.md section 5 is covered', () => {
    const covered = new Set(errorCases.map((errorCase) => errorCase.serverCode));
    for (const serverCode of [
      'EMAIL_EXISTS',
      'INVALID_PASSWORD',
      'INVALID_LOGIN_CREDENTIALS',
      'EMAIL_NOT_FOUND',
      'TOO_MANY_ATTEMPTS_TRY_LATER',
      'EXPIRED_OOB_CODE',
      'INVALID_OOB_CODE',
      'TOKEN_EXPIRED',
      'USER_DISABLED',
      'PASSWORD_DOES_NOT_MEET_REQUIREMENTS',
    ]) {
      expect(covered).toContain(serverCode);
    }
  });

  it('a reCAPTCHA demand: the SDK retries with a token, which the emulator refuses', async () => {
    const email = uniqueEmail('recaptcha');
    await createAccount(email, PASSWORD);
    fetchStub.answerError('/v1/accounts:signInWithPassword?', 'MISSING_RECAPTCHA_TOKEN');
    vi.spyOn(console, 'log').mockImplementation(() => undefined);

    const failure = await rejectionOf(
      run(actorsFor(createTestAuth()).signIn, { email, password: PASSWORD }),
    );

    const signIns = fetchStub.answers.filter((answer) =>
      answer.url.includes('/v1/accounts:signInWithPassword?'),
    );
    expect(signIns.map(({ stubbed, status }) => ({ stubbed, status }))).toEqual([
      { stubbed: true, status: 400 },
      { stubbed: false, status: 501 },
    ]);
    // Connected to the emulator, the SDK fakes the token instead of fetching v2/recaptchaConfig.
    expect(fetchStub.answers.some((answer) => answer.url.includes('/v2/recaptchaConfig'))).toBe(
      false,
    );
    // A code the catalogue does not know: shown as the unknown failure, the raw code kept as cause.
    expect(failure.code).toBe('unknown');
    expect(rawCodeOf(failure.cause)).toBe('auth/captcha-unimplemented');
    expect(failure.message).toBe(userMessageFor('unknown'));
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

/**
 * Every server code of DESIGN.md section 5 reaches the app as the catalogue's client code, handling
 * and message: through the Firebase service's actors against the Auth Emulator, and stubbed HTTP
 * answers for what the emulator never says.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

// Before firebase/auth is imported: the SDK keeps the fetch it finds at import.
const fetchStub = await vi.hoisted(async () =>
  (await import('../support/fetchStub')).installFetchStub(),
);

import {
  handlingOf,
  userMessageFor,
  type ErrorHandling,
} from '../../src/machines/session/errorCatalogue';
import { rawCodeOf } from '../../src/machines/session/sessionFailure';
import {
  clearAccounts,
  deleteAccountAsOwner,
  disableUser,
  enableImprovedEmailPrivacy,
  expireTokens,
  resetEmailPrivacy,
} from '../support/emulatorAdmin';
import { createAccount, createTestAuth, uniqueEmail } from '../support/emulatorAuth';
import { actorsFor, PASSWORD, rejectionOf, run, signedIn } from '../support/serviceActors';
import { cleanUpAfterEachTest } from '../support/integrationHooks';

beforeAll(async () => {
  await clearAccounts();
});

cleanUpAfterEachTest(fetchStub);

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
    handling: 'show',
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
    handling: 'show',
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
    handling: 'show',
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
    handling: 'show',
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
    handling: 'show',
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
    handling: 'show',
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
    handling: 'show',
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
    handling: 'show',
    async provoke() {
      const { actors } = await signedIn('weak');
      return run(actors.changePassword, { newPassword: '123' });
    },
  },
  {
    serverCode: 'INVALID_EMAIL',
    source: 'emulator',
    clientCode: 'invalid-email',
    handling: 'show',
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
    handling: 'show',
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

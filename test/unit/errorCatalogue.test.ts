import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FirebaseError, deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  debugErrorMap,
  inMemoryPersistence,
  initializeAuth,
  signInWithEmailAndPassword,
  type Auth,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR_CODES,
  ERROR_CATALOGUE,
  SERVER_CODE_TO_CLIENT_CODE,
  UNKNOWN_ERROR_CODE,
  handlingOf,
  userMessageFor,
  type ErrorHandling,
} from '../../src/machines/session/errorCatalogue';
import { clientCodeOf, failureOf, SessionFailure } from '../../src/machines/session/sessionFailure';
import type { SwitchCredential } from '../../src/machines/session/sessionTypes';

const SPEC_TABLE = {
  EMAIL_EXISTS: 'email-already-in-use',
  INVALID_PASSWORD: 'wrong-password',
  INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
  EMAIL_NOT_FOUND: 'user-not-found',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  EXPIRED_OOB_CODE: 'expired-action-code',
  INVALID_OOB_CODE: 'invalid-action-code',
  TOKEN_EXPIRED: 'user-token-expired',
  USER_DISABLED: 'user-disabled',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'password-does-not-meet-requirements',
};

const REQUIRED_CODES = [
  ...Object.values(SPEC_TABLE),
  'network-request-failed',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'credential-already-in-use',
  'account-exists-with-different-credential',
  'requires-recent-login',
  'invalid-email',
  'missing-password',
  'weak-password',
  'operation-not-allowed',
  'internal-error',
  'invalid-continue-uri',
  'unauthorized-continue-uri',
  'missing-continue-uri',
  'web-storage-unsupported',
  'operation-not-supported-in-this-environment',
  'timeout',
  'quota-exceeded',
  'no-user',
  'session-failed',
  'not-in-browser',
  'redirect-timeout',
  'unknown',
];

const EXPECTED_HANDLING: Record<string, ErrorHandling> = {
  'popup-blocked': 'redirect',
  'popup-closed-by-user': 'show',
  'cancelled-popup-request': 'show',
  'credential-already-in-use': 'switch',
  'email-already-in-use': 'switch',
  'user-disabled': 'signOut',
  'user-token-expired': 'signOut',
  'requires-recent-login': 'reauthenticate',
  'wrong-password': 'show',
  'invalid-credential': 'show',
  'user-not-found': 'show',
  'invalid-email': 'show',
  'missing-password': 'show',
  'weak-password': 'show',
  'password-does-not-meet-requirements': 'show',
  'expired-action-code': 'show',
  'invalid-action-code': 'show',
  'too-many-requests': 'show',
  'network-request-failed': 'show',
  'account-exists-with-different-credential': 'showAndLog',
  'operation-not-allowed': 'showAndLog',
  'internal-error': 'showAndLog',
  'invalid-continue-uri': 'showAndLog',
  'unauthorized-continue-uri': 'showAndLog',
  'missing-continue-uri': 'showAndLog',
  'web-storage-unsupported': 'showAndLog',
  'operation-not-supported-in-this-environment': 'showAndLog',
  timeout: 'showAndLog',
  'quota-exceeded': 'showAndLog',
  'no-user': 'showAndLog',
  'session-failed': 'showAndLog',
  'not-in-browser': 'showAndLog',
  'redirect-timeout': 'showAndLog',
  unknown: 'showAndLog',
};

const passwordCredential: SwitchCredential = {
  providerId: 'password',
  email: 'ada@example.com',
  password: 'secret-1',
};
const googleCredential: SwitchCredential = {
  providerId: 'google.com',
  credentialJson: { idToken: 'x', providerId: 'google.com' },
};

describe('server code table', () => {
  it('is exactly the spec table', () => {
    expect(SERVER_CODE_TO_CLIENT_CODE).toEqual(SPEC_TABLE);
  });
});

/** Stands in for the Identity Toolkit API: every request fails with the server code named by `nextServerCode`. */
function startFakeIdentityToolkit(nextServerCode: () => string): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(400, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      response.end(JSON.stringify({ error: { code: 400, message: nextServerCode(), errors: [] } }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

function authAgainst(port: number, name: string): { app: FirebaseApp; auth: Auth } {
  const app = initializeApp({ apiKey: 'fake-api-key', projectId: 'demo-applyfirst' }, name);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, `http://127.0.0.1:${port}`, { disableWarnings: true });
  return { app, auth };
}

async function signInFailureCode(auth: Auth): Promise<string> {
  try {
    await signInWithEmailAndPassword(auth, 'ada@example.com', 'secret-1');
  } catch (error) {
    return (error as FirebaseError).code;
  }
  throw new Error('sign-in unexpectedly succeeded');
}

describe('the installed Firebase Auth SDK maps server codes like our table', () => {
  let serverCode = '';
  let server: Server;
  let app: FirebaseApp;
  let auth: Auth;

  beforeAll(async () => {
    server = await startFakeIdentityToolkit(() => serverCode);
    ({ app, auth } = authAgainst(portOf(server), 'server-codes'));
  });
  afterAll(async () => {
    await deleteApp(app);
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(Object.entries(SERVER_CODE_TO_CLIENT_CODE))('%s -> auth/%s', async (server, client) => {
    serverCode = server;
    expect(await signInFailureCode(auth)).toBe(`auth/${client}`);
  });

  it('gives network-request-failed when the server cannot be reached', async () => {
    const unreachable = await startFakeIdentityToolkit(() => 'UNUSED');
    const closedPort = portOf(unreachable);
    await new Promise((resolve) => unreachable.close(resolve));
    const offline = authAgainst(closedPort, 'unreachable');
    try {
      expect(await signInFailureCode(offline.auth)).toBe('auth/network-request-failed');
    } finally {
      await deleteApp(offline.app);
    }
  });
});

describe('error catalogue', () => {
  // Typed as an opaque AuthErrorMap, but at run time it is the function giving every code's message.
  // (The typed AuthErrorCodes lacks some codes, such as password-does-not-meet-requirements.)
  const sdkCodes = new Set(
    Object.keys((debugErrorMap as unknown as () => Record<string, string>)()),
  );
  const appCodes: readonly string[] = APP_ERROR_CODES;
  const codes: string[] = Object.keys(ERROR_CATALOGUE);

  it('has one entry per code', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(REQUIRED_CODES)('has an entry for %s', (code) => {
    expect(codes).toContain(code);
  });

  it.each(Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry.message]))(
    '%s has a message for people: %s',
    (code, message) => {
      expect(message.trim()).not.toBe('');
      expect(message.toLowerCase()).not.toContain(code.toLowerCase());
      expect(message).not.toMatch(/auth\/|firebase/i);
    },
  );

  it('names only codes the SDK really has, besides the app codes', () => {
    expect(codes.filter((code) => !sdkCodes.has(code)).sort()).toEqual([...appCodes].sort());
  });

  it('app codes never collide with SDK codes', () => {
    expect(appCodes.filter((code) => sdkCodes.has(code))).toEqual([]);
  });

  it.each(Object.entries(EXPECTED_HANDLING))('%s is handled by %s', (code, handling) => {
    expect(handlingOf(code)).toBe(handling);
  });

  it.each(['credential-already-in-use', 'provider-already-linked'])(
    '%s says what happened whichever provider it came from',
    (code) => {
      expect(userMessageFor(code)).not.toMatch(/google|password/i);
    },
  );

  it('uses the exact spec wording for the validation messages', () => {
    expect(userMessageFor('no-user')).toBe('No user signed in');
    expect(userMessageFor('session-failed')).toBe('Failed to create session');
  });

  it('falls back for codes it does not know', () => {
    expect(handlingOf('no-such-code')).toBe('showAndLog');
    expect(userMessageFor('no-such-code')).toBe(userMessageFor(UNKNOWN_ERROR_CODE));
    expect(userMessageFor(UNKNOWN_ERROR_CODE)).toMatch(/^Something went wrong\b/);
  });
});

describe('clientCodeOf', () => {
  it('strips the auth/ prefix of an SDK error', () => {
    expect(
      clientCodeOf(
        new FirebaseError('auth/popup-blocked', 'Firebase: Error (auth/popup-blocked).'),
      ),
    ).toBe('popup-blocked');
  });

  it('reads plain { code } objects', () => {
    expect(clientCodeOf({ code: 'no-user' })).toBe('no-user');
    expect(clientCodeOf({ code: 'auth/user-disabled' })).toBe('user-disabled');
  });

  it.each([
    ['a string', 'auth/popup-blocked'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an Error without a code', new Error('boom')],
    ['a non-string code', { code: 5 }],
    ['an empty code', { code: '' }],
    ['a bare prefix', { code: 'auth/' }],
  ])('gives unknown for %s', (_, value) => {
    expect(clientCodeOf(value)).toBe('unknown');
  });
});

/** What a failure shows and carries, as plain data. */
function dataOf(failure: SessionFailure) {
  const { code, message, switchCredential } = failure;
  return { code, message, ...(switchCredential ? { switchCredential } : {}) };
}

describe('failureOf', () => {
  it('replaces the SDK message, which shows the raw code, with the catalogue message', () => {
    const failure = failureOf(
      new FirebaseError('auth/wrong-password', 'Firebase: Error (auth/wrong-password).'),
    );
    expect(dataOf(failure)).toEqual({
      code: 'wrong-password',
      message: userMessageFor('wrong-password'),
    });
  });

  it('keeps a failure object the app made, with its switch credential', () => {
    const failure = {
      code: 'credential-already-in-use',
      message: 'Custom words',
      switchCredential: googleCredential,
    };
    expect(dataOf(failureOf(failure))).toEqual(failure);
  });

  it('keeps a SessionFailure as it is, with its switch credential', () => {
    const error = new SessionFailure('email-already-in-use', {
      switchCredential: passwordCredential,
    });
    expect(failureOf(error)).toBe(error);
    expect(dataOf(failureOf(error))).toEqual({
      code: 'email-already-in-use',
      message: userMessageFor('email-already-in-use'),
      switchCredential: passwordCredential,
    });
  });

  it('drops a malformed switch credential', () => {
    const failure = failureOf({
      code: 'email-already-in-use',
      message: 'm',
      switchCredential: { providerId: 'x' },
    });
    expect(dataOf(failure)).toEqual({ code: 'email-already-in-use', message: 'm' });
    expect(failure.switchCredential).toBeUndefined();
  });

  it('does not show the developer message of some other Error, and keeps it as the cause', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9099'), {
      code: 'ECONNREFUSED',
    });
    const failure = failureOf(error);
    // A code the catalogue does not know is the unknown code; the raw one stays in the cause.
    expect(dataOf(failure)).toEqual({ code: 'unknown', message: userMessageFor('unknown') });
    expect(failure.cause).toBe(error);
  });

  it('turns anything else into the unknown failure', () => {
    expect(dataOf(failureOf('nope'))).toEqual({
      code: 'unknown',
      message: userMessageFor('unknown'),
    });
  });
});

describe('SessionFailure', () => {
  it('is an Error carrying the code, the catalogue message and the cause', () => {
    const cause = new FirebaseError(
      'auth/internal-error',
      'Firebase: Error (auth/internal-error).',
    );
    const error = new SessionFailure('session-failed', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SessionFailure');
    expect(error.code).toBe('session-failed');
    expect(error.message).toBe('Failed to create session');
    expect(error.cause).toBe(cause);
    expect(error.switchCredential).toBeUndefined();
    expect(error.toSessionError()).toEqual({
      code: 'session-failed',
      message: 'Failed to create session',
    });
  });

  it('has no cause property when none is given', () => {
    expect('cause' in new SessionFailure('no-user')).toBe(false);
  });

  it('carries the switch credential without ever serializing the password', () => {
    const error = new SessionFailure('email-already-in-use', {
      switchCredential: passwordCredential,
    });
    expect(error.switchCredential).toEqual(passwordCredential);
    expect(Object.keys(error)).not.toContain('switchCredential');
    expect(JSON.stringify(error)).not.toContain(passwordCredential.password);
    expect(JSON.stringify(error.toSessionError())).not.toContain(passwordCredential.password);
  });
});

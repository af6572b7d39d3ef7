import { FirebaseError } from '@firebase/util';
import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  isSecretKey,
  redactSecrets,
  summarizeThrown,
} from '../../src/machines/session/inspectionRedaction';

/** Shaped like the emulator's and Google's tokens (the SDK never checks their content). */
const ID_TOKEN =
  'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ1c2VyX2lkIjoiYWRhIiwiZW1haWwiOiJhZGFAZXhhbXBsZS5jb20ifQ.';
const SIGNED_JWT =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEyMyJ9.eyJzdWIiOiIxMDk4NzY1NDMyMSJ9.c2lnbmF0dXJlLW9mLXRoZS1qd3Q';
const REFRESH_TOKEN = 'AMf-vBwQ3xZk9Lr2pT7sYc1uVn8eHd4gJf6aK0mWq5oRt3yUi2EzXb7NcVh9Gk1Pj4Ls';
const OAUTH_ACCESS_TOKEN = 'ya29.a0AfB_byC3dE4fG5hI6jK7lM8nO9pQ0rS1tU2vW3xY4zA5bC6dE7fG8';
const OAUTH_REFRESH_TOKEN = '1//0gXyZ9aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdef';
const MFA_PENDING_CREDENTIAL = 'AM7gJz3kQ9pL2mN8vB4xC6zR1tY5uI0oP7aS3dF9gH2jK4lZ';
const OOB_CODE = 'Qm4xY7pL2vN9cB3kR8tW1zA6sD0fG5hJ_-eU4iO7yT2rE9wQ3aS1dF';
const PASSWORD = 'correct-horse-battery-staple';
const CLIENT_SECRET = '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4k';

const SECRETS = [
  ID_TOKEN,
  SIGNED_JWT,
  REFRESH_TOKEN,
  OAUTH_ACCESS_TOKEN,
  OAUTH_REFRESH_TOKEN,
  MFA_PENDING_CREDENTIAL,
  OOB_CODE,
  PASSWORD,
  CLIENT_SECRET,
];

/** The SDK's `_tokenResponse`: what `signInWithIdp` and friends answer, attached to errors. */
function tokenResponse() {
  return {
    kind: 'identitytoolkit#VerifyAssertionResponse',
    federatedId: 'https://accounts.google.com/1098765',
    providerId: 'google.com',
    email: 'ada@example.com',
    idToken: ID_TOKEN,
    refreshToken: REFRESH_TOKEN,
    oauthIdToken: SIGNED_JWT,
    oauthAccessToken: OAUTH_ACCESS_TOKEN,
    oauthRefreshToken: OAUTH_REFRESH_TOKEN,
    mfaPendingCredential: MFA_PENDING_CREDENTIAL,
    pendingToken: OOB_CODE,
    expiresIn: '3600',
  };
}

/** Built as the SDK builds them: `new FirebaseError(code, message, customData)`. */
function firebaseError(code: string, customData: Record<string, unknown>): FirebaseError {
  return new FirebaseError(`auth/${code}`, `Firebase: Error (auth/${code}).`, {
    appName: '[DEFAULT]',
    ...customData,
  });
}

const credentialAlreadyInUse = firebaseError('credential-already-in-use', {
  email: 'ada@example.com',
  _tokenResponse: tokenResponse(),
});

const multiFactorRequired = firebaseError('multi-factor-auth-required', {
  operationType: 'signIn',
  // MultiFactorError keeps the server's answer under a name that says nothing about secrets.
  _serverResponse: { ...tokenResponse(), mfaInfo: [{ mfaEnrollmentId: 'enrolment-1' }] },
});

const wrapped = new Error('Could not link the guest', {
  cause: firebaseError('email-already-in-use', { _tokenResponse: tokenResponse() }),
});

const cyclic = firebaseError('internal-error', {
  serverResponse: { error: { message: `INVALID_ID_TOKEN: ${ID_TOKEN}` } },
});
(cyclic.customData as Record<string, unknown>).self = cyclic;

const withSecretsInText = new Error(
  `POST https://identitytoolkit.googleapis.com/v1/accounts:update?oobCode=${OOB_CODE} failed; Authorization: Bearer ${SIGNED_JWT}; refresh_token=${REFRESH_TOKEN}`,
);

const plainObject = {
  code: 'auth/network-request-failed',
  message: 'A network error occurred',
  request: { body: { id_token: ID_TOKEN, client_secret: CLIENT_SECRET, newPassword: PASSWORD } },
  tokens: new Map([['refresh', REFRESH_TOKEN]]),
  at: new Date(0),
  count: 10n,
};

const THROWN: ReadonlyArray<[string, unknown]> = [
  ['credential-already-in-use with _tokenResponse', credentialAlreadyInUse],
  ['multi-factor-auth-required with _serverResponse', multiFactorRequired],
  ['an Error whose cause is a FirebaseError', wrapped],
  ['a FirebaseError whose customData refers to itself', cyclic],
  ['an Error with tokens inside its message', withSecretsInText],
  ['a plain object with nested secrets, a map, a date and a bigint', plainObject],
  ['a string with a token in it', `session expired: ${ID_TOKEN}`],
];

describe('summarizeThrown', () => {
  it.each(THROWN)('%s: serialisable, and no secret survives anywhere', (_, thrown) => {
    const json = JSON.stringify(summarizeThrown(thrown));
    for (const secret of SECRETS) expect(json).not.toContain(secret);
    // Nor a recognisable piece of one.
    expect(json).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}/);
  });

  it("keeps what a log needs: the error's name, code and message, and harmless extras", () => {
    expect(summarizeThrown(credentialAlreadyInUse)).toMatchObject({
      name: 'FirebaseError',
      code: 'auth/credential-already-in-use',
      message: 'Firebase: Error (auth/credential-already-in-use).',
      customData: { appName: '[DEFAULT]', email: 'ada@example.com', _tokenResponse: REDACTED },
    });
    const multiFactor = summarizeThrown(multiFactorRequired) as unknown as {
      customData: { _serverResponse: Record<string, unknown> };
    };
    expect(multiFactor.customData._serverResponse).toMatchObject({
      providerId: 'google.com',
      expiresIn: '3600',
      mfaPendingCredential: REDACTED,
      oauthRefreshToken: REDACTED,
      mfaInfo: [{ mfaEnrollmentId: 'enrolment-1' }],
    });
    expect(summarizeThrown(wrapped)).toMatchObject({
      name: 'Error',
      message: 'Could not link the guest',
      cause: { name: 'FirebaseError', code: 'auth/email-already-in-use' },
    });
    expect(summarizeThrown(withSecretsInText).message).toBe(
      `POST https://identitytoolkit.googleapis.com/v1/accounts:update?oobCode=${REDACTED} failed; Authorization: Bearer ${REDACTED}; refresh_token=${REDACTED}`,
    );
    expect(summarizeThrown('plain words')).toEqual({ name: 'string', message: 'plain words' });
    expect(summarizeThrown(plainObject)).toMatchObject({
      code: 'auth/network-request-failed',
      at: '1970-01-01T00:00:00.000Z',
      count: '10',
    });
  });
});

describe('isSecretKey by shape', () => {
  it.each([
    'idToken',
    'id_token',
    'ID-TOKEN',
    'IDToken',
    'refresh_token',
    'oauthRefreshToken',
    'oauthTokenSecret',
    'mfaPendingCredential',
    'credentialJson',
    'stsTokenManager',
    '_tokenResponse',
    'client_secret',
    'newPassword',
    'current-password',
    'oobCode',
    'auth_code',
    'verificationCode',
    'Authorization',
    'tokens',
  ])('%s names a secret', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  it.each([
    'email',
    'uid',
    'code',
    'errorCode',
    'statusCode',
    'providerId',
    'passwordPolicy',
    'expiresIn',
    'message',
  ])('%s does not', (key) => {
    expect(isSecretKey(key)).toBe(false);
  });
});

describe('redactSecrets by shape', () => {
  it('redacts JWTs and long opaque tokens inside strings, and keeps ordinary text', () => {
    const copy = redactSecrets({
      note: `token ${ID_TOKEN} and code ${OOB_CODE}`,
      url: 'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
      uid: 'Yv3kP9qL2mN8vB4xC6zR1tY5uI0o',
      words: 'internationalization-and-localization-of-everything',
    });
    expect(copy).toEqual({
      note: `token ${REDACTED} and code ${REDACTED}`,
      url: 'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
      uid: 'Yv3kP9qL2mN8vB4xC6zR1tY5uI0o',
      words: 'internationalization-and-localization-of-everything',
    });
  });
});

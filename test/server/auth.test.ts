/**
 * Token verification against the real Auth Emulator, on both databases.
 *
 * What holds only in production: the emulator's tokens are unsigned and the Admin SDK in emulator
 * mode accepts unsigned tokens by design, so these tests can hand-edit claims (expiry, audience).
 * In production the RS256 signature check against Google's keys refuses every edited or forged
 * token first; the claim checks proven here (expiry, audience/issuer, revocation, disabled and
 * deleted users, the uid coming only from the token) hold in both.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GetProfileResponse } from '../../contract';
import { disposeTestAuths, untilTheNextSecond } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { accountSession, editedToken, guestSession, testAdminAuth } from './support/sessions';
import { validProfile } from './support/profiles';

describe.each(DATABASES)('authentication on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  it('answers /health without a token', async () => {
    const response = await call(app, 'GET', '/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('refuses a request with no token', async () => {
    const response = await call(app, 'GET', '/v1/profile');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('token-missing');
  });

  it.each([
    ['not a JWT', 'Bearer not-a-token'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a bearer with spaces', 'Bearer a b c'],
  ])('refuses a malformed token (%s)', async (_label, authorization) => {
    const response = await call(app, 'GET', '/v1/profile', { headers: { authorization } });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('token-invalid');
  });

  it('refuses an expired token', async () => {
    const { token } = await guestSession();
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const expired = editedToken(token, { iat: hourAgo - 60, exp: hourAgo });
    const response = await call(app, 'GET', '/v1/profile', { token: expired });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('token-expired');
  });

  it("refuses another project's token", async () => {
    const { token } = await guestSession();
    const other = editedToken(token, {
      aud: 'demo-other-project',
      iss: 'https://securetoken.google.com/demo-other-project',
    });
    const response = await call(app, 'GET', '/v1/profile', { token: other });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('token-wrong-project');
  });

  it('refuses a token issued before its refresh tokens were revoked', async () => {
    const { uid, token } = await accountSession();
    await untilTheNextSecond();
    await testAdminAuth().revokeRefreshTokens(uid);
    const response = await call(app, 'GET', '/v1/profile', { token });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('token-revoked');
  });

  it('refuses, on a route that checks every call, a token that was accepted before revocation', async () => {
    const { uid, token } = await accountSession();
    expect((await call(app, 'GET', '/v1/profile', { token })).statusCode).toBe(200);
    await untilTheNextSecond();
    await testAdminAuth().revokeRefreshTokens(uid);
    const response = await call(app, 'DELETE', '/v1/account', { token });
    expect(errorOf(response).code).toBe('token-revoked');
    expect((await testAdminAuth().getUser(uid)).uid).toBe(uid);
  });

  it('refuses a disabled user and a deleted user', async () => {
    const disabled = await accountSession();
    await testAdminAuth().updateUser(disabled.uid, { disabled: true });
    expect(errorOf(await call(app, 'GET', '/v1/profile', { token: disabled.token })).code).toBe(
      'user-disabled',
    );

    const deleted = await guestSession();
    await testAdminAuth().deleteUser(deleted.uid);
    expect(errorOf(await call(app, 'GET', '/v1/profile', { token: deleted.token })).code).toBe(
      'user-not-found',
    );
  });

  it("never reads or writes another user's data: the uid comes only from the token", async () => {
    const alice = await accountSession('alice');
    const bob = await guestSession();
    await call(app, 'PUT', '/v1/profile', {
      token: alice.token,
      body: validProfile({ targetRoles: ['Alice role'] }),
    });

    const bobView = await call(app, 'GET', '/v1/profile', { token: bob.token });
    expect(bobView.json<GetProfileResponse>()).toEqual({
      slot: 1,
      profile: null,
      cv: null,
      active: true,
    });

    const bobWrite = await call(app, 'PUT', '/v1/profile?uid=' + alice.uid, {
      token: bob.token,
      body: validProfile({ targetRoles: ['Bob role'] }),
    });
    expect(bobWrite.statusCode).toBe(200);
    const aliceView = (
      await call(app, 'GET', '/v1/profile', { token: alice.token })
    ).json<GetProfileResponse>();
    expect(aliceView.profile?.targetRoles).toEqual(['Alice role']);
    const bobAgain = (
      await call(app, 'GET', '/v1/profile', { token: bob.token })
    ).json<GetProfileResponse>();
    expect(bobAgain.profile?.targetRoles).toEqual(['Bob role']);
  });

  it('answers unknown routes with a JSON not-found error', async () => {
    const response = await call(app, 'GET', '/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not-found');
  });
});

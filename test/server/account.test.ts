import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityAdmin } from '../../server/auth/identityAdmin';
import { cvs, profiles } from '../../server/db/schema';
import { accountExists } from '../support/emulatorAdmin';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { multipartFile } from './support/cvFiles';
import { validProfile } from './support/profiles';
import { accountSession, sleep, testAdminAuth } from './support/sessions';

/** The real Admin SDK, except that deleting a user fails as if Auth were down. */
function failingAdmin(): IdentityAdmin {
  const real = testAdminAuth();
  return {
    verifyIdToken: (token, checkRevoked) => real.verifyIdToken(token, checkRevoked),
    deleteUser: () =>
      Promise.reject(Object.assign(new Error('Auth is down'), { code: 'auth/internal-error' })),
    deleteUsers: (uids) => real.deleteUsers(uids),
    listUsers: (max, pageToken) => real.listUsers(max, pageToken),
    getUsers: (ids) => real.getUsers(ids),
    revokeRefreshTokens: (uid) => real.revokeRefreshTokens(uid),
  };
}

describe.each(DATABASES)('deleting the account on %s', (database) => {
  let app: FastifyInstance;
  let strict: FastifyInstance;
  let failing: FastifyInstance;
  // All apps start before any Firebase traffic: starting PGlite mid-test can block the event loop
  // long enough for the emulator to close the SDK's idle keep-alive connection under it.
  beforeAll(async () => {
    app = await startBackend(database);
    strict = await startBackend(database, { recentLoginSeconds: 1 });
    failing = await startBackend(database, { admin: failingAdmin() });
  });
  afterAll(async () => {
    await Promise.all([app.close(), strict.close(), failing.close()]);
  });
  afterEach(disposeTestAuths);

  async function accountWithData(target: FastifyInstance = app) {
    const account = await accountSession('delete');
    await call(target, 'PUT', '/v1/profile', { token: account.token, body: validProfile() });
    const { payload, headers } = multipartFile('cv.txt', Buffer.from('Python'));
    await target.inject({
      method: 'PUT',
      url: '/v1/profile/cv',
      payload,
      headers: { ...headers, authorization: `Bearer ${account.token}` },
    });
    return account;
  }

  async function rowsOf(target: FastifyInstance, uid: string) {
    return [
      ...(await target.db.select().from(profiles).where(eq(profiles.uid, uid))),
      ...(await target.db.select().from(cvs).where(eq(cvs.uid, uid))),
    ];
  }

  it('deletes the data and the Firebase user, leaving nothing', async () => {
    const account = await accountWithData();
    expect(await rowsOf(app, account.uid)).toHaveLength(2);
    const response = await call(app, 'DELETE', '/v1/account', { token: account.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true });
    expect(await rowsOf(app, account.uid)).toEqual([]);
    expect(await accountExists(account.uid)).toBe(false);
  });

  it('needs a recent sign-in and keeps everything otherwise', async () => {
    const account = await accountWithData(strict);
    await sleep(2100);
    const response = await call(strict, 'DELETE', '/v1/account', { token: account.token });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('requires-recent-login');
    expect(await rowsOf(strict, account.uid)).toHaveLength(2);
    expect(await accountExists(account.uid)).toBe(true);
  });

  it('rolls the rows back when Firebase refuses to delete the user', async () => {
    const account = await accountWithData(failing);
    const response = await call(failing, 'DELETE', '/v1/account', { token: account.token });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response).code).toBe('account-deletion-failed');
    expect(await rowsOf(failing, account.uid)).toHaveLength(2);
    expect(await accountExists(account.uid)).toBe(true);
  });
});

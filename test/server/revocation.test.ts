/**
 * Tokens that outlive their user: after an account is deleted, or a guest's work is carried over
 * to an account, the user's ID tokens are refused at once, also by a backend process that verified
 * them before, and the user's live alert streams end.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityAdmin } from '../../server/auth/identityAdmin';
import { cvs, profiles } from '../../server/db/schema';
import { disposeTestAuths, untilTheNextSecond } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { multipartFile } from './support/cvFiles';
import { validProfile } from './support/profiles';
import { accountSession, guestSession, sleep, testAdminAuth } from './support/sessions';

function uploadCv(app: FastifyInstance, token: string) {
  const { payload, headers } = multipartFile('cv.txt', Buffer.from('Go, Kubernetes'));
  return app.inject({
    method: 'PUT',
    url: '/v1/profile/cv',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

/** Every way the token could still save or read a profile and a CV: each must be a 401. */
async function refusalsOf(app: FastifyInstance, token: string) {
  const answers = [
    await call(app, 'PUT', '/v1/profile', { token, body: validProfile() }),
    await uploadCv(app, token),
    await call(app, 'GET', '/v1/profile', { token }),
    await call(app, 'GET', '/v1/profiles', { token }),
  ];
  return answers.map((answer) => `${answer.statusCode} ${errorOf(answer).code}`);
}

const GONE = Array(4).fill('401 user-not-found');
/** Refused by Firebase itself first: the token left the cache, so it is verified again in full. */
const REVOKED = Array(4).fill('401 token-revoked');

async function rowsOf(app: FastifyInstance, uid: string) {
  return [
    ...(await app.db.select().from(profiles).where(eq(profiles.uid, uid))),
    ...(await app.db.select().from(cvs).where(eq(cvs.uid, uid))),
  ];
}

/** `GET /v1/alerts/stream` over HTTP; `ended` resolves when the server ends the body. */
async function openStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/v1/alerts/stream`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const body = response.body;
  if (!body) throw new Error('The stream has no body.');
  const reader = body.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected');
  const ended = (async () => {
    for (;;) if ((await reader.read()).done) return 'ended';
  })();
  return { ended, close: () => controller.abort() };
}

/** Whether `promise` settles within `ms` (a deadline: the stream is meant to end at once). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> {
  return Promise.race([promise, sleep(ms).then(() => 'still open' as const)]);
}

describe.each(DATABASES)('tokens that outlive their user on %s', (database) => {
  let app: FastifyInstance;
  let baseUrl: string;
  let failingDelete: FastifyInstance;
  const streams: Array<{ close(): void }> = [];
  beforeAll(async () => {
    app = await startBackend(database);
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const real = testAdminAuth();
    const admin: IdentityAdmin = {
      verifyIdToken: (token, checkRevoked) => real.verifyIdToken(token, checkRevoked),
      deleteUser: () => Promise.reject(Object.assign(new Error('down'), { code: 'auth/internal' })),
      deleteUsers: (uids) => real.deleteUsers(uids),
      listUsers: (max, pageToken) => real.listUsers(max, pageToken),
      getUsers: (ids) => real.getUsers(ids),
      revokeRefreshTokens: (uid) => real.revokeRefreshTokens(uid),
    };
    failingDelete = await startBackend(database, { admin });
  });
  afterAll(async () => {
    app.server.closeAllConnections();
    await Promise.all([app.close(), failingDelete.close()]);
  });
  afterEach(async () => {
    streams.splice(0).forEach((stream) => stream.close());
    await disposeTestAuths();
  });

  it("refuses a deleted account's token that was verified before, and ends its stream", async () => {
    const account = await accountSession('revoked');
    expect(
      (await call(app, 'PUT', '/v1/profile', { token: account.token, body: validProfile() }))
        .statusCode,
    ).toBe(200);
    const stream = await openStream(baseUrl, account.token);
    streams.push(stream);

    expect((await call(app, 'DELETE', '/v1/account', { token: account.token })).statusCode).toBe(
      200,
    );

    expect(await within(stream.ended, 5_000)).toBe('ended');
    expect(await refusalsOf(app, account.token)).toEqual(GONE);
    expect(await rowsOf(app, account.uid)).toEqual([]);
  });

  it("refuses a carried-over guest's token that was verified before, and ends its stream", async () => {
    const guest = await guestSession();
    expect(
      (await call(app, 'PUT', '/v1/profile', { token: guest.token, body: validProfile() }))
        .statusCode,
    ).toBe(200);
    const stream = await openStream(baseUrl, guest.token);
    streams.push(stream);
    const account = await accountSession('carrier');

    const carried = await call(app, 'POST', '/v1/carry-over', {
      token: account.token,
      body: { guestIdToken: guest.token, mode: 'replace' },
    });
    expect(carried.statusCode).toBe(200);

    expect(await within(stream.ended, 5_000)).toBe('ended');
    expect(await refusalsOf(app, guest.token)).toEqual(GONE);
    expect(await rowsOf(app, guest.uid)).toEqual([]);
    expect((await call(app, 'GET', '/v1/profile', { token: account.token })).statusCode).toBe(200);
  });

  it('revokes the refresh tokens of a carried-over guest whose user could not be deleted', async () => {
    const guest = await guestSession();
    expect(
      (await call(failingDelete, 'GET', '/v1/profile', { token: guest.token })).statusCode,
    ).toBe(200);
    const account = await accountSession('carrier');
    await untilTheNextSecond();
    const carried = await call(failingDelete, 'POST', '/v1/carry-over', {
      token: account.token,
      body: { guestIdToken: guest.token, mode: 'leave' },
    });
    expect(carried.statusCode).toBe(200);

    const user = await testAdminAuth().getUser(guest.uid);
    expect(Date.parse(user.tokensValidAfterTime ?? '')).toBeGreaterThan(
      Date.parse(user.metadata.creationTime),
    );
    expect(await refusalsOf(failingDelete, guest.token)).toEqual(REVOKED);
  });
});

describe('tokens that outlive their user, across backend processes on postgres', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await startBackend('postgres');
    second = await startBackend('postgres');
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });
  afterEach(disposeTestAuths);

  it('refuses on every process a token one process verified before another deleted its user', async () => {
    const account = await accountSession('revoked');
    expect((await call(second, 'GET', '/v1/profile', { token: account.token })).statusCode).toBe(
      200,
    );

    expect((await call(first, 'DELETE', '/v1/account', { token: account.token })).statusCode).toBe(
      200,
    );

    expect(await refusalsOf(second, account.token)).toEqual(GONE);
    expect(await rowsOf(second, account.uid)).toEqual([]);
  });
});

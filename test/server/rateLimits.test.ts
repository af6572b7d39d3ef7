import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { guestSession } from './support/sessions';

const GARBAGE = { authorization: 'Bearer garbage.garbage.garbage' };

function fromAddress(app: FastifyInstance, remoteAddress: string, headers = GARBAGE) {
  return app.inject({ method: 'GET', url: '/v1/profile', headers, remoteAddress });
}

/** A 429 as the README promises it: `Retry-After` in seconds and the `{code, message}` body. */
function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(errorOf(response)).toEqual({ code: 'rate-limited', message: expect.any(String) });
}

describe.each(DATABASES)('the limits before and after sign-in on %s', (database) => {
  let defaults: FastifyInstance;
  let strict: FastifyInstance;
  beforeAll(async () => {
    // The shipped limit before sign-in, and a small one that also limits verified users; on a
    // PostgreSQL server counted there, on PGlite in memory.
    const rateLimitStore = database === 'postgres' ? 'postgres' : 'memory';
    defaults = await startBackend(database, {
      config: {
        refusedTokensPerMinute: readServerConfig({}).refusedTokensPerMinute,
        rateLimitStore,
      },
    });
    strict = await startBackend(database, {
      config: { refusedTokensPerMinute: 3, rateLimitPerMinute: 3, rateLimitStore },
    });
  });
  afterAll(async () => {
    await Promise.all([defaults.close(), strict.close()]);
  });
  afterEach(disposeTestAuths);

  it('answers a flood of invalid tokens from one address with 429 once it passes the limit', async () => {
    const limit = readServerConfig({}).refusedTokensPerMinute;
    const statuses = new Map<number, number>();
    let last: LightMyRequestResponse | null = null;
    for (let i = 0; i < 1000; i += 1) {
      last = await fromAddress(defaults, '203.0.113.7');
      statuses.set(last.statusCode, (statuses.get(last.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: limit, 429: 1000 - limit });
    if (last === null) throw new Error('No request was sent.');
    expectRateLimited(last);
  });

  it('refuses a limited address before reading its token, and no other address', async () => {
    const session = await guestSession();
    const valid = { authorization: `Bearer ${session.token}` };
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await fromAddress(strict, '2001:db8::1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // A missing token counts as refused too; so does another address of the same /64.
    expectRateLimited(
      await strict.inject({ method: 'GET', url: '/v1/profile', remoteAddress: '2001:db8::2' }),
    );
    expectRateLimited(await fromAddress(strict, '2001:db8::3', valid));
    expect((await fromAddress(strict, '198.51.100.4', valid)).statusCode).toBe(200);
    expect((await fromAddress(strict, '198.51.100.5')).statusCode).toBe(401);
  });

  it('limits a verified user and an address without sign-in, each with Retry-After', async () => {
    const session = await guestSession();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await call(strict, 'GET', '/v1/profile', { token: session.token })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expectRateLimited(await call(strict, 'GET', '/v1/profile', { token: session.token }));

    const health = [];
    for (let i = 0; i < 3; i += 1) {
      health.push(
        (await strict.inject({ method: 'GET', url: '/health', remoteAddress: '192.0.2.9' }))
          .statusCode,
      );
    }
    expect(health).toEqual([200, 200, 200]);
    expectRateLimited(
      await strict.inject({ method: 'GET', url: '/health', remoteAddress: '192.0.2.9' }),
    );
  });
});

describe('where the limits count', () => {
  it('is memory unless RATE_LIMIT_STORE=postgres names a PostgreSQL server to count in', () => {
    expect(readServerConfig({}).rateLimitStore).toBe('memory');
    const url = 'postgres://127.0.0.1/applyfirst';
    expect(
      readServerConfig({ RATE_LIMIT_STORE: 'postgres', DATABASE_URL: url }).rateLimitStore,
    ).toBe('postgres');
    expect(() => readServerConfig({ RATE_LIMIT_STORE: 'postgres' })).toThrow(/DATABASE_URL/);
    expect(() => readServerConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/memory or postgres/);
  });
});

describe('the limits across backend processes on postgres', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    const config = {
      refusedTokensPerMinute: 3,
      rateLimitPerMinute: 3,
      rateLimitStore: 'postgres' as const,
    };
    first = await startBackend('postgres', { config });
    second = await startBackend('postgres', { config });
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });
  afterEach(disposeTestAuths);

  it('counts an address and a user once, whichever process answers', async () => {
    const refused = [first, second, first].map((app) => fromAddress(app, '203.0.113.77'));
    expect((await Promise.all(refused)).map((response) => response.statusCode)).toEqual([
      401, 401, 401,
    ]);
    expectRateLimited(await fromAddress(second, '203.0.113.77'));

    const session = await guestSession();
    const statuses = [];
    for (const app of [first, second, first, second]) {
      statuses.push((await call(app, 'GET', '/v1/profile', { token: session.token })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

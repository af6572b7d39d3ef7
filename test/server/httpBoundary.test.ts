import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, LogCapture, startBackend } from './support/backend';
import { multipartFile } from './support/cvFiles';
import { guestSession } from './support/sessions';

describe.each(DATABASES)('the HTTP boundary on %s', (database) => {
  const logs = new LogCapture();
  let app: FastifyInstance;
  let limited: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database, { logStream: logs });
    limited = await startBackend(database, { config: { rateLimitPerMinute: 3 } });
  });
  afterAll(async () => {
    await Promise.all([app.close(), limited.close()]);
  });
  afterEach(disposeTestAuths);

  it('allows cross-origin calls only from the configured sites', async () => {
    const preflight = (origin: string) =>
      call(app, 'OPTIONS', '/v1/profile', {
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight('http://127.0.0.1:5173');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect((await preflight('http://127.0.0.1:4173')).headers['access-control-allow-origin']).toBe(
      'http://127.0.0.1:4173',
    );

    const foreign = await preflight('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const foreignGet = await call(app, 'GET', '/health', {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreignGet.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight without an Origin with a JSON error', async () => {
    const response = await call(app, 'OPTIONS', '/v1/profile', {
      headers: { 'access-control-request-method': 'PUT' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'invalid-request',
      message: API_ERRORS['invalid-request'].message,
    });
  });

  it('marks every answer nosniff and not to be stored', async () => {
    const { token } = await guestSession();
    const answers = await Promise.all([
      call(app, 'GET', '/health'),
      call(app, 'GET', '/v1/profile', { token }),
      call(app, 'GET', '/v1/profiles', { token }),
      call(app, 'GET', '/v1/alerts', { token }),
      call(app, 'GET', '/v1/matches', { token }),
      call(app, 'GET', '/v1/plan', { token }),
      call(app, 'PUT', '/v1/profile', { token, body: { skills: 'none' } }),
      call(app, 'GET', '/v1/profile'),
      call(app, 'GET', '/v1/nothing-here', { token }),
      call(app, 'OPTIONS', '/v1/profile', {
        headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'PUT' },
      }),
      call(app, 'GET', '/v1/email/unsubscribe?token=forged'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 200, 200, 200, 200, 200, 400, 401, 404, 204, 400,
    ]);
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('limits requests per user, with a JSON error, and counts each user apart', async () => {
    const busy = await guestSession();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await call(limited, 'GET', '/v1/profile', { token: busy.token })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call(limited, 'GET', '/v1/profile', { token: busy.token });
    expect(errorOf(refused).code).toBe('rate-limited');

    const other = await guestSession();
    expect((await call(limited, 'GET', '/v1/profile', { token: other.token })).statusCode).toBe(
      200,
    );
  });

  it('logs requests without the token, bodies or CV text', async () => {
    const { token } = await guestSession();
    const secretText = 'Confidential-CV-line Kubernetes';
    const { payload, headers } = multipartFile('cv.txt', Buffer.from(secretText));
    const upload = await app.inject({
      method: 'PUT',
      url: '/v1/profile/cv',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(upload.statusCode).toBe(200);
    await call(app, 'PUT', '/v1/profile', { token, body: { secretField: 'Confidential-body' } });
    expect(logs.text).toContain('/v1/profile/cv');
    expect(logs.text).not.toContain(token);
    expect(logs.text).not.toContain('Confidential');
  });
});

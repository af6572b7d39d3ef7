import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PutCvResponse } from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, LogCapture, startBackend } from './support/backend';
import { multipartFile } from './support/cvFiles';
import { validProfile } from './support/profiles';
import { guestSession } from './support/sessions';

/** Query parameters that may carry a secret, spelled as clients spell them. */
const SECRET_PARAMETERS = [
  'token',
  'Token',
  'access_token',
  'id_token',
  'idToken',
  'refresh_token',
  'auth',
  'key',
  'KEY',
  'apiKey',
  'api_key',
  'code',
  'oobCode',
  'password',
  'client_secret',
];

describe.each(DATABASES)('what the logs hold on %s', (database) => {
  const logs = new LogCapture();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database, { logStream: logs });
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  /** Makes every write to `table` fail in the database, for the time of `run`. */
  async function withFailingWrites(table: 'profiles' | 'cvs', run: () => Promise<void>) {
    const constraint = sql.identifier(`forced_failure_${table}`);
    await app.db.execute(
      sql`alter table ${sql.identifier(table)} add constraint ${constraint} check (false) not valid`,
    );
    try {
      await run();
    } finally {
      await app.db.execute(sql`alter table ${sql.identifier(table)} drop constraint ${constraint}`);
    }
  }

  it('never holds profile values, CV text or the uid when the database fails', async () => {
    const marker = `Marker${randomUUID().replaceAll('-', '')}`;
    const { uid, token } = await guestSession();
    const profile = validProfile({
      targetRoles: [`${marker} role`],
      skills: [`${marker}skill`],
      where: { ...validProfile().where, usCities: [{ city: `${marker} city`, state: 'TX' }] },
    });
    const { payload, headers } = multipartFile(
      'cv.txt',
      Buffer.from(`Jane Doe\n${marker} Engineer\nKubernetes`),
    );
    const uploadCv = () =>
      app.inject({
        method: 'PUT',
        url: '/v1/profile/cv',
        payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });

    await withFailingWrites('cvs', async () => {
      const failed = await uploadCv();
      expect(failed.statusCode).toBe(500);
      expect(errorOf(failed).code).toBe('internal-error');
    });
    const stored = await uploadCv();
    expect(stored.statusCode).toBe(200);
    // The CV's proposals hold the marker too, so the logs are checked for them as well.
    expect(stored.json<PutCvResponse>().cv.proposals?.targetRoles).toEqual([`${marker} Engineer`]);
    await withFailingWrites('profiles', async () => {
      const failed = await call(app, 'PUT', '/v1/profile', { token, body: profile });
      expect(failed.statusCode).toBe(500);
    });
    const refused = await call(app, 'PUT', '/v1/profile', {
      token,
      body: { ...profile, skills: [`${marker}\u0000`] },
    });
    expect(refused.statusCode).toBe(400);

    const failures = logs.linesWith('request failed');
    expect(failures.map((line) => line.err)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: '23514', constraint: 'forced_failure_cvs', table: 'cvs' }),
        expect.objectContaining({
          code: '23514',
          constraint: 'forced_failure_profiles',
          table: 'profiles',
        }),
      ]),
    );
    expect(logs.text).not.toContain(marker);
    expect(logs.text).not.toContain(uid);
  });

  it('redacts every token-like query parameter in the logged URL', async () => {
    const secret = `Secret${randomUUID().replaceAll('-', '')}`;
    const query = SECRET_PARAMETERS.map((name) => `${name}=${secret}`).join('&');
    const response = await call(app, 'GET', `/v1/profile?slot=1&${query}#x`);
    expect(response.statusCode).toBe(401);
    expect(logs.text).toContain('/v1/profile?slot=1&');
    expect(logs.text).not.toContain(secret);
  });
});

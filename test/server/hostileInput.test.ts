import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cvs, profiles } from '../../server/db/schema';
import type { PutCvResponse, PutProfileResponse } from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { docxWithXmlLines, multipartFile } from './support/cvFiles';
import { validProfile } from './support/profiles';
import { guestSession } from './support/sessions';

const where = validProfile().where;

describe.each(DATABASES)('hostile input on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  async function storedProfiles(uid: string) {
    return app.db.select().from(profiles).where(eq(profiles.uid, uid));
  }

  async function storedCv(uid: string) {
    const [row] = await app.db.select().from(cvs).where(eq(cvs.uid, uid));
    return row;
  }

  function putCv(token: string, payload: Buffer, contentType: string) {
    return app.inject({
      method: 'PUT',
      url: '/v1/profile/cv',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    });
  }

  it.each([
    ['a NUL in a skill', validProfile({ skills: ['Java\u0000Script'] })],
    ['a NUL in a role', validProfile({ targetRoles: ['Engineer\u0000'] })],
    [
      'a NUL in a city',
      validProfile({ where: { ...where, usCities: [{ city: 'Aus\u0000tin', state: 'TX' }] } }),
    ],
    ['another control character in a role', validProfile({ targetRoles: ['Dev\u001bops'] })],
    ['a lone surrogate in a skill', validProfile({ skills: ['Rust\ud800'] })],
    ['a role of only a zero-width space', validProfile({ targetRoles: ['\u200b'] })],
    ['a skill of only a BOM and bidi overrides', validProfile({ skills: ['\ufeff\u202e\u202c'] })],
    [
      'a city of only invisible characters',
      validProfile({ where: { ...where, usCities: [{ city: '\u200b \u2066', state: 'TX' }] } }),
    ],
  ])('refuses %s with invalid-request and stores nothing', async (_label, body) => {
    const { uid, token } = await guestSession();
    const response = await call(app, 'PUT', '/v1/profile', { token, body });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'invalid-request',
      message: expect.any(String),
    });
    expect(await storedProfiles(uid)).toEqual([]);
  });

  it('stores text normalised (NFC) without invisible characters, tabs or line breaks', async () => {
    const { token } = await guestSession();
    const response = await call(app, 'PUT', '/v1/profile', {
      token,
      body: validProfile({
        targetRoles: ['\u200bCafe\u0301 \u202eManager\u202c\ufeff', 'Data\tEngineer\n'],
        skills: ['Go\u200b', 'Go'],
        where: { ...where, usCities: [{ city: 'San\u00a0Jose\u0301', state: 'CA' }] },
      }),
    });
    expect(response.statusCode).toBe(200);
    const { profile } = response.json<PutProfileResponse>();
    expect(profile.targetRoles).toEqual(['Caf\u00e9 Manager', 'Data Engineer']);
    expect(profile.skills).toEqual(['Go']);
    expect(profile.where.usCities).toEqual([{ city: 'San Jos\u00e9', state: 'CA' }]);
  });

  it('refuses a multipart body with no closing boundary, and random bytes, with a 400', async () => {
    const { uid, token } = await guestSession();
    const { payload, headers } = multipartFile('cv.txt', Buffer.from('Java developer'));
    const unclosed = payload.subarray(0, payload.lastIndexOf('\r\n--'));
    const truncated = await putCv(token, unclosed, headers['content-type'] ?? '');
    expect(truncated.statusCode).toBe(400);
    expect(errorOf(truncated)).toMatchObject({ code: 'invalid-request' });

    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    for (const contentType of [
      'multipart/form-data; boundary=----x',
      'multipart/form-data',
      'multipart/form-data; boundary=',
    ]) {
      const random = await putCv(token, noise, contentType);
      expect([400, 415]).toContain(random.statusCode);
      expect(errorOf(random)).toMatchObject({ message: expect.any(String) });
    }
    expect(await storedCv(uid)).toBeUndefined();
    // The server still answers after all of that.
    expect((await call(app, 'GET', '/v1/profile', { token })).statusCode).toBe(200);
  });

  it('stores a Word CV holding a NUL character reference without the NUL', async () => {
    const { uid, token } = await guestSession();
    const bytes = docxWithXmlLines(['Jane&#0; Doe &#x202E;Rust&#x202C;', 'Skills: Kubernetes']);
    const { payload, headers } = multipartFile('cv.docx', bytes);
    const response = await putCv(token, payload, headers['content-type'] ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json<PutCvResponse>().suggestedSkills).toContain('Kubernetes');
    const text = (await storedCv(uid))?.text ?? '';
    expect(text).toContain('Jane Doe Rust');
    for (const gone of ['\u0000', '\u202e', '\u202c']) expect(text).not.toContain(gone);
  });

  it('removes right-to-left overrides and invisible characters from a CV’s file name', async () => {
    const { token } = await guestSession();
    const { payload, headers } = multipartFile('cv\u202efdp.txt\u200b', Buffer.from('Java'));
    const response = await putCv(token, payload, headers['content-type'] ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json<PutCvResponse>().cv.fileName).toBe('cvfdp.txt');
  });

  it.each([
    ['1e20', '{"alertIds":[1e20]}'],
    ['2^63', '{"alertIds":[9223372036854775808]}'],
    ['2^53', '{"alertIds":[9007199254740993]}'],
    ['a fraction', '{"alertIds":[1.5]}'],
    ['zero', '{"alertIds":[0]}'],
  ])('refuses an alert id out of range (%s) with a 400', async (_label, body) => {
    const { token } = await guestSession();
    const response = await call(app, 'POST', '/v1/alerts/seen', {
      token,
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid-request' });
  });
});

import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../server/db/schema';
import type { GetProfileResponse, PutProfileResponse } from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { usdYear, validProfile } from './support/profiles';
import { guestSession } from './support/sessions';

describe.each(DATABASES)('the alert profile on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  async function storedRows(uid: string) {
    return app.db.select().from(profiles).where(eq(profiles.uid, uid));
  }

  it('answers nulls before anything is saved', async () => {
    const { token } = await guestSession();
    const response = await call(app, 'GET', '/v1/profile', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json<GetProfileResponse>()).toEqual({
      slot: 1,
      profile: null,
      cv: null,
      active: true,
    });
  });

  it('saves a profile with canonical skills, tidy lists and an update time, and reads it back', async () => {
    const { token } = await guestSession();
    const before = Date.now();
    const saved = await call(app, 'PUT', '/v1/profile', {
      token,
      body: validProfile({
        targetRoles: ['  Backend   Engineer ', 'backend engineer', 'SRE'],
        skills: ['JS', 'k8s', 'kubernetes', 'Underwater basket weaving'],
        minSalary: null,
        needsVisaSponsorship: true,
      }),
    });
    expect(saved.statusCode).toBe(200);
    const { profile } = saved.json<PutProfileResponse>();
    expect(profile.targetRoles).toEqual(['Backend Engineer', 'SRE']);
    expect(profile.skills).toEqual(['JavaScript', 'Kubernetes', 'Underwater basket weaving']);
    expect(profile.minSalary).toBeNull();
    expect(profile.needsVisaSponsorship).toBe(true);
    expect(Date.parse(profile.updatedAt)).toBeGreaterThanOrEqual(before - 1000);

    const read = await call(app, 'GET', '/v1/profile', { token });
    expect(read.json<GetProfileResponse>().profile).toEqual(profile);
  });

  it('replaces the whole profile on the next save', async () => {
    const { token } = await guestSession();
    await call(app, 'PUT', '/v1/profile', { token, body: validProfile() });
    const second = validProfile({
      targetRoles: ['Data Engineer'],
      where: { remoteUs: false, remoteWorldwide: true, usStates: [], usCities: [] },
      seniority: 'mid',
    });
    await call(app, 'PUT', '/v1/profile', { token, body: second });
    const { profile } = (
      await call(app, 'GET', '/v1/profile', { token })
    ).json<GetProfileResponse>();
    expect(profile).toMatchObject({
      targetRoles: ['Data Engineer'],
      where: second.where,
      seniority: 'mid',
    });
  });

  const longText = 'x'.repeat(101);
  const refusals: [string, unknown, string][] = [
    ['an unknown top-level field', { ...validProfile(), uid: 'someone-else' }, 'unknown-field'],
    [
      'an unknown nested field',
      validProfile({ where: { ...validProfile().where, moon: true } as never }),
      'unknown-field',
    ],
    [
      'a missing field',
      Object.fromEntries(Object.entries(validProfile()).filter(([key]) => key !== 'seniority')),
      'invalid-request',
    ],
    ['a string for a list', { ...validProfile(), skills: 'TypeScript' }, 'invalid-request'],
    ['a number as text', { ...validProfile(), minSalary: '150000' }, 'invalid-request'],
    ['a fractional salary', validProfile({ minSalary: usdYear(1000.5) }), 'invalid-request'],
    ['a negative salary', validProfile({ minSalary: usdYear(-1) }), 'invalid-request'],
    ['a salary of nothing', validProfile({ minSalary: usdYear(0) }), 'invalid-request'],
    ['a bare number for a salary', { ...validProfile(), minSalary: 150000 }, 'invalid-request'],
    [
      'a salary per week',
      { ...validProfile(), minSalary: { amount: 1, currency: 'USD', period: 'week' } },
      'invalid-request',
    ],
    [
      'a lower-case currency',
      validProfile({ minSalary: { ...usdYear(1), currency: 'usd' } }),
      'invalid-request',
    ],
    [
      'a currency that is none',
      validProfile({ minSalary: { ...usdYear(1), currency: 'ZZZ' } }),
      'currency-unknown',
    ],
    ['an unknown seniority', { ...validProfile(), seniority: 'wizard' }, 'invalid-request'],
    [
      'an unknown state',
      validProfile({ where: { ...validProfile().where, usStates: ['XX' as 'CA'] } }),
      'invalid-request',
    ],
    ['a blank role', validProfile({ targetRoles: ['   '] }), 'invalid-request'],
    ['an oversize role', validProfile({ targetRoles: [longText] }), 'value-too-long'],
    ['an oversize skill', validProfile({ skills: ['y'.repeat(61)] }), 'value-too-long'],
    [
      'too many skills',
      validProfile({ skills: Array.from({ length: 101 }, (_, i) => `skill ${i}`) }),
      'too-many-items',
    ],
    [
      'too many cities',
      validProfile({
        where: {
          ...validProfile().where,
          usCities: Array.from({ length: 51 }, (_, i) => ({ city: `C${i}`, state: 'TX' as const })),
        },
      }),
      'too-many-items',
    ],
  ];

  it.each(refusals)(
    'refuses %s with a clear code and stores nothing',
    async (_label, body, code) => {
      const { uid, token } = await guestSession();
      const response = await call(app, 'PUT', '/v1/profile', { token, body });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code, message: expect.any(String) });
      expect(await storedRows(uid)).toEqual([]);
    },
  );

  it('refuses a body that is not JSON, and one too large to read', async () => {
    const { uid, token } = await guestSession();
    const broken = await call(app, 'PUT', '/v1/profile', {
      token,
      body: '{"targetRoles": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).code).toBe('invalid-json');

    const huge = await call(app, 'PUT', '/v1/profile', {
      token,
      body: { ...validProfile(), padding: 'z'.repeat(100_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('payload-too-large');
    expect(await storedRows(uid)).toEqual([]);
  });
});

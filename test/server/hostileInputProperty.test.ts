import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, type ApiErrorCode } from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { DATABASES, startBackend } from './support/backend';
import { validProfile } from './support/profiles';
import { guestSession } from './support/sessions';

/**
 * Arbitrary strings, numbers and shapes at every route's body and query: never a 5xx, every JSON
 * refusal a `{ code, message }` of the catalogue, and the server still answers afterwards.
 */

const RUNS = 30;

/** Text of every kind: any code point, lone surrogates, and the characters that broke things. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) }),
  fc.string({
    unit: fc.constantFrom(
      '\u0000',
      '\u001b',
      '\u200b',
      '\u202e',
      '\ufeff',
      '\ud800',
      'a',
      ' ',
      '\u0301',
    ),
    maxLength: 12,
  }),
);

/** Numbers as JSON text: huge, negative, fractional, beyond 64 bits, and strings that look so. */
const hostileNumber = fc.oneof(
  fc.integer().map(String),
  fc.double().map((value) => JSON.stringify(value)),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.constantFrom('1e20', '9223372036854775808', '-1', '0', '0.5', '1e400', '-0', '"NaN"', '"1"'),
);

/** A JSON value as text, with hostile strings and numbers anywhere in it. */
const hostileJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText.map((text) => JSON.stringify(text)),
    hostileNumber,
    fc.constantFrom('null', 'true', 'false', '[]', '{}'),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(
        fc.tuple(fc.oneof(hostileText, fc.constantFrom('skills', '__proto__')), tie('value')),
        {
          maxLength: 4,
        },
      )
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

/** A profile with one field replaced by something hostile, so validation gets past the shape. */
const hostileProfile = fc
  .tuple(
    fc.constantFrom('targetRoles', 'skills', 'seniority', 'minSalary', 'where', 'city'),
    hostileText,
    hostileJson,
  )
  .map(([field, text, json]) => {
    const profile: Record<string, unknown> = { ...validProfile() };
    const marker = '"\u0001hostile\u0001"';
    if (field === 'targetRoles' || field === 'skills') profile[field] = [text, 'Go'];
    else if (field === 'city')
      profile.where = { ...validProfile().where, usCities: [{ city: text, state: 'TX' }] };
    else profile[field] = marker;
    return JSON.stringify(profile).replace(JSON.stringify(marker), json);
  });

/** Text as sent on the wire: every UTF-8 byte percent-encoded (a lone surrogate as U+FFFD). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** A query value as sent on the wire: UTF-8 percent-encoded, or raw broken escapes. */
const hostileQueryValue = fc.oneof(
  hostileText.map(percentEncoded),
  hostileNumber,
  fc.constantFrom('%', '%zz', '%ff%fe', '%00', '%c3%28', '', '1&slot=2', '%E2%80%AE'),
);

const hostileBytes = fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes));

function expectNoServerError(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode < 400) return;
  if (!String(response.headers['content-type']).startsWith('application/json')) {
    // Only the unsubscribe link answers a page; everything else answers JSON.
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    return;
  }
  const body = response.json<{ code: ApiErrorCode; message: string }>();
  expect(API_ERRORS[body.code]?.message).toBe(body.message);
}

describe.each(DATABASES)('hostile input at every route on %s', (database) => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await startBackend(database);
    token = (await guestSession()).token;
  });
  afterAll(async () => {
    await app.close();
    await disposeTestAuths();
  });

  const send = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: string | Buffer,
    contentType = 'application/json',
  ) =>
    app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload === undefined ? {} : { 'content-type': contentType }),
      },
      ...(payload === undefined ? {} : { payload }),
    });

  it.each([
    ['PUT', '/v1/profile'],
    ['POST', '/v1/alerts/seen'],
    ['POST', '/v1/carry-over'],
    ['POST', '/v1/webhooks/stripe'],
    ['POST', '/v1/email/unsubscribe?token=x'],
    ['POST', '/v1/profile/follows'],
    ['PUT', '/v1/profile/follows/mode'],
  ] as const)('answers %s %s a JSON body of any shape without a 5xx', async (method, url) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileJson, hostileProfile), async (body) => {
        expectNoServerError(await send(method, url, body));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers the alert ids and carry-over fields of any value without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileJson, { maxLength: 3 }), hostileJson, async (ids, value) => {
        expectNoServerError(
          await send('POST', '/v1/alerts/seen', `{"alertIds":[${ids.join(',')}]}`),
        );
        const carryOver = `{"guestIdToken":${value},"mode":${value}}`;
        expectNoServerError(await send('POST', '/v1/carry-over', carryOver));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers a careers page URL and a followed board of any text without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileJson, async (text, value) => {
        expectNoServerError(
          await send('POST', '/v1/profile/follows', JSON.stringify({ url: `https://${text}` })),
        );
        expectNoServerError(await send('POST', '/v1/profile/follows', `{"url":${value}}`));
        // Any text, then a malformed escape the router cannot decode.
        const segment = `${percentEncoded(text)}%E0%A4%A`;
        expectNoServerError(await send('DELETE', `/v1/profile/follows/${segment}/${segment}`));
        expectNoServerError(await send('DELETE', `/v1/profile/follows/lever/${segment}`));
      }),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['GET', '/v1/profile', 'slot'],
    ['PUT', '/v1/profile', 'slot'],
    ['DELETE', '/v1/profile', 'slot'],
    ['GET', '/v1/profiles', 'slot'],
    ['GET', '/v1/matches', 'slot'],
    ['DELETE', '/v1/profile/cv', 'slot'],
    ['GET', '/v1/profile/follows', 'slot'],
    ['GET', '/v1/alerts', 'limit'],
    ['GET', '/v1/plan', 'x'],
    ['GET', '/v1/email/unsubscribe', 'token'],
    ['POST', '/v1/email/resubscribe', 'token'],
  ] as const)('answers %s %s with any ?%s= without a 5xx', async (method, path, name) => {
    await fc.assert(
      fc.asyncProperty(hostileQueryValue, hostileQueryValue, async (value, other) => {
        const body = method === 'PUT' ? JSON.stringify(validProfile()) : undefined;
        expectNoServerError(await send(method, `${path}?${name}=${value}&${other}=${value}`, body));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers CV uploads of any bytes, content type and file name without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileBytes,
        hostileText,
        fc.constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/form-data; boundary=hostileBoundary',
          'multipart/mixed; boundary=hostileBoundary',
          'text/plain',
        ),
        fc.boolean(),
        async (bytes, fileName, contentType, wellFormed) => {
          const boundary = 'hostileBoundary';
          const payload = wellFormed
            ? Buffer.concat([
                Buffer.from(
                  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`,
                ),
                Buffer.from(fileName, 'utf8'),
                Buffer.from('"\r\nContent-Type: text/plain\r\n\r\n'),
                bytes,
                Buffer.from(`\r\n--${boundary}--\r\n`),
              ])
            : bytes;
          const type = wellFormed ? `multipart/form-data; boundary=${boundary}` : contentType;
          expectNoServerError(await send('PUT', '/v1/profile/cv', payload, type));
        },
      ),
      { numRuns: RUNS },
    );
    expect((await send('GET', '/health')).statusCode).toBe(200);
    expect((await send('GET', '/v1/profile')).statusCode).toBe(200);
  });
});

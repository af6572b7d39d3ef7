import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertEmailSettings, DEV_EMAIL_TOKEN_SECRET, readServerConfig } from '../../server/config';
import { alertEmailSettings } from '../../server/db/schema';
import {
  UNSUBSCRIBE_PATH,
  uidOfUnsubscribeToken,
  unsubscribeToken,
  unsubscribeUrl,
} from '../../server/email/unsubscribeToken';
import { call, DATABASES, LogCapture, startBackend } from './support/backend';
import { emailSettingsOf } from './support/alertEmails';

const SECRET = DEV_EMAIL_TOKEN_SECRET;

describe('unsubscribe tokens', () => {
  it('name the uid they were signed for, and nothing else passes', () => {
    const token = unsubscribeToken(SECRET, 'user-a');
    expect(uidOfUnsubscribeToken(SECRET, token)).toBe('user-a');
    const [version, , signature] = token.split('.');
    const otherUid = Buffer.from('user-b').toString('base64url');
    expect(uidOfUnsubscribeToken(SECRET, `${version}.${otherUid}.${signature}`)).toBeNull();
    expect(uidOfUnsubscribeToken('another-secret', token)).toBeNull();
    expect(uidOfUnsubscribeToken(SECRET, unsubscribeToken('another-secret', 'user-a'))).toBeNull();
    for (const broken of ['', 'u1', `${token}.x`, token.slice(0, -2), `u2${token.slice(2)}`]) {
      expect(uidOfUnsubscribeToken(SECRET, broken)).toBeNull();
    }
  });

  it('need a real secret with a real project, like the Stripe webhook', () => {
    const real = { FIREBASE_PROJECT_ID: 'applyfirst-prod', STRIPE_WEBHOOK_SECRET: 'whsec_real' };
    expect(() => assertEmailSettings(readServerConfig(real))).toThrow(/EMAIL_TOKEN_SECRET/);
    expect(() =>
      assertEmailSettings(
        readServerConfig({ ...real, EMAIL_TOKEN_SECRET: 'a-long-random-secret' }),
      ),
    ).not.toThrow();
    expect(() =>
      assertEmailSettings(
        readServerConfig({
          ...real,
          EMAIL_TOKEN_SECRET: 'a-long-random-secret',
          SMTP_URL: 'smtp://relay.example:587',
        }),
      ),
    ).toThrow(/SITE_URL, PUBLIC_BACKEND_URL/);
    expect(() => assertEmailSettings(readServerConfig({}))).not.toThrow();
  });
});

describe.each(DATABASES)('the unsubscribe link on %s', (database) => {
  const logs = new LogCapture();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database, { logStream: logs });
  });
  afterAll(() => app.close());

  const uid = () => `unsubscribe-${crypto.randomUUID()}`;
  const pathFor = (token: string) => `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

  function expectPage(response: LightMyRequestResponse, status: number, heading: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain(`<h1>${heading}</h1>`);
  }

  it('shows a page with a button on GET, and changes nothing (mail scanners open links)', async () => {
    const user = uid();
    const token = unsubscribeToken(SECRET, user);
    const page = await call(app, 'GET', pathFor(token));
    expectPage(page, 200, 'Unsubscribe from job alert e-mails?');
    expect(page.body).toContain(`<form method="post" action="?token=${token}">`);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await emailSettingsOf(app, user)).toBeNull();
  });

  it('unsubscribes on POST without signing in, once (a second POST keeps the first time)', async () => {
    const user = uid();
    const token = unsubscribeToken(SECRET, user);
    // As the page's button posts it.
    const done = await call(app, 'POST', pathFor(token), {
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectPage(done, 200, 'You are unsubscribed');
    const first = (await emailSettingsOf(app, user))?.unsubscribedAt;
    expect(first).toBeInstanceOf(Date);
    const again = await call(app, 'POST', pathFor(token));
    expectPage(again, 200, 'You are unsubscribed');
    expect((await emailSettingsOf(app, user))?.unsubscribedAt).toEqual(first);
  });

  it("takes a mail client's one-click POST (RFC 8058) to the e-mail's link", async () => {
    const user = uid();
    const link = new URL(unsubscribeUrl('http://127.0.0.1:8080', SECRET, user));
    const oneClick = await app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectPage(oneClick, 200, 'You are unsubscribed');
    expect((await emailSettingsOf(app, user))?.unsubscribedAt).toBeInstanceOf(Date);
    const multipart = await app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      payload:
        '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expectPage(multipart, 200, 'You are unsubscribed');
  });

  it('refuses a forged, altered or missing token with a clear page, and stores nothing', async () => {
    const victim = uid();
    const attacker = unsubscribeToken(SECRET, uid());
    const [version, , signature] = attacker.split('.');
    const forged = `${version}.${Buffer.from(victim).toString('base64url')}.${signature}`;
    const otherSecret = unsubscribeToken('not-the-secret', victim);
    for (const path of [
      pathFor(forged),
      pathFor(otherSecret),
      pathFor('nonsense'),
      UNSUBSCRIBE_PATH,
    ]) {
      expectPage(await call(app, 'GET', path), 400, 'This unsubscribe link does not work');
      expectPage(await call(app, 'POST', path), 400, 'This unsubscribe link does not work');
    }
    expect(
      await app.db.select().from(alertEmailSettings).where(eq(alertEmailSettings.uid, victim)),
    ).toEqual([]);
    expect(logs.linesWith('unsubscribe link refused').length).toBeGreaterThanOrEqual(8);
  });

  it('keeps the token out of the logs', async () => {
    const token = unsubscribeToken(SECRET, uid());
    await call(app, 'GET', pathFor(token));
    await call(app, 'POST', pathFor(token));
    const signature = token.split('.')[2] ?? '';
    expect(logs.text).toContain('token=[redacted]');
    expect(logs.text).not.toContain(signature);
  });
});

import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertEmailSettings, DEV_EMAIL_TOKEN_SECRET, readServerConfig } from '../../server/config';
import { alertEmailSettings } from '../../server/db/schema';
import {
  confirmPage,
  resubscribedPage,
  unsubscribedPage,
} from '../../server/email/unsubscribePages';
import {
  RESUBSCRIBE_PATH,
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

describe('unsubscribe pages', () => {
  it('escape what they show, the token in their forms too', () => {
    const hostile = '"><script>alert(1)</script><a href=\'x';
    for (const html of [
      confirmPage(hostile),
      unsubscribedPage(hostile),
      resubscribedPage(hostile, true),
      resubscribedPage(hostile, false),
    ]) {
      expect(html).not.toContain('<script>');
      expect(html).not.toContain("'x");
      expect(html).toMatch(
        /<form method="post" action="(un|re)subscribe\?token=%22%3E%3Cscript%3E/,
      );
    }
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
  const pathFor = (token: string, path = UNSUBSCRIBE_PATH) =>
    `${path}?token=${encodeURIComponent(token)}`;
  const formPosting = (path: 'unsubscribe' | 'resubscribe', token: string, button: string) =>
    `<form method="post" action="${path}?token=${token}"><button type="submit">${button}</button></form>`;

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
    expect(page.body).toContain(formPosting('unsubscribe', token, 'Unsubscribe'));
    expect(await emailSettingsOf(app, user)).toBeNull();
  });

  it('offers Resubscribe once unsubscribed, and resubscribes on POST without signing in', async () => {
    const user = uid();
    const token = unsubscribeToken(SECRET, user);
    const unsubscribed = await call(app, 'POST', pathFor(token));
    expectPage(unsubscribed, 200, 'You are unsubscribed');
    expect(unsubscribed.body).toContain(formPosting('resubscribe', token, 'Resubscribe'));
    // As that page's button posts it (its action resolves next to the unsubscribe path).
    expect(
      new URL(`resubscribe?token=${token}`, `http://backend${UNSUBSCRIBE_PATH}`).pathname,
    ).toBe(RESUBSCRIBE_PATH);
    const resubscribed = await call(app, 'POST', pathFor(token, RESUBSCRIBE_PATH), {
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectPage(resubscribed, 200, 'You are subscribed again');
    expect(resubscribed.body).toContain(formPosting('unsubscribe', token, 'Unsubscribe'));
    expect((await emailSettingsOf(app, user))?.unsubscribedAt).toBeNull();
    expect(logs.linesWith('alert e-mails resubscribed')).toContainEqual(
      expect.objectContaining({ uid: user, changed: true }),
    );
    // Again: nothing to change, and the page says so.
    const again = await call(app, 'POST', pathFor(token, RESUBSCRIBE_PATH));
    expectPage(again, 200, 'You are already subscribed');
    expect((await emailSettingsOf(app, user))?.unsubscribedAt).toBeNull();
    // And off again from there.
    expectPage(await call(app, 'POST', pathFor(token)), 200, 'You are unsubscribed');
    expect((await emailSettingsOf(app, user))?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('shows where the setting stands on GET, and changes nothing', async () => {
    const user = uid();
    const token = unsubscribeToken(SECRET, user);
    await call(app, 'POST', pathFor(token));
    const since = (await emailSettingsOf(app, user))?.unsubscribedAt;
    expect(since).toBeInstanceOf(Date);
    for (const path of [UNSUBSCRIBE_PATH, RESUBSCRIBE_PATH]) {
      const page = await call(app, 'GET', pathFor(token, path));
      expectPage(page, 200, 'You are unsubscribed');
      expect(page.body).toContain(formPosting('resubscribe', token, 'Resubscribe'));
    }
    expect((await emailSettingsOf(app, user))?.unsubscribedAt).toEqual(since);
    const never = uid();
    const fresh = await call(
      app,
      'GET',
      pathFor(unsubscribeToken(SECRET, never), RESUBSCRIBE_PATH),
    );
    expectPage(fresh, 200, 'Unsubscribe from job alert e-mails?');
    expect(await emailSettingsOf(app, never)).toBeNull();
  });

  it('resubscribes nobody with a forged, altered or missing token', async () => {
    const victim = uid();
    await call(app, 'POST', pathFor(unsubscribeToken(SECRET, victim)));
    const since = (await emailSettingsOf(app, victim))?.unsubscribedAt;
    expect(since).toBeInstanceOf(Date);
    const [version, , signature] = unsubscribeToken(SECRET, uid()).split('.');
    const forged = `${version}.${Buffer.from(victim).toString('base64url')}.${signature}`;
    for (const path of [
      pathFor(forged, RESUBSCRIBE_PATH),
      pathFor(unsubscribeToken('not-the-secret', victim), RESUBSCRIBE_PATH),
      pathFor('nonsense', RESUBSCRIBE_PATH),
      RESUBSCRIBE_PATH,
    ]) {
      expectPage(await call(app, 'POST', path), 400, 'This unsubscribe link does not work');
      expectPage(await call(app, 'GET', path), 400, 'This unsubscribe link does not work');
    }
    expect((await emailSettingsOf(app, victim))?.unsubscribedAt).toEqual(since);
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
    await call(app, 'POST', pathFor(token, RESUBSCRIBE_PATH));
    const signature = token.split('.')[2] ?? '';
    expect(logs.text).toContain('token=[redacted]');
    expect(logs.text).not.toContain(signature);
  });
});

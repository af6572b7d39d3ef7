import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { alertEmailSettings } from '../../server/db/schema';
import { startMailSink, type MailSink, type SinkMessage } from '../../dev/mailSink/mailSink';
import { disposeTestAuths } from '../support/emulatorAuth';
import { DATABASES, LogCapture, startBackend } from './support/backend';
import { alertUser, emailedAt, emailSettingsOf, eventually, newAlert } from './support/alertEmails';
import { guestSession, sleep } from './support/sessions';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DATABASES)('alert e-mails on %s', (database) => {
  const logs = new LogCapture();
  let sink: MailSink;
  let app: FastifyInstance;
  beforeAll(async () => {
    sink = await startMailSink({ httpPort: null });
    app = await startBackend(database, {
      config: { smtpUrl: sink.smtpUrl, mailFrom: 'ApplyFirst <alerts@test.example>' },
      logStream: logs,
    });
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });
  afterEach(disposeTestAuths);

  const mailTo = (email: string) =>
    sink.messages().filter((message) => message.envelope.to.includes(email));
  const firstMailTo = (email: string) =>
    eventually(() => mailTo(email)[0], 20_000, `an e-mail to ${email}`);
  /** The relay has it first, then the alert is marked. */
  const markedEmailed = (alertId: number) =>
    eventually(async () => (await emailedAt(app, alertId)) ?? undefined, 5_000, 'the mark');

  it('e-mails a Pro user with a verified address each new alert within seconds', async () => {
    const pro = await alertUser(app, { pro: true });
    const started = Date.now();
    const alertId = await newAlert(app, pro.uid, {
      posting: { title: 'Senior Backend Engineer', company: 'Realtimeco' },
    });
    const mail = await firstMailTo(pro.email);
    expect(Date.now() - started).toBeLessThan(10_000);

    expect(mail.envelope.from).toBe('alerts@test.example');
    expect(mail.subject).toMatch(/^New match: Senior Backend Engineer at Realtimeco \(\d+\/100\)$/);
    // The reasons and the missing skills as the matches answer scores them.
    expect(mail.text).toMatch(/It asks for \S+ of your skills: .*TypeScript/);
    expect(mail.text).toContain('Missing: Kubernetes');
    expect(mail.text).toContain('The title matches your target role "Backend Engineer".');
    expect(mail.text).toMatch(/Posted Nov 20, 2026, 10:00 AM UTC/);
    expect(mail.text).toMatch(/Apply: https:\/\/jobs\.example\.com\/mail-[^/]+\/[\w-]+/);
    expect(mail.text).toContain('All your matches: http://127.0.0.1:5173/matches');
    expect(mail.html).toContain('<h2 style="margin:16px 0 4px">Senior Backend Engineer</h2>');
    expect(mail.html).toContain('Missing: Kubernetes');
    expectUnsubscribeLink(mail);

    await markedEmailed(alertId);
    // Marked, then logged: the line may be a moment behind the mark.
    await eventually(
      () => logs.linesWith('alert e-mailed').find((line) => line.alertId === alertId),
      5_000,
      'the "alert e-mailed" line',
    );
  });

  it('sends a Free user nothing in real time, then one digest of the day', async () => {
    const free = await alertUser(app);
    const control = await alertUser(app, { pro: true });
    const first = await newAlert(app, free.uid, { posting: { title: 'Backend Engineer' } });
    const second = await newAlert(app, free.uid, { posting: { title: 'Staff Backend Engineer' } });
    const stale = await newAlert(app, free.uid, {
      posting: { title: 'Old Backend Engineer' },
      createdAt: new Date(Date.now() - 2 * DAY_MS),
    });
    await newAlert(app, control.uid);
    // The Pro user's e-mail went out, and a sweep ran since: the Free user's would have too.
    await firstMailTo(control.email);
    await app.alertEmails?.sweep();
    await sleep(1_000);
    expect(mailTo(free.email)).toEqual([]);
    expect(await emailedAt(app, first)).toBeNull();

    await app.alertEmails?.runDigest();
    const digest = await firstMailTo(free.email);
    expect(digest.subject).toBe('Your daily job matches: 2 new matches');
    expect(digest.text).toContain('Backend Engineer at Mailco');
    expect(digest.text).toContain('Staff Backend Engineer at Mailco');
    expect(digest.text).not.toContain('Old Backend Engineer');
    expectUnsubscribeLink(digest);
    await markedEmailed(first);
    expect(await emailedAt(app, second)).not.toBeNull();
    expect(await emailedAt(app, stale)).toBeNull();
    expect((await emailSettingsOf(app, free.uid))?.lastDigestAt).toBeInstanceOf(Date);

    // A second run the same day (a restart, the schedule twice) sends no second digest, even with
    // a new alert since: it waits for tomorrow's.
    await newAlert(app, free.uid, { posting: { title: 'Lead Backend Engineer' } });
    await app.alertEmails?.runDigest();
    const control2 = await alertUser(app, { pro: true });
    await newAlert(app, control2.uid);
    await firstMailTo(control2.email);
    await sleep(1_000);
    expect(mailTo(free.email)).toHaveLength(1);
  }, 60_000);

  it('e-mails no guest, no unverified address and no one unsubscribed', async () => {
    const unverified = await alertUser(app, { pro: true, verified: false });
    const unverifiedFree = await alertUser(app, { verified: false });
    const unsubscribed = await alertUser(app, { pro: true });
    await app.db
      .insert(alertEmailSettings)
      .values({ uid: unsubscribed.uid, unsubscribedAt: new Date() });
    const guest = await guestSession();
    const control = await alertUser(app, { pro: true });
    const silent = [
      await newAlert(app, unverified.uid),
      await newAlert(app, unverifiedFree.uid),
      await newAlert(app, unsubscribed.uid),
      await newAlert(app, guest.uid),
    ];
    await newAlert(app, control.uid);
    await app.alertEmails?.sweep();
    await app.alertEmails?.runDigest();
    await firstMailTo(control.email);
    await sleep(1_000);
    for (const email of [unverified.email, unverifiedFree.email, unsubscribed.email]) {
      expect(mailTo(email)).toEqual([]);
    }
    for (const alertId of silent) expect(await emailedAt(app, alertId)).toBeNull();
  });

  it('never sends an alert twice: events again and sweeps find it e-mailed', async () => {
    const pro = await alertUser(app, { pro: true });
    const alertId = await newAlert(app, pro.uid);
    await firstMailTo(pro.email);
    const marked = await markedEmailed(alertId);
    await app.alertEvents.publish({ uid: pro.uid, alertIds: [alertId] });
    await app.alertEmails?.sweep();
    // A second alert after those shows the queue ran past them.
    await newAlert(app, pro.uid, { posting: { title: 'Principal Backend Engineer' } });
    await eventually(
      () => (mailTo(pro.email).length >= 2 ? true : undefined),
      20_000,
      'the second',
    );
    await sleep(1_000);
    expect(mailTo(pro.email).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Senior Backend Engineer'),
      expect.stringContaining('Principal Backend Engineer'),
    ]);
    expect(await emailedAt(app, alertId)).toEqual(marked);
  });
});

describe.each(DATABASES)('alert e-mails when SMTP is down, on %s', (database) => {
  const logs = new LogCapture();
  let app: FastifyInstance;
  let sink: MailSink | null = null;
  let smtpPort = 0;
  beforeAll(async () => {
    // A port that was just free: nothing listens there until the test starts the sink on it.
    const probe = await startMailSink({ httpPort: null });
    smtpPort = Number(new URL(probe.smtpUrl).port);
    await probe.close();
    app = await startBackend(database, {
      config: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, emailRetryDelaySeconds: 1 },
      logStream: logs,
    });
  });
  afterAll(async () => {
    await app.close();
    await sink?.close();
  });
  afterEach(disposeTestAuths);

  it('keeps the alert unsent, logs each failure, tries again with back-off and delivers later', async () => {
    const pro = await alertUser(app, { pro: true });
    const alertId = await newAlert(app, pro.uid);
    const failures = () =>
      logs
        .linesWith('alert e-mail failed; the queue tries again later')
        .filter((line) => line.uid === pro.uid);
    // The same job's first two tries (a sweep may queue another job for the user meanwhile).
    const [first, second] = await eventually(
      () => {
        const lines = failures();
        const retried = lines.find((line) => line.attempt === 2);
        const tries = lines.filter((line) => line.jobId === retried?.jobId);
        return tries.length >= 2 ? tries : undefined;
      },
      30_000,
      `two failed tries of one job (${JSON.stringify(failures())})`,
    );
    expect(first).toMatchObject({ kind: 'realtime', attempt: 1, code: 'ESOCKET', level: 40 });
    expect(second).toMatchObject({ attempt: 2, retriesLeft: 49 });
    expect(Number(second?.time) - Number(first?.time)).toBeGreaterThanOrEqual(1_000);
    expect(await emailedAt(app, alertId)).toBeNull();
    // No address or message text in the log.
    expect(logs.text).not.toContain(pro.email);

    sink = await startMailSink({ smtpPort, httpPort: null });
    const delivered = await eventually(
      () => sink?.messages().find((mail) => mail.envelope.to.includes(pro.email)),
      60_000,
      'the e-mail once SMTP is back',
    );
    expect(delivered.subject).toContain('Senior Backend Engineer');
    await eventually(async () => (await emailedAt(app, alertId)) ?? undefined, 5_000, 'the mark');
    expect(sink.messages()).toHaveLength(1);
  }, 120_000);
});

/** Every e-mail carries a working unsubscribe link, in its text and as RFC 8058 headers. */
function expectUnsubscribeLink(mail: SinkMessage): void {
  const link =
    /Unsubscribe: (http:\/\/127\.0\.0\.1:8080\/v1\/email\/unsubscribe\?token=u1\.[\w-]+\.[\w-]+)/.exec(
      mail.text,
    )?.[1];
  expect(link).toBeDefined();
  expect(mail.headers['list-unsubscribe']).toBe(`<${link}>`);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
}

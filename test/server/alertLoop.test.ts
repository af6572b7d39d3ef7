import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AlertProfileInput } from '../../contract';
import { alerts } from '../../server/db/schema';
import { startMailSink, type MailSink } from '../../dev/mailSink/mailSink';
import { disposeTestAuths } from '../support/emulatorAuth';
import { alertUser, eventually } from './support/alertEmails';
import { FITS_THE_FRONTEND_ROLE } from './support/standInRoles';
import { call, DATABASES } from './support/backend';
import { startPollingBackend, type PollingBackend } from './support/pollingBackend';
import { validProfile } from './support/profiles';
import { sleep } from './support/sessions';

/** Fits none of the stand-in's generated roles: nothing it publishes is in Boise. */
const FITS_NOTHING_PUBLISHED: AlertProfileInput = validProfile({
  targetRoles: ['iOS Engineer'],
  skills: ['Swift'],
  where: {
    remoteUs: false,
    remoteWorldwide: false,
    usStates: [],
    usCities: [{ city: 'Boise', state: 'ID' }],
  },
});

/** The whole loop: the stand-in publishes, the poll stores it, alerts are made and e-mailed. */
describe.each(DATABASES)('a new posting, from the job board to the inbox, on %s', (database) => {
  let sink: MailSink;
  let loop: PollingBackend;
  let app: FastifyInstance;

  beforeAll(async () => {
    sink = await startMailSink({ httpPort: null });
    loop = await startPollingBackend(database, { smtpUrl: sink.smtpUrl });
    app = loop.app;
  });
  afterAll(async () => {
    await loop.close();
    await sink.close();
  });
  afterEach(disposeTestAuths);

  async function userWithProfile(profile: AlertProfileInput, pro: boolean) {
    const user = await alertUser(app, { pro });
    const saved = await call(app, 'PUT', '/v1/profile', { token: user.token, body: profile });
    expect(saved.statusCode, saved.body).toBe(200);
    return user;
  }

  const mailTo = (email: string) =>
    sink.messages().filter((message) => message.envelope.to.includes(email));
  const alertCount = async (uid: string) =>
    (await app.db.select({ jobId: alerts.jobId }).from(alerts).where(eq(alerts.uid, uid))).length;

  it("e-mails a fitting Pro user within 5 s, puts it in a fitting Free user's digest, and no one else's", async () => {
    const pro = await userWithProfile(FITS_THE_FRONTEND_ROLE, true);
    const free = await userWithProfile(FITS_THE_FRONTEND_ROLE, false);
    const unfit = await userWithProfile(FITS_NOTHING_PUBLISHED, true);

    const published = loop.publishTheFrontendRole();
    const started = Date.now();
    const mail = await eventually(() => mailTo(pro.email)[0], 5_000, 'the Pro user’s alert e-mail');
    console.info(`stand-in posting to a Pro user's inbox: ${Date.now() - started} ms`);
    expect(mail.subject).toContain(published.title);
    expect(mail.text).toContain(published.title);

    // The Free user has the alert (their page shows it) and no e-mail until the digest.
    await eventually(
      async () => ((await alertCount(free.uid)) === 1 ? true : undefined),
      5_000,
      'the Free user’s alert',
    );
    await sleep(1_000);
    expect(mailTo(free.email)).toEqual([]);
    await app.alertEmails?.runDigest();
    const digest = await eventually(() => mailTo(free.email)[0], 10_000, 'the digest');
    expect(digest.text).toContain(published.title);

    expect(await alertCount(unfit.uid)).toBe(0);
    expect(mailTo(unfit.email)).toEqual([]);
  }, 60_000);
});

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../server/db/notificationChannel';
import {
  ALERT_STREAMS_PER_USER,
  type GetAlertsResponse,
  type GetMatchesResponse,
  type MarkAlertsSeenResponse,
} from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import {
  alertsOf,
  insertAlert,
  openStream,
  ORIGIN,
  seekerWithJobs,
  until,
  type OpenStream,
} from './support/alertStreams';
import { call, DATABASES, errorOf, selectRows, startBackend } from './support/backend';
import { validProfile } from './support/profiles';
import { editedToken, guestSession, sleep, type TestSession } from './support/sessions';

describe.each(DATABASES)('alerts on %s', (database) => {
  let app: FastifyInstance;
  let baseUrl: string;
  const opened: OpenStream[] = [];
  const connected = async (token: string) => {
    const stream = await openStream(baseUrl, token);
    opened.push(stream);
    await until(() => stream.comments.some((comment) => comment.trim() === 'connected'));
    return stream;
  };

  beforeAll(async () => {
    app = await startBackend(database);
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    // The test's own fetch keeps spare sockets that never carried a request; the server would wait
    // for them (Node's idle clean-up does not count them) until its headers time-out.
    app.server.closeAllConnections();
    await app.close();
  });
  afterEach(async () => {
    opened.splice(0).forEach((stream) => stream.close());
    vi.restoreAllMocks();
    await disposeTestAuths();
  });

  it('needs a token for each alert route', async () => {
    for (const [method, url] of [
      ['GET', '/v1/alerts'],
      ['POST', '/v1/alerts/seen'],
      ['GET', '/v1/alerts/stream'],
    ] as const) {
      const response = await call(app, method, url);
      expect(response.statusCode, url).toBe(401);
      expect(errorOf(response).code).toBe('token-missing');
    }
  });

  it('lists the user’s alerts newest first, scored as matches, new until seen', async () => {
    const { session, jobIds } = await seekerWithJobs(app);
    const [olderJob = 0, newerJob = 0] = jobIds;
    const older = await insertAlert(app, session.uid, olderJob, new Date(Date.now() - 60_000));
    const newer = await insertAlert(app, session.uid, newerJob);

    const response = await call(app, 'GET', '/v1/alerts', { token: session.token });
    expect(response.statusCode).toBe(200);
    const body = response.json<GetAlertsResponse>();
    expect(body.profileMissing).toBe(false);
    expect(body.alerts.map((alert) => [alert.alertId, alert.jobId, alert.new])).toEqual([
      [newer, newerJob, true],
      [older, olderJob, true],
    ]);
    const [first] = body.alerts;
    expect(first).toMatchObject({ title: 'Senior Backend Engineer', company: 'Newer Co' });
    // The same match, reasons and all, as GET /v1/matches gives it.
    const matches = (
      await call(app, 'GET', '/v1/matches', { token: session.token })
    ).json<GetMatchesResponse>().matches;
    const { alertId, alertedAt, new: isNew, slot, ...match } = first!;
    expect([alertId, isNew, Number.isNaN(Date.parse(alertedAt)), slot]).toEqual([
      newer,
      true,
      false,
      1,
    ]);
    expect(matches.find((candidate) => candidate.jobId === newerJob)).toEqual(match);
    expect(first?.coveredSkills).toEqual(expect.arrayContaining(['TypeScript', 'PostgreSQL']));

    const limited = await call(app, 'GET', '/v1/alerts?limit=1', { token: session.token });
    expect(limited.json<GetAlertsResponse>().alerts.map((alert) => alert.alertId)).toEqual([newer]);
    for (const limit of ['0', '51', 'abc']) {
      const refused = await call(app, 'GET', `/v1/alerts?limit=${limit}`, { token: session.token });
      expect(refused.statusCode, limit).toBe(400);
      expect(errorOf(refused).code).toBe('invalid-request');
    }
  });

  it('answers profileMissing and nothing without a profile, and never another user’s alerts', async () => {
    const { session, jobIds } = await seekerWithJobs(app);
    await insertAlert(app, session.uid, jobIds[0] ?? 0);
    const stranger = await guestSession();
    const none = await call(app, 'GET', '/v1/alerts', { token: stranger.token });
    expect(none.json<GetAlertsResponse>()).toEqual({ profileMissing: true, alerts: [] });
    await call(app, 'PUT', '/v1/profile', { token: stranger.token, body: validProfile() });
    const own = await call(app, 'GET', '/v1/alerts', { token: stranger.token });
    expect(own.json<GetAlertsResponse>()).toEqual({ profileMissing: false, alerts: [] });
  });

  it('marks the given alerts seen, or all of them, and only the caller’s', async () => {
    const { session, jobIds } = await seekerWithJobs(app);
    const first = await insertAlert(app, session.uid, jobIds[0] ?? 0);
    const second = await insertAlert(app, session.uid, jobIds[1] ?? 0);
    const stranger = await guestSession();
    const seenBy = async (who: TestSession, body: unknown) => {
      const response = await call(app, 'POST', '/v1/alerts/seen', { token: who.token, body });
      expect(response.statusCode).toBe(200);
      return response.json<MarkAlertsSeenResponse>().marked;
    };
    const newIds = async () =>
      (await call(app, 'GET', '/v1/alerts', { token: session.token }))
        .json<GetAlertsResponse>()
        .alerts.filter((alert) => alert.new)
        .map((alert) => alert.alertId);

    expect(await seenBy(stranger, { alertIds: [first, second] })).toBe(0);
    expect(await seenBy(stranger, {})).toBe(0);
    expect(await newIds()).toEqual([second, first]);
    expect(await seenBy(session, { alertIds: [first] })).toBe(1);
    expect(await newIds()).toEqual([second]);
    expect(await seenBy(session, {})).toBe(1);
    expect(await newIds()).toEqual([]);
    expect(await seenBy(session, {})).toBe(0);

    const refused = await call(app, 'POST', '/v1/alerts/seen', {
      token: session.token,
      body: { alertIds: ['1'] },
    });
    expect(refused.statusCode).toBe(400);
    const unknown = await call(app, 'POST', '/v1/alerts/seen', {
      token: session.token,
      body: { all: true },
    });
    expect(errorOf(unknown).code).toBe('unknown-field');
  });

  it('streams an alert published after connecting, within 5 s, as the list gives it', async () => {
    const { session, jobIds } = await seekerWithJobs(app);
    const stream = await connected(session.token);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.response.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    const alertId = await insertAlert(app, session.uid, jobIds[1] ?? 0);
    const publishedAt = Date.now();
    await app.alertEvents.publish({ uid: session.uid, alertIds: [alertId] });
    await until(() => alertsOf(stream).length === 1, 5_000);
    expect(Date.now() - publishedAt).toBeLessThan(5_000);

    const listed = (await call(app, 'GET', '/v1/alerts', { token: session.token }))
      .json<GetAlertsResponse>()
      .alerts.find((alert) => alert.alertId === alertId);
    expect(alertsOf(stream)).toEqual([listed]);
    expect(stream.events[0]?.id).toBe(String(alertId));
  });

  it('resumes after the Last-Event-ID its client had: the alerts made since come first', async () => {
    const { session, jobIds } = await seekerWithJobs(app);
    const had = await insertAlert(app, session.uid, jobIds[0] ?? 0, new Date(Date.now() - 2_000));
    const missed = await insertAlert(app, session.uid, jobIds[1] ?? 0);
    const stream = await openStream(baseUrl, session.token, { 'Last-Event-ID': String(had) });
    opened.push(stream);
    await until(() => alertsOf(stream).length === 1);
    expect(alertsOf(stream).map((alert) => alert.alertId)).toEqual([missed]);
  });

  it('refuses a Last-Event-ID that is no alert id', async () => {
    const session = await guestSession();
    for (const lastEventId of ['abc', '-1', '1e20', '9223372036854775808']) {
      const response = await call(app, 'GET', '/v1/alerts/stream', {
        token: session.token,
        headers: { 'last-event-id': lastEventId },
      });
      expect(response.statusCode, lastEventId).toBe(400);
      expect(errorOf(response).code).toBe('invalid-request');
    }
  });

  it('sends an announcement’s alerts oldest first', async () => {
    const { session, jobIds } = await seekerWithJobs(app);
    const stream = await connected(session.token);
    const older = await insertAlert(app, session.uid, jobIds[0] ?? 0, new Date(Date.now() - 1_000));
    const newer = await insertAlert(app, session.uid, jobIds[1] ?? 0);
    await app.alertEvents.publish({ uid: session.uid, alertIds: [newer, older] });
    await until(() => alertsOf(stream).length === 2);
    expect(alertsOf(stream).map((alert) => alert.alertId)).toEqual([older, newer]);
  });

  it('never sends one user’s alert on another user’s stream', async () => {
    const alice = await seekerWithJobs(app);
    const bob = await seekerWithJobs(app);
    const aliceStream = await connected(alice.session.token);
    const bobStream = await connected(bob.session.token);
    const alertId = await insertAlert(app, alice.session.uid, alice.jobIds[0] ?? 0);

    await app.alertEvents.publish({ uid: alice.session.uid, alertIds: [alertId] });
    // Even an announcement naming Bob with Alice's alert: the rows are read as Bob's.
    await app.alertEvents.publish({ uid: bob.session.uid, alertIds: [alertId] });
    await until(() => alertsOf(aliceStream).length === 1);
    await sleep(300);
    expect(alertsOf(bobStream)).toEqual([]);
  });

  it('limits open streams per user, and a closed stream frees its place and its subscription', async () => {
    const { session } = await seekerWithJobs(app);
    const original = app.alertEvents.subscribeUser.bind(app.alertEvents);
    const unsubscribes: ReturnType<typeof vi.fn>[] = [];
    vi.spyOn(app.alertEvents, 'subscribeUser').mockImplementation((uid, listener) => {
      const unsubscribe = vi.fn(original(uid, listener));
      unsubscribes.push(unsubscribe);
      return unsubscribe;
    });
    const streams: OpenStream[] = [];
    for (let index = 0; index < ALERT_STREAMS_PER_USER; index += 1) {
      streams.push(await connected(session.token));
    }
    const refused = await fetch(`${baseUrl}/v1/alerts/stream`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('too-many-streams');
    // The refused stream never subscribed.
    expect(unsubscribes).toHaveLength(ALERT_STREAMS_PER_USER);
    // Another user is not limited by this one's streams.
    const other = await guestSession();
    expect((await connected(other.token)).response.status).toBe(200);

    streams[0]?.close();
    await until(() => unsubscribes[0]?.mock.calls.length === 1);
    expect(unsubscribes.slice(1).every((unsubscribe) => unsubscribe.mock.calls.length === 0)).toBe(
      true,
    );
    expect((await connected(session.token)).response.status).toBe(200);
  });

  it('ends the stream when its token expires', async () => {
    const { session } = await seekerWithJobs(app);
    const soon = Math.floor(Date.now() / 1000) + 2;
    const stream = await connected(editedToken(session.token, { exp: soon }));
    let endedAt = 0;
    void stream.ended.then(() => (endedAt = Date.now()));
    await until(() => endedAt > 0, 6_000);
    expect(endedAt).toBeGreaterThanOrEqual(soon * 1000 - 50);
  });
});

describe('the alert stream when the server closes', () => {
  it('ends the open streams so the server can stop', async () => {
    const app = await startBackend('pglite');
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const { token } = await guestSession();
    const stream = await openStream(baseUrl, token);
    expect(stream.response.status).toBe(200);
    const closed = app.close();
    // An open stream would hold the close for ever; a loaded machine closes PGlite in seconds.
    await expect(Promise.race([closed, sleep(20_000).then(() => 'hung')])).resolves.toBeUndefined();
    await stream.ended;
    await disposeTestAuths();
  });
});

describe('the alert stream when the database connection drops', () => {
  it('sends the alerts made while the channel was down once it is heard again', async () => {
    const app = await startBackend('postgres');
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const [{ database } = { database: '' }] = await selectRows<{ database: string }>(
      app.db,
      sql`select current_database() as database`,
    );
    const allowConnections = (allow: boolean) =>
      admin.query(`ALTER DATABASE ${admin.escapeIdentifier(database)} ALLOW_CONNECTIONS ${allow}`);
    try {
      const { session, jobIds } = await seekerWithJobs(app);
      const stream = await openStream(baseUrl, session.token);
      await until(() => stream.comments.some((comment) => comment.trim() === 'connected'));

      // The listening connection is cut, and cannot come back until the database allows it.
      await allowConnections(false);
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2',
        [LISTENER_APPLICATION_NAME, database],
      );
      // The alerts' channel and the revocations' each listen on a connection of their own.
      expect(rowCount).toBe(2);
      const alertId = await insertAlert(app, session.uid, jobIds[0] ?? 0);
      await app.alertEvents.publish({ uid: session.uid, alertIds: [alertId] });
      await sleep(1_000);
      expect(alertsOf(stream)).toEqual([]);

      await allowConnections(true);
      await until(() => alertsOf(stream).length === 1, 15_000);
      expect(alertsOf(stream)[0]?.alertId).toBe(alertId);
      stream.close();
    } finally {
      await allowConnections(true);
      await admin.end();
      await app.close();
      await disposeTestAuths();
    }
  }, 60_000);
});

import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { alerts } from '../../server/db/schema';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import {
  ALERT_STREAM_EVENT,
  ALERT_STREAMS_PER_USER,
  type AlertMatch,
  type GetAlertsResponse,
  type GetMatchesResponse,
  type MarkAlertsSeenResponse,
} from '../../src/backendApi';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { postingRecord, uniqueBoard } from './support/jobs';
import { validProfile } from './support/profiles';
import { editedToken, guestSession, sleep, type TestSession } from './support/sessions';

const ORIGIN = 'http://127.0.0.1:5173';

/** A seeker with a saved profile and two postings that fit it, not alerted yet. */
async function seekerWithJobs(app: FastifyInstance) {
  const session = await guestSession();
  await call(app, 'PUT', '/v1/profile', {
    token: session.token,
    body: validProfile({ minSalaryUsd: null }),
  });
  const board = uniqueBoard('greenhouse', 'alerts');
  const { newJobIds } = await ingestBoard(
    app.db,
    board,
    [
      postingRecord(board, { title: 'Senior Backend Engineer', company: 'Older Co' }),
      postingRecord(board, { title: 'Senior Backend Engineer', company: 'Newer Co' }),
    ],
    new Date(),
  );
  return { session, jobIds: newJobIds };
}

async function insertAlert(
  app: FastifyInstance,
  uid: string,
  jobId: number,
  createdAt = new Date(),
) {
  const [row] = await app.db
    .insert(alerts)
    .values({ uid, jobId, score: 80, createdAt })
    .returning({ id: alerts.id });
  if (!row) throw new Error('no alert row');
  return row.id;
}

interface OpenStream {
  response: Response;
  events: EventSourceMessage[];
  comments: string[];
  /** Resolves when the server ends the body. */
  ended: Promise<void>;
  close(): void;
}

/** `GET /v1/alerts/stream` over real HTTP, read as the browser client reads it. */
async function openStream(baseUrl: string, token: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/v1/alerts/stream`, {
    headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN },
    signal: controller.signal,
  });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (event) => events.push(event),
    onComment: (comment) => comments.push(comment),
  });
  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Aborted by close().
    }
  })();
  return { response, events, comments, ended, close: () => controller.abort() };
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Not within ${ms} ms.`);
    await sleep(20);
  }
}

const alertsOf = (stream: OpenStream) =>
  stream.events
    .filter((event) => event.event === ALERT_STREAM_EVENT)
    .map((event) => JSON.parse(event.data) as AlertMatch);

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
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    const alertId = await insertAlert(app, session.uid, jobIds[1] ?? 0);
    const publishedAt = Date.now();
    app.alertEvents.publish({ uid: session.uid, alertIds: [alertId] });
    await until(() => alertsOf(stream).length === 1, 5_000);
    expect(Date.now() - publishedAt).toBeLessThan(5_000);

    const listed = (await call(app, 'GET', '/v1/alerts', { token: session.token }))
      .json<GetAlertsResponse>()
      .alerts.find((alert) => alert.alertId === alertId);
    expect(alertsOf(stream)).toEqual([listed]);
    expect(stream.events[0]?.id).toBe(String(alertId));
  });

  it('sends an announcement’s alerts oldest first', async () => {
    const { session, jobIds } = await seekerWithJobs(app);
    const stream = await connected(session.token);
    const older = await insertAlert(app, session.uid, jobIds[0] ?? 0, new Date(Date.now() - 1_000));
    const newer = await insertAlert(app, session.uid, jobIds[1] ?? 0);
    app.alertEvents.publish({ uid: session.uid, alertIds: [newer, older] });
    await until(() => alertsOf(stream).length === 2);
    expect(alertsOf(stream).map((alert) => alert.alertId)).toEqual([older, newer]);
  });

  it('never sends one user’s alert on another user’s stream', async () => {
    const alice = await seekerWithJobs(app);
    const bob = await seekerWithJobs(app);
    const aliceStream = await connected(alice.session.token);
    const bobStream = await connected(bob.session.token);
    const alertId = await insertAlert(app, alice.session.uid, alice.jobIds[0] ?? 0);

    app.alertEvents.publish({ uid: alice.session.uid, alertIds: [alertId] });
    // Even an announcement naming Bob with Alice's alert: the rows are read as Bob's.
    app.alertEvents.publish({ uid: bob.session.uid, alertIds: [alertId] });
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

import type { PassThrough } from 'node:stream';
import {
  ALERT_STREAM_HEARTBEAT_MS,
  ALERT_STREAMS_PER_USER,
  ALERTS_DEFAULT_LIMIT,
  ALERTS_MAX_LIMIT,
  alertStreamHeadersSchema,
  alertStreamResponseSchema,
  getAlertsQuerySchema,
  getAlertsResponseSchema,
  markAlertsSeenRequestSchema,
  markAlertsSeenResponseSchema,
} from '../../contract';
import { ApiFailure } from '../apiFailure';
import { identityOf } from '../auth/authenticate';
import { withTimeLimit } from '../withTimeLimit';
import type { RoutePlugin } from '../routeDependencies';
import { openAlertStream } from './alertStream';
import { markAlertsSeen, newestAlertId, readAlerts } from './readAlerts';

const CLOSE_TIME_LIMIT_MS = 5_000;
/** Alerts a reconnecting stream sends at most from its Last-Event-ID (the page lists the rest). */
const CATCH_UP_LIMIT = 50;

function limitOf(query: { limit?: string }): number {
  if (query.limit === undefined) return ALERTS_DEFAULT_LIMIT;
  const limit = Number(query.limit);
  if (limit < 1 || limit > ALERTS_MAX_LIMIT) throw new ApiFailure('invalid-request');
  return limit;
}

/** The open live streams, per user: limited in number, ended when the server closes. */
function openStreams() {
  const byUser = new Map<string, Set<PassThrough>>();
  return {
    assertRoomFor(uid: string) {
      const open = byUser.get(uid)?.size ?? 0;
      if (open >= ALERT_STREAMS_PER_USER) throw new ApiFailure('too-many-streams');
    },
    add(uid: string, stream: PassThrough) {
      const streams = byUser.get(uid) ?? new Set<PassThrough>();
      streams.add(stream);
      byUser.set(uid, streams);
      stream.once('close', () => {
        streams.delete(stream);
        if (streams.size === 0) byUser.delete(uid);
      });
    },
    /** Ends every stream; resolves once all have closed (or after `ms`). */
    async endAll(ms: number) {
      const all = [...byUser.values()].flatMap((streams) => [...streams]);
      const closed = all.map((stream) => {
        const done = new Promise((resolve) => stream.once('close', resolve));
        stream.end();
        return done;
      });
      await withTimeLimit(Promise.all(closed), ms, 'Ending the alert streams').catch(() => {
        all.forEach((stream) => stream.destroy());
      });
    },
  };
}

export const alertRoutes: RoutePlugin = async (app, { deps }) => {
  const streams = openStreams();
  // A server waits for its open responses when it closes: a live stream would hold it forever.
  app.addHook('preClose', () => streams.endAll(CLOSE_TIME_LIMIT_MS));

  app.get(
    '/v1/alerts',
    {
      onRequest: deps.authenticators.standard,
      schema: { querystring: getAlertsQuerySchema, response: { 200: getAlertsResponseSchema } },
    },
    async (request) =>
      readAlerts(deps.db, identityOf(request).uid, { limit: limitOf(request.query) }),
  );

  app.post(
    '/v1/alerts/seen',
    {
      onRequest: deps.authenticators.standard,
      schema: {
        body: markAlertsSeenRequestSchema,
        response: { 200: markAlertsSeenResponseSchema },
      },
    },
    async (request) => {
      const { uid } = identityOf(request);
      // The body may be left out altogether: all of the user's alerts.
      const body = request.body as typeof request.body | undefined;
      return { marked: await markAlertsSeen(deps.db, uid, body?.alertIds) };
    },
  );

  // The answer is a stream, never serialised: the route keeps the default (untyped) reply.
  app.get<{ Headers: { 'last-event-id'?: string } }>(
    '/v1/alerts/stream',
    {
      onRequest: deps.authenticators.standard,
      schema: { headers: alertStreamHeadersSchema, response: { 200: alertStreamResponseSchema } },
    },
    async (request, reply) => {
      const { uid, expiresAt } = identityOf(request);
      streams.assertRoomFor(uid);
      const lastEventId = request.headers['last-event-id'];
      const stream = openAlertStream({
        subscribe: (listener) => deps.alertEvents.subscribeUser(uid, listener),
        readAlerts: async (alertIds) =>
          (await readAlerts(deps.db, uid, { limit: alertIds.length, alertIds })).alerts,
        subscribeResumed: (listener) => deps.alertEvents.subscribeResumed(listener),
        readAlertsAfter: async (afterId) =>
          (await readAlerts(deps.db, uid, { limit: CATCH_UP_LIMIT, afterId })).alerts,
        lastEventId: lastEventId === undefined ? null : Number(lastEventId),
        newestAlertId: () => newestAlertId(deps.db, uid),
        endsAtMs: expiresAt * 1000,
        subscribeUserGone: (end) => deps.revocations.subscribeUser(uid, end),
        heartbeatMs: ALERT_STREAM_HEARTBEAT_MS,
        log: request.log,
      });
      streams.add(uid, stream);
      return (
        reply
          .header('Content-Type', 'text/event-stream; charset=utf-8')
          .header('Cache-Control', 'no-store, no-transform')
          .header('X-Accel-Buffering', 'no')
          // The connection served only this answer: once it ends, the socket goes too (a server that
          // is closing would otherwise wait for the idle keep-alive).
          .header('Connection', 'close')
          .send(stream)
      );
    },
  );
};

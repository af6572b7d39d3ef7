import type { FastifyInstance } from 'fastify';
import type { PassThrough } from 'node:stream';
import {
  ALERT_STREAM_HEARTBEAT_MS,
  ALERT_STREAMS_PER_USER,
  ALERTS_DEFAULT_LIMIT,
  ALERTS_MAX_LIMIT,
  type GetAlertsResponse,
  type MarkAlertsSeenRequest,
  type MarkAlertsSeenResponse,
} from '../../contract';
import { ApiFailure } from '../apiFailure';
import { identityOf } from '../auth/authenticate';
import { withTimeLimit } from '../withTimeLimit';
import type { RouteDependencies } from '../routeDependencies';
import { openAlertStream } from './alertStream';
import { markAlertsSeen, newestAlertId, readAlerts } from './readAlerts';

const CLOSE_TIME_LIMIT_MS = 5_000;
/** Alerts a reconnecting stream sends at most from its Last-Event-ID (the page lists the rest). */
const CATCH_UP_LIMIT = 50;

/** A stream may resume after the last alert its client had (an id we sent: digits only). */
const streamHeadersSchema = {
  type: 'object',
  properties: { 'last-event-id': { type: 'string', pattern: '^[0-9]{1,15}$' } },
} as const;

const limitQuerySchema = {
  type: 'object',
  properties: { limit: { type: 'string', pattern: '^[0-9]{1,3}$' } },
  additionalProperties: false,
} as const;

const seenBodySchema = {
  type: 'object',
  properties: {
    alertIds: {
      type: 'array',
      maxItems: ALERTS_MAX_LIMIT,
      // Ids are bigint in the database, numbers here: beyond 2^53 they are no longer exact.
      items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    },
  },
  additionalProperties: false,
} as const;

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

export interface AlertRouteSettings {
  heartbeatMs: number;
}

export function registerAlertRoutes(
  app: FastifyInstance,
  deps: RouteDependencies,
  settings: AlertRouteSettings = { heartbeatMs: ALERT_STREAM_HEARTBEAT_MS },
): void {
  const streams = openStreams();
  // A server waits for its open responses when it closes: a live stream would hold it forever.
  app.addHook('preClose', () => streams.endAll(CLOSE_TIME_LIMIT_MS));

  app.get<{ Querystring: { limit?: string } }>(
    '/v1/alerts',
    { onRequest: deps.authenticators.standard, schema: { querystring: limitQuerySchema } },
    async (request) => {
      const body: GetAlertsResponse = await readAlerts(deps.db, identityOf(request).uid, {
        limit: limitOf(request.query),
      });
      return body;
    },
  );

  app.post<{ Body: MarkAlertsSeenRequest | undefined }>(
    '/v1/alerts/seen',
    { onRequest: deps.authenticators.standard, schema: { body: seenBodySchema } },
    async (request) => {
      const { uid } = identityOf(request);
      const marked = await markAlertsSeen(deps.db, uid, request.body?.alertIds);
      const body: MarkAlertsSeenResponse = { marked };
      return body;
    },
  );

  app.get<{ Headers: { 'last-event-id'?: string } }>(
    '/v1/alerts/stream',
    { onRequest: deps.authenticators.standard, schema: { headers: streamHeadersSchema } },
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
        heartbeatMs: settings.heartbeatMs,
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
}

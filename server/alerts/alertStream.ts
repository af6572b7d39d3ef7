import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ALERT_STREAM_EVENT, type AlertMatch } from '../../src/backendApi';
import { withTimeLimit } from '../withTimeLimit';
import type { AlertsListener } from './alertEvents';

/** How long reading just-announced alerts may take before the stream skips them. */
const READ_TIME_LIMIT_MS = 10_000;
/** Node's timers hold at most 2^31 - 1 ms; an ID token lives an hour. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface AlertStreamOptions {
  /** Listens to this user's new alerts; answers the unsubscribe. */
  subscribe: (listener: AlertsListener) => () => void;
  /** The alerts with these ids, as `GET /v1/alerts` answers them (newest first). */
  readAlerts: (alertIds: readonly number[]) => Promise<AlertMatch[]>;
  /** When the token the stream was opened with expires (ms since the epoch): the stream ends then. */
  endsAtMs: number;
  /** Calls `end` when the user is gone (account deleted, work carried over); answers unsubscribe. */
  subscribeUserGone: (end: () => void) => () => void;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

/** One Server-Sent Event: an alert as JSON (one line), its id the alert's. */
export function alertEventText(alert: AlertMatch): string {
  return `event: ${ALERT_STREAM_EVENT}\nid: ${alert.alertId}\ndata: ${JSON.stringify(alert)}\n\n`;
}

/**
 * A user's live alerts as a `text/event-stream` body: a comment at once (so the answer's headers go
 * out), each announced alert, a heartbeat comment every `heartbeatMs` (proxies drop silent
 * connections), and the end when the token expires or the user is gone. Closing it (the client
 * went, or `end()`) clears the timers and the subscriptions.
 */
export function openAlertStream(options: AlertStreamOptions): PassThrough {
  const stream = new PassThrough();
  // Alerts go out in the order they were announced, each announcement's oldest first.
  let sending = Promise.resolve();
  const unsubscribe = options.subscribe(({ alertIds }) => {
    sending = sending.then(async () => {
      try {
        const found = await withTimeLimit(
          options.readAlerts(alertIds),
          READ_TIME_LIMIT_MS,
          'Reading new alerts',
        );
        if (stream.writableEnded) return;
        for (const alert of [...found].reverse()) stream.write(alertEventText(alert));
      } catch (error) {
        options.log.warn({ err: error, alerts: alertIds.length }, 'alert stream read failed');
      }
    });
  });
  const heartbeat = setInterval(() => {
    if (!stream.writableEnded) stream.write(': heartbeat\n\n');
  }, options.heartbeatMs);
  const expiry = setTimeout(
    () => stream.end(),
    Math.min(MAX_TIMER_MS, Math.max(0, options.endsAtMs - Date.now())),
  );
  const unsubscribeGone = options.subscribeUserGone(() => stream.end());
  stream.once('close', () => {
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unsubscribe();
    unsubscribeGone();
  });
  stream.write(': connected\n\n');
  return stream;
}

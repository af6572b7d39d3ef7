import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ALERT_STREAM_EVENT, type AlertMatch } from '../../contract';
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
  /** Calls `listener` when announcements may have been missed (the channel was lost). */
  subscribeResumed: (listener: () => void) => () => void;
  /** The alerts made after this one, newest first (a bounded number). */
  readAlertsAfter: (alertId: number) => Promise<AlertMatch[]>;
  /**
   * The last alert the client has (its `Last-Event-ID`): those after it are sent first. Without
   * it, the stream starts from `newestAlertId()`.
   */
  lastEventId: number | null;
  newestAlertId: () => Promise<number>;
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
  // The newest alert sent (or the client had): a catch-up reads those after it. Announcements
  // arrive in commit order, not id order, so what was sent is also kept, to send each once.
  let lastSentId = options.lastEventId ?? 0;
  const sent = new Set<number>();
  // Alerts go out in the order they were announced, each announcement's oldest first.
  let sending = Promise.resolve();
  const sendRead = (what: string, read: () => Promise<AlertMatch[]>) => {
    sending = sending.then(async () => {
      try {
        const found = await withTimeLimit(read(), READ_TIME_LIMIT_MS, `Reading ${what}`);
        if (stream.writableEnded) return;
        for (const alert of [...found].reverse()) {
          if (sent.has(alert.alertId)) continue;
          sent.add(alert.alertId);
          stream.write(alertEventText(alert));
          lastSentId = Math.max(lastSentId, alert.alertId);
        }
      } catch (error) {
        options.log.warn({ err: error }, `alert stream: reading ${what} failed`);
      }
    });
  };
  const catchUp = () => sendRead('missed alerts', () => options.readAlertsAfter(lastSentId));
  if (options.lastEventId === null) {
    sending = options.newestAlertId().then(
      (newest) => {
        lastSentId = Math.max(lastSentId, newest);
      },
      (error: unknown) => options.log.warn({ err: error }, 'alert stream: no starting point'),
    );
  } else catchUp();
  const unsubscribe = options.subscribe(({ alertIds }) =>
    sendRead('new alerts', () => options.readAlerts(alertIds)),
  );
  const unsubscribeResumed = options.subscribeResumed(catchUp);
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
    unsubscribeResumed();
    unsubscribeGone();
  });
  stream.write(': connected\n\n');
  return stream;
}

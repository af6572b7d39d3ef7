import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseConnection, Transaction } from '../db/database';
import {
  listenToChannel,
  notifyChannel,
  type ChannelListener,
  type ListenOptions,
} from '../db/notificationChannel';

/** Alerts just stored for one user (ids of `alerts` rows), announced once their transaction committed. */
export interface AlertsCreated {
  readonly uid: string;
  readonly alertIds: readonly number[];
}

export type AlertsListener = (created: AlertsCreated) => void;

/**
 * Tells every backend process's listeners (the pages' live streams, the real-time e-mails) that
 * alerts were stored, through PostgreSQL's LISTEN/NOTIFY on one channel: a small message (the uid
 * and the alert ids), the rows staying the truth (listeners read them). The process that stores
 * an alert hears it the same way as the others, so there is one path, on PGlite as on a server.
 */
export interface AlertEvents {
  /** Announces `created` to every process; inside `within`, only once that transaction commits. */
  publish(created: AlertsCreated, within?: Transaction): Promise<void>;
  /** Calls `listener` for every user's new alerts; returns the unsubscribe. */
  subscribe(listener: AlertsListener): () => void;
  /** Calls `listener` for `uid`'s new alerts only; returns the unsubscribe. */
  subscribeUser(uid: string, listener: AlertsListener): () => void;
  /** Calls `listener` when the channel is heard again after it was lost (announcements were missed). */
  subscribeResumed(listener: () => void): () => void;
  /** Stops listening. */
  close(): Promise<void>;
}

export const ALERTS_CHANNEL = 'applyfirst_alerts';
/** NOTIFY takes payloads under 8,000 bytes; larger announcements go out in parts. */
const IDS_PER_MESSAGE = 200;

const ALL = 'alerts';
const RESUMED = 'resumed';
const userChannel = (uid: string) => `user:${uid}`;

/** A message read back from the channel, or null when it is not one of ours. */
function parseAnnouncement(payload: string): AlertsCreated | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const { uid, alertIds } = value as { uid?: unknown; alertIds?: unknown };
    if (typeof uid !== 'string' || !Array.isArray(alertIds)) return null;
    if (!alertIds.every((id) => Number.isSafeInteger(id))) return null;
    return { uid, alertIds: alertIds as number[] };
  } catch {
    return null;
  }
}

export interface AlertEventsOptions {
  db: Database;
  connection: DatabaseConnection;
  log: FastifyBaseLogger;
  listen?: ListenOptions;
}

export async function createAlertEvents(options: AlertEventsOptions): Promise<AlertEvents> {
  const { db, log } = options;
  const emitter = new EventEmitter();
  // One listener per open page: many pages is normal, not a leak.
  emitter.setMaxListeners(0);
  const on = <Args extends unknown[]>(channel: string, listener: (...args: Args) => void) => {
    emitter.on(channel, listener);
    return () => {
      emitter.off(channel, listener);
    };
  };
  const channel: ChannelListener = await listenToChannel(
    options.connection,
    ALERTS_CHANNEL,
    {
      message(payload) {
        const created = parseAnnouncement(payload);
        if (created === null) {
          log.warn('alert channel: a message that is not an announcement was ignored');
          return;
        }
        emitter.emit(ALL, created);
        emitter.emit(userChannel(created.uid), created);
      },
      resumed: () => emitter.emit(RESUMED),
    },
    log,
    options.listen,
  );
  return {
    async publish({ uid, alertIds }, within) {
      for (let start = 0; start < alertIds.length; start += IDS_PER_MESSAGE) {
        const part = { uid, alertIds: alertIds.slice(start, start + IDS_PER_MESSAGE) };
        await notifyChannel(within ?? db, ALERTS_CHANNEL, JSON.stringify(part));
      }
    },
    subscribe: (listener) => on(ALL, listener),
    subscribeUser: (uid, listener) => on(userChannel(uid), listener),
    subscribeResumed: (listener) => on(RESUMED, listener),
    close: () => channel.close(),
  };
}

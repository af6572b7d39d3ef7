import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseConnection, Transaction } from './database';
import { listenToChannel, notifyChannel, type ListenOptions } from './notificationChannel';

/** A message about one user. */
export interface UserMessage {
  readonly uid: string;
}

/**
 * Messages about users, heard by every backend process through one PostgreSQL LISTEN/NOTIFY
 * channel: the process that publishes hears its own message the same way as the others, so there
 * is one path, on PGlite as on a server. A message is small news; the rows stay the truth.
 */
export interface UserBroadcast<M extends UserMessage> {
  /** Sends `message` to every process; inside `within`, only once that transaction commits. */
  publish(message: M, within?: Transaction): Promise<void>;
  /** Calls `listener` with every message; returns the unsubscribe. */
  subscribe(listener: (message: M) => void): () => void;
  /** Calls `listener` with the messages about `uid`; returns the unsubscribe. */
  subscribeUser(uid: string, listener: (message: M) => void): () => void;
  /** Calls `listener` when the channel is heard again after it was lost (messages were missed). */
  subscribeResumed(listener: () => void): () => void;
  /** Stops listening. */
  close(): Promise<void>;
}

export interface UserBroadcastOptions<M extends UserMessage> {
  db: Database;
  connection: DatabaseConnection;
  log: FastifyBaseLogger;
  /** The PostgreSQL channel's name (lower case). */
  channel: string;
  /** The message read back from a payload, or null when it is not one. */
  parse: (value: unknown) => M | null;
  listen?: ListenOptions;
}

const ALL = 'all';
const RESUMED = 'resumed';
const userKey = (uid: string) => `user:${uid}`;

function readPayload<M>(payload: string, parse: (value: unknown) => M | null): M | null {
  try {
    return parse(JSON.parse(payload));
  } catch {
    return null;
  }
}

export async function openUserBroadcast<M extends UserMessage>(
  options: UserBroadcastOptions<M>,
): Promise<UserBroadcast<M>> {
  const { db, log, channel, parse } = options;
  const emitter = new EventEmitter();
  // One listener per open page or stream: many is normal, not a leak.
  emitter.setMaxListeners(0);
  const on = <Args extends unknown[]>(key: string, listener: (...args: Args) => void) => {
    emitter.on(key, listener);
    return () => {
      emitter.off(key, listener);
    };
  };
  const listener = await listenToChannel(
    options.connection,
    channel,
    {
      message(payload) {
        const message = readPayload(payload, parse);
        if (message === null) {
          log.warn({ channel }, 'a message of another shape was ignored');
          return;
        }
        emitter.emit(ALL, message);
        emitter.emit(userKey(message.uid), message);
      },
      resumed: () => emitter.emit(RESUMED),
    },
    log,
    options.listen,
  );
  return {
    publish: (message, within) => notifyChannel(within ?? db, channel, JSON.stringify(message)),
    subscribe: (next) => on(ALL, next),
    subscribeUser: (uid, next) => on(userKey(uid), next),
    subscribeResumed: (next) => on(RESUMED, next),
    close: () => listener.close(),
  };
}

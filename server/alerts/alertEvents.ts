import { EventEmitter } from 'node:events';

/** Alerts just stored for one user (ids of `alerts` rows), announced once their transaction committed. */
export interface AlertsCreated {
  readonly uid: string;
  readonly alertIds: readonly number[];
}

export type AlertsListener = (created: AlertsCreated) => void;

/**
 * Tells this process's listeners (the page's live stream, the real-time e-mails) that alerts were
 * stored. In-process: one backend instance. With several, a PostgreSQL LISTEN/NOTIFY channel would
 * carry the same message between them; the rows stay the truth either way (listeners read them).
 */
export interface AlertEvents {
  publish(created: AlertsCreated): void;
  /** Calls `listener` for every user's new alerts; returns the unsubscribe. */
  subscribe(listener: AlertsListener): () => void;
  /** Calls `listener` for `uid`'s new alerts only; returns the unsubscribe. */
  subscribeUser(uid: string, listener: AlertsListener): () => void;
}

const ALL = 'alerts';
const userChannel = (uid: string) => `user:${uid}`;

export function createAlertEvents(): AlertEvents {
  const emitter = new EventEmitter();
  // One listener per open page: many pages is normal, not a leak.
  emitter.setMaxListeners(0);
  const listen = (channel: string, listener: AlertsListener) => {
    emitter.on(channel, listener);
    return () => {
      emitter.off(channel, listener);
    };
  };
  return {
    publish(created) {
      emitter.emit(ALL, created);
      emitter.emit(userChannel(created.uid), created);
    },
    subscribe: (listener) => listen(ALL, listener),
    subscribeUser: (uid, listener) => listen(userChannel(uid), listener),
  };
}

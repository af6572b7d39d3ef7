import type { SessionUserEvent } from '../../machines/session/sessionTypes';
import type { SessionKind } from './sessionKindHint';
import { RESTORING_VIEW, type SessionView } from './restoringView';

export interface SessionStoreState {
  view: SessionView;
  /** The session kind this browser saw last time; only a guess until the session is restored. */
  kindHint: SessionKind | null;
}

/** The provider's external store: React reads it with `useSyncExternalStore`, the runtime writes it. */
export interface SessionStore {
  getState(): SessionStoreState;
  subscribe(listener: () => void): () => void;
  publish(view: SessionView): void;
  setKindHint(kind: SessionKind | null): void;
  send(event: SessionUserEvent): void;
  /** Where `send` goes; events sent while there is none (the runtime still loading) are dropped. */
  setSender(sender: ((event: SessionUserEvent) => void) | null): void;
}

/** What the server rendered and what hydration must see: a session not restored yet. */
export const INITIAL_SESSION_STATE: SessionStoreState = Object.freeze({
  view: RESTORING_VIEW,
  kindHint: null,
});

export function createSessionStore(): SessionStore {
  let state = INITIAL_SESSION_STATE;
  let sender: ((event: SessionUserEvent) => void) | null = null;
  const listeners = new Set<() => void>();

  function update(next: SessionStoreState): void {
    state = next;
    listeners.forEach((listener) => listener());
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(view) {
      if (view !== state.view) update({ ...state, view });
    },
    setKindHint(kindHint) {
      if (kindHint !== state.kindHint) update({ ...state, kindHint });
    },
    send(event) {
      sender?.(event);
    },
    setSender(next) {
      sender = next;
    },
  };
}

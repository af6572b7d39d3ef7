import type { SessionUserEvent } from '../../machines/session/sessionTypes';
import type { SessionView } from './restoringView';

/**
 * A running session as the provider sees it: views out, events in. The lazily loaded runtime
 * implements it around the actor, so nothing in the first page load needs xstate or Firebase.
 */
export interface SessionConnection {
  /** Starts the session; `onView` gets every view from then on, the current one first. */
  start(onView: (view: SessionView) => void): void;
  send(event: SessionUserEvent): void;
  stop(): void;
}

/** How the provider gets its connection: the browser runtime by default, fakes in tests. */
export type StartSession = () => SessionConnection | Promise<SessionConnection>;

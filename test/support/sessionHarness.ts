import type { Auth } from 'firebase/auth';
import { createActor, waitFor, type Actor, type SnapshotFrom } from 'xstate';
import {
  createSessionActors,
  type SessionActors,
} from '../../src/machines/session/firebase/sessionActors';
import { sessionMachine } from '../../src/machines/session/sessionMachine';
import type { SessionUser } from '../../src/machines/session/sessionTypes';
import type { SessionBackend } from '../../src/machines/session/sessionBackend';

/** Where the app is served in development; password-reset links lead back here. */
export const TEST_ORIGIN = 'http://127.0.0.1:5173';

export type SessionActor = Actor<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
/** A state the machine can be in, e.g. `'guest'` or `{ authenticated: 'idle' }`. */
export type SessionState = Parameters<SessionSnapshot['matches']>[0];

export interface RunningSession {
  actor: SessionActor;
  /** Every state value the machine went through, as JSON, in order (repeats collapsed). */
  visited: string[];
  /** Resolves with the snapshot once the machine is in `state` and `also` holds. */
  reach(
    state: SessionState,
    also?: (snapshot: SessionSnapshot) => boolean,
  ): Promise<SessionSnapshot>;
}

const running = new Set<SessionActor>();

/**
 * The real machine with the real Firebase service on `auth` (and the product backend when given);
 * `replace` swaps single actors.
 */
export function startSession(
  auth: Auth,
  replace: Partial<SessionActors> = {},
  backend?: SessionBackend,
): RunningSession {
  const options = { origin: TEST_ORIGIN, ...(backend ? { backend } : {}) };
  const actors = { ...createSessionActors(() => auth, options), ...replace };
  const actor = createActor(sessionMachine.provide({ actors }));
  const visited: string[] = [];
  actor.subscribe((snapshot) => {
    const value = JSON.stringify(snapshot.value);
    if (visited.at(-1) !== value) visited.push(value);
  });
  running.add(actor);
  actor.start();
  return {
    actor,
    visited,
    reach: (state, also = () => true) =>
      waitFor(actor, (snapshot) => snapshot.matches(state) && also(snapshot), {
        timeout: 10_000,
      }),
  };
}

/** For afterEach: stops every machine (and its auth watcher) startSession started. */
export function stopSessions(): void {
  for (const actor of running) actor.stop();
  running.clear();
}

/** The session's user now; a session with none fails the test. */
export function userOf(session: RunningSession): SessionUser {
  const { user } = session.actor.getSnapshot().context;
  if (!user) throw new Error('The machine has no user.');
  return user;
}

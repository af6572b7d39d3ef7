/**
 * The session runtime: loaded with a dynamic import after hydration, so xstate, the machine and
 * Firebase stay out of the first page load. Nothing in the entry graph may import this statically.
 */
import { createActor } from 'xstate';
import { config } from '../../config';
import { createBackendClient } from '../../machines/backend/backendClient';
import { earlyAnswers } from '../../machines/backend/earlyAnswers';
import {
  createBrowserSessionActors,
  createIdTokenSource,
} from '../../machines/session/firebase/browserAuth';
import { createMatchesActors, matchesMachine } from '../../machines/matches/matchesMachine';
import { createProfileActors, profileMachine } from '../../machines/profile/profileMachine';
import { sessionMachine } from '../../machines/session/sessionMachine';
import type { SessionActor } from './sessionActor';
import type { MatchesActor } from '../matches/matchesActor';
import type { ProfileActor } from '../profile/profileActor';

export async function startBrowserSession(): Promise<SessionActor> {
  // `import.meta.env.DEV` is false in production builds, so the inspector is not even bundled there.
  const inspect =
    import.meta.env.DEV && config.inspect
      ? (await import('../../machines/session/sessionInspector')).createSessionInspector()
      : undefined;
  return createActor(
    sessionMachine.provide({ actors: createBrowserSessionActors(config) }),
    inspect ? { inspect } : {},
  );
}

/** The profile machine for the session's user, calling the backend with that user's ID token. */
export function startBrowserProfile(): ProfileActor {
  return createActor(
    profileMachine.provide({ actors: createProfileActors(browserBackendClient()) }),
  );
}

/** The matches machine for the session's user, calling the backend with that user's ID token. */
export function startBrowserMatches(): MatchesActor {
  return createActor(
    matchesMachine.provide({ actors: createMatchesActors(browserBackendClient()) }),
  );
}

function browserBackendClient() {
  return createBackendClient({
    baseUrl: config.backendUrl,
    getIdToken: createIdTokenSource(config),
    early: earlyAnswers,
  });
}

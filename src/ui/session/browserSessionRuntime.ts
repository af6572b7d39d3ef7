/**
 * The session runtime: loaded with a dynamic import after hydration, so xstate, the machine and
 * Firebase stay out of the first page load. Nothing in the entry graph may import this statically.
 */
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
import { connectSessionActor } from './actorConnection';
import type { SessionConnection } from './sessionConnection';
import { connectMatchesActor } from '../matches/matchesActorConnection';
import type { MatchesConnection } from '../matches/matchesStore';
import { connectProfileActor } from '../profile/profileActorConnection';
import type { ProfileConnection } from '../profile/profileConnection';

export async function startBrowserSessionConnection(): Promise<SessionConnection> {
  // `import.meta.env.DEV` is false in production builds, so the inspector is not even bundled there.
  const inspect =
    import.meta.env.DEV && config.inspect
      ? (await import('../../machines/session/sessionInspector')).createSessionInspector()
      : undefined;
  return connectSessionActor(
    sessionMachine.provide({ actors: createBrowserSessionActors(config) }),
    inspect ? { inspect } : {},
  );
}

/** The profile machine for the session's user, calling the backend with that user's ID token. */
export function startBrowserProfileConnection(): ProfileConnection {
  return connectProfileActor(
    profileMachine.provide({ actors: createProfileActors(browserBackendClient()) }),
  );
}

/** The matches machine for the session's user, calling the backend with that user's ID token. */
export function startBrowserMatchesConnection(): MatchesConnection {
  return connectMatchesActor(
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

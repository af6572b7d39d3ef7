import type { SessionArgs } from '../../src/machines/session/sessionEvents';
import { SessionFailure } from '../../src/machines/session/sessionFailure';
import { INITIAL_SESSION_CONTEXT } from '../../src/machines/session/sessionMachine';
import type { SessionContext, SessionUser } from '../../src/machines/session/sessionTypes';
import type { ClientCode } from '../../src/machines/session/errorCatalogue';
import { googleSwitchCredential } from './sessionFixtures';

/** What a guard or an action of the session machine gets, for unit tests without a machine. */

export function contextWith(changes: Partial<SessionContext> = {}): SessionContext {
  return { ...INITIAL_SESSION_CONTEXT, ...changes };
}

/** The machine's own event that changes nothing by itself. */
export const retryEvent: SessionArgs['event'] = { type: 'RETRY' };

export function argsWith(
  changes: Partial<SessionContext> = {},
  event: SessionArgs['event'] = retryEvent,
): SessionArgs {
  return { context: contextWith(changes), event };
}

/** An invoked operation rejected with a failure of this code (with Google's credential if asked). */
export function failedWith(code: ClientCode, withCredential = false): SessionArgs['event'] {
  const failure = new SessionFailure(
    code,
    withCredential ? { switchCredential: googleSwitchCredential } : {},
  );
  return { type: 'xstate.error.actor.signIn', actorId: 'signIn', error: failure };
}

/** An invoked operation finished with this output. */
export function doneWith(output: unknown): SessionArgs['event'] {
  return { type: 'xstate.done.actor.signIn', actorId: 'signIn', output };
}

/** The SDK reported this user while an operation ran. */
export function deferred(user: SessionUser | null): Pick<SessionContext, 'deferredAuthChange'> {
  return { deferredAuthChange: { type: 'AUTH_CHANGED', user } };
}

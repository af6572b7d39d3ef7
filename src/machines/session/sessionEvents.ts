import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import { handlingOf, type ErrorHandling } from './errorCatalogue';
import { failureOf, type SessionFailure } from './sessionFailure';
import type { SessionContext, SessionEvent, SessionUser } from './sessionTypes';

/**
 * What a guard or an action of the session machine reads: its context, and the event being
 * handled, which besides the machine's own events can be an invoked actor's done or error event.
 */
export interface SessionArgs {
  context: SessionContext;
  event: SessionEvent | DoneActorEvent | ErrorActorEvent;
}

/** What an invoked actor rejected with, as a failure the catalogue knows. */
export function failureIn(event: SessionArgs['event']): SessionFailure {
  return failureOf('error' in event ? event.error : event);
}

/** Whether the catalogue handles the failure in `event` this way. */
export function handles(event: SessionArgs['event'], handling: ErrorHandling): boolean {
  return handlingOf(failureIn(event).code) === handling;
}

/** The same account in the same kind: a token refresh or a profile change, not another user. */
export function sameUser(a: SessionUser | null, b: SessionUser | null): boolean {
  return (
    a === b || (a !== null && b !== null && a.uid === b.uid && a.isAnonymous === b.isAnonymous)
  );
}

function isSessionUser(value: unknown): value is SessionUser {
  return typeof value === 'object' && value !== null && 'uid' in value && 'isAnonymous' in value;
}

/**
 * The user the SDK should hold once an operation settles with `event`, if nothing else happened
 * meanwhile: the user it produced, else the user it ran for. (A sign-out or a deletion expects
 * nobody: those settle through `followIfSignedInMeanwhile`.)
 */
export function expectedUserAfter({ context, event }: SessionArgs): SessionUser | null {
  if (!('output' in event)) return context.user;
  const { output } = event;
  if (isSessionUser(output)) return output;
  if (typeof output === 'object' && output !== null && 'user' in output) {
    return isSessionUser(output.user) ? output.user : null;
  }
  return context.user;
}

import {
  followIfRegisteredElsewhere,
  followIfSignedInMeanwhile,
  followIfSomeoneElse,
  followIfUserChanged,
} from './reconciliation';
import type { sessionSetup } from './sessionSetup';
import type { SessionOperation, SessionTag } from './sessionTypes';

/** The shapes `sessionSetup` accepts, so an operation's transitions are typed by its actor. */
type SessionStateConfig = Parameters<typeof sessionSetup.createStateConfig>[0];
type SessionInvoke = Extract<NonNullable<SessionStateConfig['invoke']>, { src: string }>;
/** An operation's name, which is also its actor's: renaming either alone fails to compile. */
type OperationActor = SessionOperation & SessionInvoke['src'];
type InvokeOf<TSrc extends OperationActor> = Extract<SessionInvoke, { src: TSrc }>;
type TransitionIn<T> = T extends readonly (infer E)[]
  ? TransitionIn<E>
  : Exclude<T, string | undefined>;
type DoneTransition<TSrc extends OperationActor> = TransitionIn<
  NonNullable<InvokeOf<TSrc>['onDone']>
>;
type ErrorTransition<TSrc extends OperationActor> = TransitionIn<
  NonNullable<InvokeOf<TSrc>['onError']>
>;
type CancelTransition = TransitionIn<NonNullable<NonNullable<SessionStateConfig['on']>['CANCEL']>>;

/** What an operation holds in the context for itself, dropped when a revoked session ends it. */
type Held = 'pendingOperation' | 'discardedGuest';
const CLEAR_HELD = {
  pendingOperation: 'clearPendingOperation',
  discardedGuest: 'clearDiscardedGuest',
} as const satisfies Record<Held, string>;

/** The actor's input, required where the actor takes one. */
type InputOf<TSrc extends OperationActor> = Pick<InvokeOf<TSrc>, 'input'>;

export type OperationParts<TSrc extends OperationActor> = InputOf<TSrc> & {
  description?: string;
  /** The operation's own outcomes, tried once no change of user is to be followed. */
  onDone?: readonly DoneTransition<TSrc>[];
  /** Its own failures, tried once no change of user is to be followed. */
  onError: readonly ErrorTransition<TSrc>[];
  /** Where Cancel leads, for an operation waiting on a person (a popup). */
  onCancel?: readonly CancelTransition[];
  /** Tags besides the operation's own and `busy`. */
  tags?: readonly SessionTag[];
  /**
   * The operation acts as the signed-in user, so an error saying the provider revoked the session
   * ends it (signing out, saying why) before any change of user is followed.
   */
  actsAsSignedInUser?: boolean;
  /** What the operation holds for itself: a revoked session drops it. */
  holds?: Held;
  /** It leaves nobody signed in (signing out, deleting): only someone signing in is followed. */
  endsSignedOut?: boolean;
  /**
   * It registers this guest (`registration` holds the address): another tab may register the same
   * guest first, which is followed as that account; following anyone else forgets the address.
   */
  registersGuest?: boolean;
};

/**
 * A state that runs one operation: the actor `src`, invoked under its own name (so the invoke id
 * is checked against the actors), tagged with it and `busy`. The cross-tab rule is written here
 * once. While the operation runs, AUTH_CHANGED is deferred, not applied: its own result or error
 * says what happened (a disabled user learns why). Every settle (and Cancel) then first follows a
 * user the operation did not produce, so the change is never lost, before its own outcome.
 */
export function operationState<TSrc extends OperationActor>(
  src: TSrc,
  parts: OperationParts<TSrc>,
) {
  const forget = parts.registersGuest ? (['clearRegistration'] as const) : ([] as const);
  const adopt = [...forget, 'adoptDeferredUser' as const];
  const followUserChanged = { ...followIfUserChanged, actions: adopt };
  const revoked = {
    guard: 'isSessionRevoked' as const,
    target: '#session.signingOut',
    actions: [...forget, ...(parts.holds ? [CLEAR_HELD[parts.holds]] : []), 'assignError' as const],
  };
  return {
    description: parts.description,
    entry: 'clearDeferredAuthChange' as const,
    tags: [src, 'busy' as const, ...(parts.tags ?? [])],
    on: {
      AUTH_CHANGED: { actions: 'deferAuthChange' as const },
      ...(parts.onCancel ? { CANCEL: [followUserChanged, ...parts.onCancel] } : {}),
    },
    invoke: {
      id: src,
      src,
      input: parts.input,
      onDone: parts.onDone && [
        parts.endsSignedOut ? followIfSignedInMeanwhile : followUserChanged,
        ...parts.onDone,
      ],
      onError: [
        ...(parts.registersGuest ? [followIfRegisteredElsewhere] : []),
        { ...followIfSomeoneElse, actions: adopt },
        ...(parts.actsAsSignedInUser ? [revoked] : []),
        followUserChanged,
        ...parts.onError,
      ],
    },
  };
}

import { getShortestPaths, type StatePath } from '@xstate/graph';
import type {
  AnyStateNode,
  AnyTransitionDefinition,
  EventFromLogic,
  SnapshotFrom,
  StateValue,
  StateValueFrom,
} from 'xstate';
import { declaredTransitionsOf, stateNodesOf } from '../../scripts/statechart/walk';
import { sessionMachine } from '../../src/machines/session/sessionMachine';
import type {
  SessionContext,
  SessionEvent,
  SessionUser,
} from '../../src/machines/session/sessionTypes';
import {
  googleOnlyUser as existingUser,
  googleSwitchCredential,
  guestUser,
  linkedUser,
  otherGuestUser,
  providerPolicy,
} from '../support/sessionFixtures';
import { failure, representativeFailures } from './sessionFailures';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
/** User events, AUTH_CHANGED, and the done/error events of invoked actors. */
export type ModelEvent = EventFromLogic<typeof sessionMachine>;
export type SessionPath = StatePath<SessionSnapshot, ModelEvent>;

/** Every dotted path of a nested state value: `a`, `a.b`, ... */
type StatePaths<Value> = Value extends string
  ? Value
  : { [Key in keyof Value & string]: Key | `${Key}.${StatePaths<Value[Key]>}` }[keyof Value &
      string];

/** A state's id as the graph names it (`session.authenticated.idle`): a rename fails to compile. */
export type SessionStateId =
  'session' | `session.${StatePaths<StateValueFrom<typeof sessionMachine>>}`;
/** Where a transition leads: a state, or nowhere (it keeps the state). */
export type SessionTarget = SessionStateId | '(no target)';

/** What the machine's setup names, as `sessionMachine.provide` types it. */
type SessionImplementations = NonNullable<Parameters<(typeof sessionMachine)['provide']>[0]>;
/** An invoked actor (each state invokes it under its source's name): a rename fails to compile. */
export type SessionActorId = keyof NonNullable<SessionImplementations['actors']> & string;
/** A guard as a transition id names it: the machine's guard, or a branch without a named one. */
export type SessionGuardLabel =
  (keyof NonNullable<SessionImplementations['guards']> & string) | 'otherwise' | 'inline guard';
/** A step's event: one the machine receives, or an invoked actor's outcome. */
export type SessionStepEventType =
  ModelEvent['type'] | `xstate.${'done' | 'error'}.actor.${SessionActorId}`;
/** A transition id's event: the event (or `always`), and the guard where it tells branches apart. */
type TransitionEvent =
  SessionStepEventType | 'always' | `${SessionStepEventType | 'always'} [${SessionGuardLabel}]`;
/**
 * `Id` when it names a transition in the machine's words (`source --EVENT [guard]--> target`, of
 * its states, events, actors and guards), else never: one union of every such id would be too
 * large for the compiler, so a table's keys are checked one by one (`transitionTable`).
 */
export type CheckedTransitionId<Id extends string> =
  Id extends `${infer Source} --${infer Event}--> ${infer Target}`
    ? [Source, Event, Target] extends [SessionStateId, TransitionEvent, SessionTarget]
      ? Id
      : never
    : never;

/** A table keyed by transition id, each key checked against the machine (a rename fails tsc). */
export function transitionTable<const Table extends Record<string, unknown>>(
  table: Table & {
    [Id in keyof Table & string]: [CheckedTransitionId<Id>] extends [never] ? never : Table[Id];
  },
): Readonly<Record<string, Table[keyof Table]>> {
  return table;
}

/** `{ authenticated: 'idle' }` -> `['session', 'session.authenticated', 'session.authenticated.idle']`. */
export function stateIds(value: StateValue, prefix = 'session'): string[] {
  if (typeof value === 'string') return [prefix, `${prefix}.${value}`];
  return [
    prefix,
    ...Object.entries(value).flatMap(([key, child]) =>
      child === undefined ? [] : stateIds(child, `${prefix}.${key}`),
    ),
  ];
}

const doneEvent = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as unknown as ModelEvent;
const errorEvent = (id: string, error: unknown) =>
  ({ type: `xstate.error.actor.${id}`, error, actorId: id }) as unknown as ModelEvent;

const credentials = { email: 'ada@example.com', password: 'correct horse battery' };

/** Every event a person can send, each once. */
export const userEvents: readonly SessionEvent[] = [
  { type: 'CREATE_ACCOUNT', ...credentials },
  { type: 'SIGN_IN', email: 'grace@example.com', password: 'her password' },
  { type: 'CONTINUE_WITH_GOOGLE' },
  { type: 'CANCEL' },
  { type: 'SEND_PASSWORD_RESET', email: 'ada@example.com' },
  { type: 'CONFIRM_PASSWORD_RESET', oobCode: 'oob-code', newPassword: 'a new password' },
  { type: 'SIGN_OUT' },
  { type: 'CHANGE_PASSWORD', newPassword: 'a new password' },
  { type: 'REAUTHENTICATE', password: 'correct horse battery' },
  { type: 'REAUTHENTICATE' },
  { type: 'REFRESH_SESSION' },
  { type: 'DELETE_ACCOUNT' },
  { type: 'RETRY' },
  { type: 'CARRY_OVER', mode: 'merge' },
  { type: 'CARRY_OVER', mode: 'leave' },
  { type: 'SEND_SIGN_IN_LINK', email: 'ada@example.com' },
  { type: 'COMPLETE_SIGN_IN_LINK', link: 'https://applyfirst.example/login?mode=signIn' },
  { type: 'SEND_EMAIL_VERIFICATION' },
  { type: 'APPLY_EMAIL_ACTION', oobCode: 'oob-code' },
  { type: 'CHANGE_EMAIL', newEmail: 'ada.new@example.com' },
  { type: 'USE_OWN_ADDRESS' },
];

/** What each invoked actor can realistically settle with, given the machine's context. */
function actorOutcomes(context: SessionContext): Record<string, unknown[]> {
  const current = context.user ?? linkedUser;
  // Signing in to an existing account replaces the guest, which saved something or nothing.
  const guest = context.user?.isAnonymous ? context.user : null;
  const signedIn = guest
    ? (['none', 'some'] as const).map((work) => ({
        user: existingUser,
        discardedGuest: { uid: guest.uid, idToken: 'guest-id-token', work },
      }))
    : [{ user: existingUser, discardedGuest: null }];
  return {
    restoreSession: [
      { user: null, redirectError: null },
      { user: guestUser, redirectError: null },
      { user: linkedUser, redirectError: null },
      {
        user: guestUser,
        redirectError: failure('credential-already-in-use', googleSwitchCredential),
      },
      { user: guestUser, redirectError: failure('network-request-failed') },
    ],
    startGuest: [guestUser],
    createAccount: [true, false].map((verificationSent) => ({
      user: { ...current, ...linkedUser },
      verificationSent,
    })),
    signIn: signedIn,
    continueWithGoogle: [{ ...linkedUser, providerIds: ['google.com'] }],
    redirectToGoogle: [],
    switchAccount: signedIn,
    signOut: [undefined],
    sendPasswordReset: [undefined],
    confirmPasswordReset: [undefined],
    changePassword: [undefined],
    // Both read the SDK's current user, which another tab may have replaced with a guest.
    reauthenticate: [
      { ...current, lastSignInTime: 'Sat, 21 Nov 2026 09:30:00 GMT' },
      otherGuestUser,
    ],
    refreshSession: [{ ...current, emailVerified: true }, otherGuestUser],
    deleteAccount: [undefined],
    sendSignInLink: [undefined],
    // Linked to the guest (same uid), or signed in to the address's existing account.
    completeSignInLink: [
      ...(guest
        ? [{ user: { ...guest, ...linkedUser, uid: guest.uid }, discardedGuest: null }]
        : []),
      ...signedIn,
    ],
    sendEmailVerification: [undefined],
    changeEmail: [undefined],
    // The user read back: the same one reloaded, nobody when an address change ended the
    // session, or a guest another tab started meanwhile.
    applyEmailAction: (['verifyEmail', 'verifyAndChangeEmail', 'recoverEmail'] as const).flatMap(
      (action) => [
        { action, user: context.user && { ...context.user, emailVerified: true } },
        { action, user: null },
        { action, user: otherGuestUser },
      ],
    ),
    carryOver: (['merge', 'leave'] as const).map((mode) => ({
      mode,
      carriedProfile: mode !== 'leave',
      carriedCv: false,
      completedAt: '2026-11-23T01:00:00.000Z',
    })),
  };
}

/** Every event worth trying in a snapshot; the traversal keeps those that enable a transition. */
function candidateEvents(snapshot: SessionSnapshot): ModelEvent[] {
  const { context } = snapshot;
  const settlements = Object.entries(actorOutcomes(context)).flatMap(([id, outputs]) => [
    ...outputs.map((output) => doneEvent(id, output)),
    ...representativeFailures.map((error) => errorEvent(id, error)),
  ]);
  // While a guest is being registered here, another tab may register that very guest.
  const registeredElsewhere =
    snapshot.matches('linking') && context.user?.isAnonymous
      ? [{ ...linkedUser, uid: context.user.uid, email: 'other-tab@example.com' }]
      : [];
  const authChanges: SessionEvent[] = [
    null,
    context.user,
    otherGuestUser,
    existingUser,
    ...registeredElsewhere,
  ].map((user) => ({ type: 'AUTH_CHANGED', user }));
  const dismiss: SessionEvent[] = context.error || context.notice ? [{ type: 'DISMISS' }] : [];
  // The policy is handled the same in every state; offering it everywhere would only repeat them.
  const policy: SessionEvent[] = snapshot.matches('restoring')
    ? [
        { type: 'PASSWORD_POLICY_NEEDED' },
        { type: 'PASSWORD_POLICY_LOADED', policy: providerPolicy },
      ]
    : [];
  return [...userEvents, ...authChanges, ...dismiss, ...policy, ...settlements];
}

export function takenTransitions(
  snapshot: SessionSnapshot,
  event: ModelEvent,
): AnyTransitionDefinition[] {
  return sessionMachine.getTransitionData(snapshot, event);
}

function targetOf(transition: AnyTransitionDefinition): string | null {
  return transition.target?.map((node) => node.id).join(',') ?? null;
}

function guardName(transition: AnyTransitionDefinition): string {
  const { guard } = transition;
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return guard ? 'inline guard' : 'otherwise';
}

/** A declared transition by what it means, never by its position among its event's branches. */
export interface TransitionMeaning {
  /** `source --EVENT--> target`, with `[guard]` after the event where two branches share both. */
  id: string;
  source: string;
  eventType: string;
  /** The target state's id, or null for a transition that stays (actions only). */
  target: string | null;
  /** The guard's name, only where another branch of the event has the same target. */
  guard: string | null;
}

export function transitionMeaning(transition: AnyTransitionDefinition): TransitionMeaning {
  const source: AnyStateNode = transition.source;
  const siblings =
    transition.eventType === '' ? source.always : source.transitions.get(transition.eventType);
  const target = targetOf(transition);
  const shared = (siblings ?? []).filter((sibling) => targetOf(sibling) === target).length > 1;
  const guard = shared ? guardName(transition) : null;
  const eventType = transition.eventType || 'always';
  return {
    id: `${source.id} --${eventType}${guard ? ` [${guard}]` : ''}--> ${target ?? '(no target)'}`,
    source: source.id,
    eventType,
    target,
    guard,
  };
}

export function transitionId(transition: AnyTransitionDefinition): string {
  return transitionMeaning(transition).id;
}

/** Every transition the statechart declares, including each guarded branch and `always`. */
export function declaredTransitions(): string[] {
  return declaredTransitionsOf(sessionMachine).map(transitionId);
}

export function declaredStates(): string[] {
  return stateNodesOf(sessionMachine).map((node) => node.id);
}

/** What the guards depend on, so every guarded branch gets its own vertex. */
export function stateKey(snapshot: SessionSnapshot): string {
  const { user, pendingOperation, switchCredential, deferredAuthChange, registration } =
    snapshot.context;
  return JSON.stringify([
    snapshot.value,
    identity(user),
    pendingOperation?.kind ?? null,
    switchCredential?.providerId ?? null,
    deferredAuthChange ? identity(deferredAuthChange.user) : null,
    registration !== null,
  ]);
}

/**
 * Which user, as far as the guards can tell: they compare users by uid and kind (the same user
 * refreshed, the same guest registered elsewhere, someone else).
 */
function identity(user: SessionUser | null): string {
  return user === null ? 'no user' : `${user.isAnonymous ? 'guest' : 'registered'} ${user.uid}`;
}

/**
 * Transition-aware serialization: a vertex is a state reached by a particular transition, so the
 * shortest paths to all vertices take every transition, not just visit every state.
 */
function serializeState(
  snapshot: SessionSnapshot,
  event: ModelEvent | undefined,
  previous?: SessionSnapshot,
): string {
  if (!event || !previous) return stateKey(snapshot);
  const via = takenTransitions(previous, event).map(transitionId).join(' + ');
  return `${stateKey(snapshot)} via ${via}`;
}

function serializeEvent(event: ModelEvent): string {
  return JSON.stringify(event);
}

export function sessionPaths(): SessionPath[] {
  return getShortestPaths(sessionMachine, {
    events: (snapshot) =>
      candidateEvents(snapshot).filter((event) => takenTransitions(snapshot, event).length > 0),
    serializeState,
    serializeEvent,
  });
}

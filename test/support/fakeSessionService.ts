/**
 * One stand-in for the Firebase session service, for machine and component tests. Its actors are
 * the machine's own (`sessionMachine.implementations.actors`): the ones the machine's root invokes
 * run for the whole session (the auth watcher, the policy loader); every other one is an operation
 * that settles when the test says. Two ways to settle them:
 * - `createFakeSessionService()`: the test settles the latest call of an actor (generated paths);
 * - `createFakeSession()`: one mock per operation with a realistic default (UI tests).
 */
import { vi, type Mock } from 'vitest';
import {
  fromCallback,
  fromPromise,
  type AnyActorLogic,
  type EventObject,
  type InputFrom,
  type OutputFrom,
  type CallbackActorLogic,
} from 'xstate';
import type { ClientCode } from '../../src/machines/session/errorCatalogue';
import { DEFAULT_PASSWORD_POLICY } from '../../src/machines/session/passwordPolicy';
import { SessionFailure } from '../../src/machines/session/sessionFailure';
import { sessionMachine } from '../../src/machines/session/sessionMachine';
import type {
  AuthChangedEvent,
  PasswordPolicy,
  SessionUser,
  SignInResult,
} from '../../src/machines/session/sessionTypes';
import { googleOnlyUser, guestUser, registeredUser } from './sessionFixtures';

export { googleOnlyUser, guestUser, registeredUser };

/** The discarded guest's ID token the fakes hand over (a stand-in: no real token is a string like it). */
export const GUEST_ID_TOKEN = 'guest-id-token';

type SessionActors = Required<NonNullable<Parameters<typeof sessionMachine.provide>[0]['actors']>>;
type ActorName = keyof SessionActors;

/** Exactly the same type (not merely assignable: callback and promise logic are alike in shape). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** The machine's actors that settle (all but its callback actors): its operations. */
export type OperationName = {
  [Name in ActorName]: Same<SessionActors[Name], CallbackActorLogic<EventObject>> extends true
    ? never
    : Name;
}[ActorName];

const ACTOR_NAMES = Object.keys(sessionMachine.implementations.actors) as ActorName[];
/** What the machine's root invokes runs as long as the session does. */
const LONG_RUNNING = new Set<string>(
  sessionMachine.root.invoke.map((definition) => String(definition.src)),
);

/** How a fake runs one call of an operation. */
type RunOperation = (
  name: OperationName,
  call: { input: unknown; actorId: string; signal: AbortSignal },
) => Promise<unknown>;

/** Every actor of the machine: the long-running ones from `longRunning` (else idle), operations by `run`. */
function fakeActors(
  run: RunOperation,
  longRunning: Partial<Record<ActorName, AnyActorLogic>> = {},
): SessionActors {
  const actors: Record<string, AnyActorLogic> = {};
  for (const name of ACTOR_NAMES) {
    actors[name] = LONG_RUNNING.has(name)
      ? (longRunning[name] ?? fromCallback(() => () => undefined))
      : fromPromise(({ input, self, signal }) =>
          run(name as OperationName, { input, actorId: self.id, signal }),
        );
  }
  return actors as SessionActors;
}

// --- Settled by the test, latest call first (generated paths) -------------------------------------

interface PendingCall {
  actorId: string;
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
  aborted: boolean;
}

/**
 * Every operation waits until the test settles the latest call of that actor, exactly as the
 * path says the real one would.
 */
export function createFakeSessionService() {
  const calls: PendingCall[] = [];

  const actors = fakeActors(
    (_, { input, actorId, signal }) =>
      new Promise((resolve, reject) => {
        const call: PendingCall = {
          actorId,
          input,
          resolve,
          reject,
          settled: false,
          aborted: false,
        };
        signal.addEventListener('abort', () => {
          call.aborted = true;
        });
        calls.push(call);
      }),
  );

  function latestCall(actorId: string): PendingCall {
    const call = calls.findLast((candidate) => candidate.actorId === actorId);
    if (!call || call.settled || call.aborted) {
      throw new Error(`No running call of "${actorId}" to settle`);
    }
    call.settled = true;
    return call;
  }

  return {
    actors,
    resolve: (actorId: string, output: unknown) => latestCall(actorId).resolve(output),
    reject: (actorId: string, error: unknown) => latestCall(actorId).reject(error),
    /** Calls still running: neither settled by the test nor stopped by the machine. */
    running: () =>
      calls.filter((call) => !call.settled && !call.aborted).map((call) => call.actorId),
    inputsOf: (actorId: string) =>
      calls.filter((call) => call.actorId === actorId).map((c) => c.input),
  };
}

// --- One mock per operation (UI tests) -------------------------------------------------------------

/** The Firebase service's failure for a catalogue code, exactly as the real service rejects. */
export const failure = (code: ClientCode) => new SessionFailure(code);

/** Every operation the machine invokes, as a mock: by default each succeeds at once. */
export type FakeOperations = {
  [Name in OperationName]: Mock<
    (input: InputFrom<SessionActors[Name]>) => Promise<OutputFrom<SessionActors[Name]>>
  >;
} & {
  loadPasswordPolicy: Mock<() => Promise<PasswordPolicy>>;
};

export interface FakeSession {
  operations: FakeOperations;
  /** What the SDK's listener would report (another tab signing in or out). */
  emitAuthChanged: (user: SessionUser | null) => void;
  logic: typeof sessionMachine;
}

/** A promise the test settles when it wants to, to look at busy states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An operation the defaults do not know yet (added to the machine): the test must mock it. */
function noDefault(name: string) {
  return vi.fn(() =>
    Promise.reject(
      new Error(`The fake session has no default for "${name}": mock it in the test.`),
    ),
  );
}

export function createFakeSession(initialUser: SessionUser | null = guestUser): FakeSession {
  let current = initialUser;
  const signedIn = (user: SessionUser) => {
    current = user;
    return user;
  };
  /** A sign-in to an existing account: it replaces the guest, which by default saved nothing. */
  const replacingGuest = (user: SessionUser): SignInResult => {
    const guest = current?.isAnonymous ? current : null;
    return {
      user: signedIn(user),
      discardedGuest: guest ? { uid: guest.uid, idToken: GUEST_ID_TOKEN, work: 'none' } : null,
    };
  };
  const defaults: Partial<FakeOperations> = {
    restoreSession: vi.fn(async () => ({ user: current, redirectError: null })),
    startGuest: vi.fn(async () =>
      signedIn({ ...guestUser, uid: `guest-${Math.random().toString(36).slice(2)}` }),
    ),
    createAccount: vi.fn(async ({ email }) => ({
      user: signedIn({
        ...(current ?? guestUser),
        email,
        isAnonymous: false,
        providerIds: ['password'],
      }),
      verificationSent: true,
    })),
    signIn: vi.fn(async ({ email }) => replacingGuest({ ...registeredUser, email })),
    continueWithGoogle: vi.fn(async () =>
      signedIn({ ...(current ?? guestUser), ...googleOnlyUser, uid: (current ?? guestUser).uid }),
    ),
    redirectToGoogle: vi.fn(() => new Promise<void>(() => undefined)),
    switchAccount: vi.fn(async () => replacingGuest(registeredUser)),
    signOut: vi.fn(async () => {
      current = null;
    }),
    sendPasswordReset: vi.fn(async () => undefined),
    confirmPasswordReset: vi.fn(async () => undefined),
    changePassword: vi.fn(async () => undefined),
    reauthenticate: vi.fn(async () => current ?? registeredUser),
    refreshSession: vi.fn(async () => current ?? registeredUser),
    deleteAccount: vi.fn(async () => {
      current = null;
    }),
    carryOver: vi.fn(async ({ mode }) => ({
      mode,
      carriedProfile: mode !== 'leave',
      carriedCv: false,
      completedAt: new Date().toISOString(),
    })),
    sendSignInLink: vi.fn(async () => undefined),
    // A link opened on the device it was asked from: linked to the guest, same uid.
    completeSignInLink: vi.fn(async () => ({
      user: signedIn({
        ...(current ?? guestUser),
        email: 'ada@example.com',
        emailVerified: true,
        isAnonymous: false,
        providerIds: ['password'],
      }),
      discardedGuest: null,
    })),
    sendEmailVerification: vi.fn(async () => undefined),
    applyEmailAction: vi.fn(async () => ({
      action: 'verifyEmail' as const,
      user:
        current && !current.isAnonymous ? signedIn({ ...current, emailVerified: true }) : current,
    })),
    changeEmail: vi.fn(async () => undefined),
  };
  const mocks: Record<string, Mock> = {
    loadPasswordPolicy: vi.fn(async () => DEFAULT_PASSWORD_POLICY),
  };
  for (const name of ACTOR_NAMES) {
    if (!LONG_RUNNING.has(name)) mocks[name] = defaults[name as OperationName] ?? noDefault(name);
  }
  const operations = mocks as unknown as FakeOperations;

  let sendAuthChanged: ((event: AuthChangedEvent) => void) | null = null;
  const actors = fakeActors(
    // An operation without input is called without arguments, as the tests expect.
    (name, { input }) => (input === undefined ? mocks[name]!() : mocks[name]!(input)),
    {
      watchAuth: fromCallback<EventObject>(({ sendBack }) => {
        sendAuthChanged = sendBack;
        return () => {
          sendAuthChanged = null;
        };
      }),
      loadPasswordPolicy: fromCallback<EventObject>(({ sendBack, receive }) => {
        receive(() => {
          void operations
            .loadPasswordPolicy()
            .then((policy) => sendBack({ type: 'PASSWORD_POLICY_LOADED', policy }));
        });
      }),
    },
  );

  return {
    operations,
    emitAuthChanged: (user) => sendAuthChanged?.({ type: 'AUTH_CHANGED', user }),
    logic: sessionMachine.provide({ actors }),
  };
}

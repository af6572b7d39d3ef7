import { vi, type Mock } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ClientCode } from '../../src/machines/errorCatalogue';
import { SessionFailure } from '../../src/machines/sessionFailure';
import { DEFAULT_PASSWORD_POLICY } from '../../src/machines/passwordPolicy';
import { sessionMachine } from '../../src/machines/sessionMachine';
import type {
  AuthChangedEvent,
  EmailPassword,
  PasswordPolicy,
  RestoreResult,
  SessionUser,
  SwitchCredential,
} from '../../src/machines/sessionTypes';
import { googleOnlyUser, guestUser, registeredUser } from './sessionFixtures';

/** The real session machine with a fake Firebase service, for UI tests (no React in here). */

export { googleOnlyUser, guestUser, registeredUser };

/** The Firebase service's failure for a catalogue code, exactly as the real service rejects. */
export const failure = (code: ClientCode) => new SessionFailure(code);

/** Every operation the machine invokes, as a mock: by default each succeeds at once. */
export interface FakeOperations {
  loadPasswordPolicy: Mock<() => Promise<PasswordPolicy>>;
  restoreSession: Mock<() => Promise<RestoreResult>>;
  startGuest: Mock<() => Promise<SessionUser>>;
  createAccount: Mock<(input: EmailPassword) => Promise<SessionUser>>;
  signIn: Mock<(input: EmailPassword) => Promise<SessionUser>>;
  continueWithGoogle: Mock<() => Promise<SessionUser>>;
  redirectToGoogle: Mock<() => Promise<void>>;
  switchAccount: Mock<(input: SwitchCredential) => Promise<SessionUser>>;
  signOut: Mock<() => Promise<void>>;
  sendPasswordReset: Mock<(input: { email: string }) => Promise<void>>;
  confirmPasswordReset: Mock<(input: { oobCode: string; newPassword: string }) => Promise<void>>;
  changePassword: Mock<(input: { newPassword: string }) => Promise<void>>;
  reauthenticate: Mock<(input: { password?: string }) => Promise<SessionUser>>;
  refreshSession: Mock<() => Promise<SessionUser>>;
  deleteAccount: Mock<() => Promise<void>>;
}

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

export function createFakeSession(initialUser: SessionUser | null = guestUser): FakeSession {
  let current = initialUser;
  const signedIn = (user: SessionUser) => {
    current = user;
    return user;
  };
  const operations: FakeOperations = {
    loadPasswordPolicy: vi.fn(async () => DEFAULT_PASSWORD_POLICY),
    restoreSession: vi.fn(async () => ({ user: current, redirectError: null })),
    startGuest: vi.fn(async () =>
      signedIn({ ...guestUser, uid: `guest-${Math.random().toString(36).slice(2)}` }),
    ),
    createAccount: vi.fn(async ({ email }) =>
      signedIn({ ...(current ?? guestUser), email, isAnonymous: false, providerIds: ['password'] }),
    ),
    signIn: vi.fn(async ({ email }) => signedIn({ ...registeredUser, email })),
    continueWithGoogle: vi.fn(async () =>
      signedIn({ ...(current ?? guestUser), ...googleOnlyUser, uid: (current ?? guestUser).uid }),
    ),
    redirectToGoogle: vi.fn(() => new Promise<void>(() => undefined)),
    switchAccount: vi.fn(async () => signedIn(registeredUser)),
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
  };

  let sendAuthChanged: ((event: AuthChangedEvent) => void) | null = null;
  const logic = sessionMachine.provide({
    actors: {
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
      restoreSession: fromPromise(() => operations.restoreSession()),
      startGuest: fromPromise(() => operations.startGuest()),
      createAccount: fromPromise(({ input }) => operations.createAccount(input)),
      signIn: fromPromise(({ input }) => operations.signIn(input)),
      continueWithGoogle: fromPromise(() => operations.continueWithGoogle()),
      redirectToGoogle: fromPromise(() => operations.redirectToGoogle()),
      switchAccount: fromPromise(({ input }) => operations.switchAccount(input)),
      signOut: fromPromise(() => operations.signOut()),
      sendPasswordReset: fromPromise(({ input }) => operations.sendPasswordReset(input)),
      confirmPasswordReset: fromPromise(({ input }) => operations.confirmPasswordReset(input)),
      changePassword: fromPromise(({ input }) => operations.changePassword(input)),
      reauthenticate: fromPromise(({ input }) => operations.reauthenticate(input)),
      refreshSession: fromPromise(() => operations.refreshSession()),
      deleteAccount: fromPromise(() => operations.deleteAccount()),
    },
  });

  return {
    operations,
    emitAuthChanged: (user) => sendAuthChanged?.({ type: 'AUTH_CHANGED', user }),
    logic,
  };
}

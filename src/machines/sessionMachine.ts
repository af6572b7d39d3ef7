import {
  assertEvent,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  type EventObject,
} from 'xstate';
import { handlingOf, type ErrorHandling } from './errorCatalogue';
import { noticeFor, type NoticeCode } from './noticeCatalogue';
import { DEFAULT_PASSWORD_POLICY } from './passwordPolicy';
import { failureOf, logSummaryOf, SessionFailure } from './sessionFailure';
import type {
  EmailPassword,
  GuestDiscardedEvent,
  PasswordPolicy,
  PendingOperation,
  RestoreResult,
  SessionContext,
  SessionEvent,
  SessionTag,
  SessionUser,
  SwitchCredential,
} from './sessionTypes';

/** The real actors come from the Firebase service through `sessionMachine.provide({ actors })`. */
function notProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`The session actor "${name}" was not provided.`));
}

/** What an invoked actor rejected with, as a failure the catalogue knows. */
function failureIn(event: EventObject): SessionFailure {
  return failureOf('error' in event ? event.error : event);
}

function handles(event: EventObject, handling: ErrorHandling): boolean {
  return handlingOf(failureIn(event).code) === handling;
}

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as GuestDiscardedEvent,
    tags: {} as SessionTag,
  },
  actors: {
    /** Sends AUTH_CHANGED whenever the SDK's user changes; receives nothing. */
    watchAuth: fromCallback<EventObject>(() => {
      throw new Error('The session actor "watchAuth" was not provided.');
    }),
    /**
     * Loads the provider's policy when it first receives PASSWORD_POLICY_NEEDED and sends back
     * PASSWORD_POLICY_LOADED: only pages with a password form pay for the request.
     */
    loadPasswordPolicy: fromCallback<EventObject>(() => {
      throw new Error('The session actor "loadPasswordPolicy" was not provided.');
    }),
    restoreSession: fromPromise<RestoreResult>(notProvided('restoreSession')),
    startGuest: fromPromise<SessionUser>(notProvided('startGuest')),
    createAccount: fromPromise<SessionUser, EmailPassword>(notProvided('createAccount')),
    signIn: fromPromise<SessionUser, EmailPassword>(notProvided('signIn')),
    continueWithGoogle: fromPromise<SessionUser>(notProvided('continueWithGoogle')),
    redirectToGoogle: fromPromise<void>(notProvided('redirectToGoogle')),
    switchAccount: fromPromise<SessionUser, SwitchCredential>(notProvided('switchAccount')),
    signOut: fromPromise<void>(notProvided('signOut')),
    sendPasswordReset: fromPromise<void, { email: string }>(notProvided('sendPasswordReset')),
    confirmPasswordReset: fromPromise<void, { oobCode: string; newPassword: string }>(
      notProvided('confirmPasswordReset'),
    ),
    changePassword: fromPromise<void, { newPassword: string }>(notProvided('changePassword')),
    reauthenticate: fromPromise<SessionUser, { password?: string }>(notProvided('reauthenticate')),
    refreshSession: fromPromise<SessionUser>(notProvided('refreshSession')),
    deleteAccount: fromPromise<void>(notProvided('deleteAccount')),
  },
  actions: {
    assignUser: assign((_, user: SessionUser | null) => ({ user })),
    assignPasswordPolicy: assign((_, passwordPolicy: PasswordPolicy) => ({ passwordPolicy })),
    assignError: assign(({ event }) => ({ error: failureIn(event).toSessionError() })),
    assignSessionFailed: assign({
      error: new SessionFailure('session-failed').toSessionError(),
    }),
    assignRestoredError: assign((_, restored: RestoreResult) => ({
      error: restored.redirectError ? failureOf(restored.redirectError).toSessionError() : null,
    })),
    assignSwitchCredential: assign(({ event }) => ({
      switchCredential: failureIn(event).switchCredential ?? null,
    })),
    assignRestoredSwitchCredential: assign((_, restored: RestoreResult) => ({
      switchCredential: restored.redirectError
        ? (failureOf(restored.redirectError).switchCredential ?? null)
        : null,
    })),
    assignPasswordSwitchCredential: assign((_, credentials: EmailPassword) => ({
      switchCredential: { providerId: 'password', ...credentials } as const,
    })),
    clearSwitchCredential: assign({ switchCredential: null }),
    assignPendingOperation: assign((_, pendingOperation: PendingOperation) => ({
      pendingOperation,
    })),
    clearPendingOperation: assign({ pendingOperation: null }),
    clearMessages: assign({ error: null, notice: null }),
    assignNotice: assign((_, code: NoticeCode) => ({ notice: noticeFor(code) })),
    emitGuestDiscarded: enqueueActions(({ context, enqueue }, newUser: SessionUser) => {
      if (context.user?.isAnonymous && context.user.uid !== newUser.uid) {
        enqueue.emit({ type: 'guestDiscarded', guestUid: context.user.uid, newUid: newUser.uid });
      }
    }),
    logError: ({ event }) => {
      console.error('[session]', logSummaryOf(failureIn(event)));
    },
  },
  guards: {
    /** The provider revoked the current user's session: it must end (the statechart contract). */
    isSessionRevoked: ({ event }) => handles(event, 'signOut'),
    errorNeedsSwitch: ({ event }) => handles(event, 'switch'),
    errorCarriesSwitchCredential: ({ event }) =>
      handles(event, 'switch') && failureIn(event).switchCredential !== undefined,
    errorNeedsRedirect: ({ event }) => handles(event, 'redirect'),
    errorNeedsRecentLogin: ({ event }) => handles(event, 'reauthenticate'),
    errorIsExpected: ({ event }) => handles(event, 'rethrow'),
    redirectNeedsSwitch: (_, restored: RestoreResult) =>
      restored.user?.isAnonymous === true &&
      restored.redirectError !== null &&
      handlingOf(restored.redirectError.code) === 'switch' &&
      failureOf(restored.redirectError).switchCredential !== undefined,
    isRegistered: (_, user: SessionUser | null) => user !== null && !user.isAnonymous,
    isAnonymous: (_, user: SessionUser | null) => user?.isAnonymous === true,
    isSignedOut: (_, user: SessionUser | null) => user === null,
    pendingIsPasswordChange: ({ context }) => context.pendingOperation?.kind === 'changePassword',
  },
});

/** Password-reset e-mails need no signed-in user, so guests and registered users share these. */
const sendingPasswordReset = sessionSetup.createStateConfig({
  tags: ['sendPasswordReset', 'busy'],
  invoke: {
    id: 'sendPasswordReset',
    src: 'sendPasswordReset',
    input: ({ event }) => {
      assertEvent(event, 'SEND_PASSWORD_RESET');
      return { email: event.email };
    },
    onDone: { target: 'idle', actions: { type: 'assignNotice', params: 'password-reset-sent' } },
    onError: { target: 'idle', actions: 'assignError' },
  },
});

const confirmingPasswordReset = sessionSetup.createStateConfig({
  tags: ['confirmPasswordReset', 'busy'],
  invoke: {
    id: 'confirmPasswordReset',
    src: 'confirmPasswordReset',
    input: ({ event }) => {
      assertEvent(event, 'CONFIRM_PASSWORD_RESET');
      return { oobCode: event.oobCode, newPassword: event.newPassword };
    },
    onDone: { target: 'idle', actions: { type: 'assignNotice', params: 'password-reset-done' } },
    onError: { target: 'idle', actions: 'assignError' },
  },
});

/**
 * Operations on the signed-in user ignore AUTH_CHANGED: when the provider has disabled the user
 * or revoked the token, the SDK signs out before the operation fails, and the operation's own
 * error says why (user-disabled, user-token-expired), which the sign-out alone would not.
 */
const operationOnCurrentUser = sessionSetup.createStateConfig({
  on: { AUTH_CHANGED: {} },
});

type RestingState = 'guest' | 'authenticated' | 'sessionFailed';

/**
 * AUTH_CHANGED in a resting state: the machine follows the SDK's user to the state for its kind.
 * A user of the kind the state already holds is taken in place, so a running sub-state (a reset
 * e-mail being sent) goes on.
 */
function followUser(from: RestingState) {
  const leaveFailure = from === 'sessionFailed' ? (['clearMessages'] as const) : [];
  const assignEventUser = {
    type: 'assignUser' as const,
    params: ({ event }: { event: { user: SessionUser | null } }) => event.user,
  };
  return [
    {
      guard: { type: 'isRegistered' as const, params: assignEventUser.params },
      ...(from === 'authenticated' ? {} : { target: '#session.authenticated' }),
      actions: [...leaveFailure, assignEventUser],
    },
    {
      guard: { type: 'isAnonymous' as const, params: assignEventUser.params },
      ...(from === 'guest' ? {} : { target: '#session.guest' }),
      actions: [...leaveFailure, assignEventUser],
    },
    // No user: every visitor has a session, so start a guest (a failed session waits for RETRY).
    ...(from === 'sessionFailed'
      ? []
      : [
          {
            guard: { type: 'isSignedOut' as const, params: assignEventUser.params },
            target: '#session.startingGuest',
            actions:
              from === 'authenticated'
                ? [
                    { type: 'assignUser' as const, params: null },
                    { type: 'assignNotice' as const, params: 'signed-out' as const },
                  ]
                : [],
          },
        ]),
  ];
}

/**
 * How changing the password and deleting the account fail: a revoked session ends; a provider that
 * wants a recent sign-in gets one, after which the operation runs again; anything else is shown.
 */
function sensitiveOperationErrors() {
  return [
    {
      guard: 'isSessionRevoked' as const,
      target: '#session.signingOut',
      actions: ['clearPendingOperation' as const, 'assignError' as const],
    },
    {
      guard: 'errorNeedsRecentLogin' as const,
      target: 'needsRecentLogin',
      actions: 'assignError' as const,
    },
    { target: 'idle', actions: ['clearPendingOperation' as const, 'assignError' as const] },
  ];
}

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: {
    user: null,
    error: null,
    notice: null,
    switchCredential: null,
    pendingOperation: null,
    passwordPolicy: DEFAULT_PASSWORD_POLICY,
  },
  invoke: [
    { id: 'authWatcher', src: 'watchAuth' },
    { id: 'passwordPolicy', src: 'loadPasswordPolicy' },
  ],
  on: {
    PASSWORD_POLICY_NEEDED: { actions: sendTo('passwordPolicy', ({ event }) => event) },
    PASSWORD_POLICY_LOADED: {
      actions: { type: 'assignPasswordPolicy', params: ({ event }) => event.policy },
    },
  },
  initial: 'restoringSession',
  states: {
    restoringSession: {
      description: 'Wait for the saved user and consume a pending redirect result.',
      tags: ['restoreSession', 'busy'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'redirectNeedsSwitch', params: ({ event }) => event.output },
            target: 'switchingAccount',
            actions: [
              { type: 'assignUser', params: ({ event }) => event.output.user },
              { type: 'assignRestoredSwitchCredential', params: ({ event }) => event.output },
            ],
          },
          {
            guard: { type: 'isRegistered', params: ({ event }) => event.output.user },
            target: 'authenticated',
            actions: [
              { type: 'assignUser', params: ({ event }) => event.output.user },
              { type: 'assignRestoredError', params: ({ event }) => event.output },
            ],
          },
          {
            guard: { type: 'isAnonymous', params: ({ event }) => event.output.user },
            target: 'guest',
            actions: [
              { type: 'assignUser', params: ({ event }) => event.output.user },
              { type: 'assignRestoredError', params: ({ event }) => event.output },
            ],
          },
          {
            target: 'startingGuest',
            actions: { type: 'assignRestoredError', params: ({ event }) => event.output },
          },
        ],
        onError: { target: 'sessionFailed', actions: ['logError', 'assignSessionFailed'] },
      },
    },

    startingGuest: {
      description: 'Anonymous sign-in: every visitor has a session.',
      tags: ['startGuest', 'busy'],
      invoke: {
        id: 'startGuest',
        src: 'startGuest',
        onDone: {
          target: 'guest',
          actions: { type: 'assignUser', params: ({ event }) => event.output },
        },
        onError: { target: 'sessionFailed', actions: ['logError', 'assignSessionFailed'] },
      },
    },

    sessionFailed: {
      description: 'No session could be created: "Failed to create session", with a retry.',
      tags: ['failed'],
      on: {
        RETRY: { target: 'restoringSession', actions: 'clearMessages' },
        AUTH_CHANGED: followUser('sessionFailed'),
      },
    },

    guest: {
      description: 'An anonymous user: may create an account, sign in, or continue with Google.',
      initial: 'idle',
      on: {
        DISMISS: { actions: 'clearMessages' },
        AUTH_CHANGED: followUser('guest'),
      },
      states: {
        idle: {
          on: {
            CREATE_ACCOUNT: {
              target: '#session.creatingAccount',
              actions: [
                'clearMessages',
                {
                  type: 'assignPasswordSwitchCredential',
                  params: ({ event }) => ({ email: event.email, password: event.password }),
                },
              ],
            },
            SIGN_IN: { target: '#session.signingIn', actions: 'clearMessages' },
            CONTINUE_WITH_GOOGLE: {
              target: '#session.continuingWithGoogle',
              actions: 'clearMessages',
            },
            SEND_PASSWORD_RESET: { target: 'sendingPasswordReset', actions: 'clearMessages' },
            CONFIRM_PASSWORD_RESET: { target: 'confirmingPasswordReset', actions: 'clearMessages' },
          },
        },
        sendingPasswordReset,
        confirmingPasswordReset,
      },
    },

    creatingAccount: {
      description: 'Link an e-mail/password credential to the guest: same uid.',
      tags: ['createAccount', 'busy'],
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ event }) => {
          assertEvent(event, 'CREATE_ACCOUNT');
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: 'authenticated',
          actions: [
            'clearSwitchCredential',
            { type: 'assignUser', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: 'isSessionRevoked',
            target: 'signingOut',
            actions: ['clearSwitchCredential', 'assignError'],
          },
          // The e-mail belongs to an existing account: sign in to it with the same credential.
          { guard: 'errorNeedsSwitch', target: 'switchingAccount' },
          { target: 'guest', actions: ['clearSwitchCredential', 'assignError'] },
        ],
      },
    },

    signingIn: {
      description: 'Sign in to an existing e-mail/password account; the guest is discarded.',
      tags: ['signIn', 'busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'SIGN_IN');
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'emitGuestDiscarded', params: ({ event }) => event.output },
            { type: 'assignUser', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'guest', actions: 'assignError' },
      },
    },

    continuingWithGoogle: {
      description: 'Link Google to the guest in a popup (the account chooser is always shown).',
      tags: ['continueWithGoogle', 'busy'],
      on: {
        CANCEL: 'guest',
      },
      invoke: {
        id: 'continueWithGoogle',
        src: 'continueWithGoogle',
        onDone: {
          target: 'authenticated',
          actions: { type: 'assignUser', params: ({ event }) => event.output },
        },
        onError: [
          { guard: 'isSessionRevoked', target: 'signingOut', actions: 'assignError' },
          { guard: 'errorNeedsRedirect', target: 'redirectingToGoogle' },
          {
            guard: 'errorCarriesSwitchCredential',
            target: 'switchingAccount',
            actions: 'assignSwitchCredential',
          },
          { guard: 'errorIsExpected', target: 'guest', actions: 'assignError' },
          { target: 'guest', actions: ['logError', 'assignError'] },
        ],
      },
    },

    redirectingToGoogle: {
      description: 'Link Google with a full-page redirect; restoring picks up the result.',
      tags: ['redirectToGoogle', 'busy'],
      invoke: {
        id: 'redirectToGoogle',
        src: 'redirectToGoogle',
        onError: { target: 'guest', actions: ['logError', 'assignError'] },
      },
    },

    switchingAccount: {
      description:
        'The credential belongs to an existing account: sign in to it. The guest is discarded.',
      tags: ['switchAccount', 'busy'],
      invoke: {
        id: 'switchAccount',
        src: 'switchAccount',
        input: ({ context }) => {
          if (!context.switchCredential) throw new Error('switchingAccount needs a credential');
          return context.switchCredential;
        },
        onDone: {
          target: 'authenticated',
          actions: [
            'clearSwitchCredential',
            { type: 'emitGuestDiscarded', params: ({ event }) => event.output },
            { type: 'assignUser', params: ({ event }) => event.output },
          ],
        },
        // The guest is still signed in when the switch fails (wrong password, disabled account).
        onError: { target: 'guest', actions: ['clearSwitchCredential', 'assignError'] },
      },
    },

    authenticated: {
      description: 'A registered user.',
      initial: 'idle',
      on: {
        DISMISS: { actions: 'clearMessages' },
        AUTH_CHANGED: followUser('authenticated'),
      },
      states: {
        idle: {
          on: {
            SIGN_OUT: { target: '#session.signingOut', actions: 'clearMessages' },
            CHANGE_PASSWORD: {
              target: 'changingPassword',
              actions: [
                'clearMessages',
                {
                  type: 'assignPendingOperation',
                  params: ({ event }) => ({
                    kind: 'changePassword',
                    newPassword: event.newPassword,
                  }),
                },
              ],
            },
            DELETE_ACCOUNT: {
              target: 'deletingAccount',
              actions: [
                'clearMessages',
                { type: 'assignPendingOperation', params: { kind: 'deleteAccount' } },
              ],
            },
            REFRESH_SESSION: { target: 'refreshingSession', actions: 'clearMessages' },
            SEND_PASSWORD_RESET: { target: 'sendingPasswordReset', actions: 'clearMessages' },
            CONFIRM_PASSWORD_RESET: { target: 'confirmingPasswordReset', actions: 'clearMessages' },
          },
        },
        changingPassword: {
          ...operationOnCurrentUser,
          tags: ['changePassword', 'busy'],
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => {
              if (context.pendingOperation?.kind !== 'changePassword') {
                throw new Error('changingPassword needs the new password');
              }
              return { newPassword: context.pendingOperation.newPassword };
            },
            onDone: {
              target: 'idle',
              actions: [
                'clearPendingOperation',
                { type: 'assignNotice', params: 'password-changed' },
              ],
            },
            onError: sensitiveOperationErrors(),
          },
        },
        needsRecentLogin: {
          description: 'The provider wants a recent sign-in before it allows the operation.',
          tags: ['reauthenticationNeeded'],
          on: {
            REAUTHENTICATE: { target: 'reauthenticating', actions: 'clearMessages' },
            CANCEL: { target: 'idle', actions: ['clearMessages', 'clearPendingOperation'] },
          },
        },
        reauthenticating: {
          ...operationOnCurrentUser,
          tags: ['reauthenticate', 'busy', 'reauthenticationNeeded'],
          invoke: {
            id: 'reauthenticate',
            src: 'reauthenticate',
            input: ({ event }) => {
              assertEvent(event, 'REAUTHENTICATE');
              return event.password === undefined ? {} : { password: event.password };
            },
            onDone: [
              {
                guard: 'pendingIsPasswordChange',
                target: 'changingPassword',
                actions: { type: 'assignUser', params: ({ event }) => event.output },
              },
              {
                target: 'deletingAccount',
                actions: { type: 'assignUser', params: ({ event }) => event.output },
              },
            ],
            onError: [
              {
                guard: 'isSessionRevoked',
                target: '#session.signingOut',
                actions: ['clearPendingOperation', 'assignError'],
              },
              { target: 'needsRecentLogin', actions: 'assignError' },
            ],
          },
        },
        refreshingSession: {
          description: 'Reload the user, then force a new ID token.',
          ...operationOnCurrentUser,
          tags: ['refreshSession', 'busy'],
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignUser', params: ({ event }) => event.output },
                { type: 'assignNotice', params: 'session-refreshed' },
              ],
            },
            onError: [
              { guard: 'isSessionRevoked', target: '#session.signingOut', actions: 'assignError' },
              { target: 'idle', actions: 'assignError' },
            ],
          },
        },
        deletingAccount: {
          ...operationOnCurrentUser,
          tags: ['deleteAccount', 'busy'],
          invoke: {
            id: 'deleteAccount',
            src: 'deleteAccount',
            onDone: {
              target: '#session.startingGuest',
              actions: [
                'clearPendingOperation',
                { type: 'assignUser', params: null },
                { type: 'assignNotice', params: 'account-deleted' },
              ],
            },
            onError: sensitiveOperationErrors(),
          },
        },
        sendingPasswordReset,
        confirmingPasswordReset,
      },
    },

    signingOut: {
      description: 'Sign out, then start a fresh guest at once.',
      tags: ['signOut', 'busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'startingGuest', actions: { type: 'assignUser', params: null } },
        // A new anonymous sign-in replaces whatever user is left, so go on to a fresh guest.
        onError: { target: 'startingGuest', actions: ['logError', 'assignError'] },
      },
    },
  },
});

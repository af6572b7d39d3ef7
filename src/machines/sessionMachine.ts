import {
  assign,
  sendTo,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  type EventObject,
} from 'xstate';
import { handlingOf, toSessionFailure, userMessageFor, type ErrorHandling } from './errorCatalogue';
import { DEFAULT_PASSWORD_POLICY } from './passwordPolicy';
import type {
  EmailPassword,
  GuestDiscardedEvent,
  PasswordPolicy,
  PendingOperation,
  RestoreResult,
  SessionContext,
  SessionEvent,
  SessionNotice,
  SessionOperationFailure,
  SessionUser,
  SwitchCredential,
} from './sessionTypes';

/** The real actors come from the Firebase service through `sessionMachine.provide({ actors })`. */
function notProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`The session actor "${name}" was not provided.`));
}

/** Invoked actors reject with anything; the catalogue turns it into something the UI can show. */
function failureOf(event: { type: string }): SessionOperationFailure {
  return toSessionFailure('error' in event ? event.error : event);
}

function handles(event: { type: string }, handling: ErrorHandling): boolean {
  return handlingOf(failureOf(event).code) === handling;
}

function notice(code: string, message: string): SessionNotice {
  return { code, message };
}

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as GuestDiscardedEvent,
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
    linkEmailPassword: fromPromise<SessionUser, EmailPassword>(notProvided('linkEmailPassword')),
    signInWithEmail: fromPromise<SessionUser, EmailPassword>(notProvided('signInWithEmail')),
    linkGooglePopup: fromPromise<SessionUser>(notProvided('linkGooglePopup')),
    linkGoogleRedirect: fromPromise<void>(notProvided('linkGoogleRedirect')),
    switchAccount: fromPromise<SessionUser, SwitchCredential>(notProvided('switchAccount')),
    signOut: fromPromise<void>(notProvided('signOut')),
    sendPasswordReset: fromPromise<void, { email: string }>(notProvided('sendPasswordReset')),
    confirmPasswordReset: fromPromise<void, { oobCode: string; newPassword: string }>(
      notProvided('confirmPasswordReset'),
    ),
    updatePassword: fromPromise<void, { newPassword: string }>(notProvided('updatePassword')),
    reauthenticate: fromPromise<SessionUser, { password?: string }>(notProvided('reauthenticate')),
    refreshSession: fromPromise<SessionUser>(notProvided('refreshSession')),
    deleteAccount: fromPromise<void>(notProvided('deleteAccount')),
  },
  actions: {
    assignUser: assign((_, user: SessionUser | null) => ({ user })),
    assignPasswordPolicy: assign((_, passwordPolicy: PasswordPolicy) => ({ passwordPolicy })),
    assignError: assign(({ event }) => {
      const { code, message } = failureOf(event);
      return { error: { code, message } };
    }),
    assignSessionFailed: assign({
      error: { code: 'session-failed', message: userMessageFor('session-failed') },
    }),
    assignRestoredError: assign((_, restored: RestoreResult) => ({
      error: restored.redirectError
        ? { code: restored.redirectError.code, message: restored.redirectError.message }
        : null,
    })),
    assignSwitchCredential: assign(({ event }) => ({
      switchCredential: failureOf(event).switchCredential ?? null,
    })),
    assignRestoredSwitchCredential: assign((_, restored: RestoreResult) => ({
      switchCredential: restored.redirectError?.switchCredential ?? null,
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
    assignNotice: assign((_, next: SessionNotice) => ({ notice: next })),
    emitGuestDiscarded: enqueueActions(({ context, enqueue }, newUser: SessionUser) => {
      if (context.user?.isAnonymous && context.user.uid !== newUser.uid) {
        enqueue.emit({ type: 'guestDiscarded', guestUid: context.user.uid, newUid: newUser.uid });
      }
    }),
    logError: ({ event }) => {
      console.error('[session]', failureOf(event).code, 'error' in event ? event.error : event);
    },
  },
  guards: {
    /** The provider revoked the current user's session: it must end (DESIGN.md section 4). */
    isSessionRevoked: ({ event }) => handles(event, 'signOut'),
    errorNeedsSwitch: ({ event }) => handles(event, 'switch'),
    errorCarriesSwitchCredential: ({ event }) =>
      handles(event, 'switch') && failureOf(event).switchCredential !== undefined,
    errorNeedsRedirect: ({ event }) => handles(event, 'redirect'),
    errorNeedsRecentLogin: ({ event }) => handles(event, 'reauthenticate'),
    errorIsExpected: ({ event }) => handles(event, 'rethrow'),
    redirectNeedsSwitch: (_, restored: RestoreResult) =>
      restored.user?.isAnonymous === true &&
      restored.redirectError?.switchCredential !== undefined &&
      handlingOf(restored.redirectError.code) === 'switch',
    isRegistered: (_, user: SessionUser | null) => user !== null && !user.isAnonymous,
    isAnonymous: (_, user: SessionUser | null) => user?.isAnonymous === true,
    isSignedOut: (_, user: SessionUser | null) => user === null,
    pendingIsPasswordUpdate: ({ context }) => context.pendingOperation?.kind === 'updatePassword',
  },
});

/** Password-reset e-mails need no signed-in user, so guests and registered users share these. */
const sendingPasswordReset = sessionSetup.createStateConfig({
  invoke: {
    id: 'sendPasswordReset',
    src: 'sendPasswordReset',
    input: ({ event }) => {
      if (event.type !== 'SEND_PASSWORD_RESET') throw new Error(`reset entered by ${event.type}`);
      return { email: event.email };
    },
    onDone: {
      target: 'idle',
      actions: {
        type: 'assignNotice',
        params: notice(
          'password-reset-sent',
          'Check your inbox for a link to reset your password.',
        ),
      },
    },
    onError: { target: 'idle', actions: 'assignError' },
  },
});

const confirmingPasswordReset = sessionSetup.createStateConfig({
  invoke: {
    id: 'confirmPasswordReset',
    src: 'confirmPasswordReset',
    input: ({ event }) => {
      if (event.type !== 'CONFIRM_PASSWORD_RESET') {
        throw new Error(`reset confirmation entered by ${event.type}`);
      }
      return { oobCode: event.oobCode, newPassword: event.newPassword };
    },
    onDone: {
      target: 'idle',
      actions: {
        type: 'assignNotice',
        params: notice('password-reset-done', 'Your password has been reset. Sign in with it now.'),
      },
    },
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

/**
 * How updating the password and deleting the account fail: a revoked session ends; a provider that
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
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Wait for the saved user and consume a pending redirect result.',
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
      on: {
        RETRY: { target: 'restoring', actions: 'clearMessages' },
        AUTH_CHANGED: [
          {
            guard: { type: 'isRegistered', params: ({ event }) => event.user },
            target: 'authenticated',
            actions: ['clearMessages', { type: 'assignUser', params: ({ event }) => event.user }],
          },
          {
            guard: { type: 'isAnonymous', params: ({ event }) => event.user },
            target: 'guest',
            actions: ['clearMessages', { type: 'assignUser', params: ({ event }) => event.user }],
          },
        ],
      },
    },

    guest: {
      description: 'An anonymous user: may register, sign in, or link Google.',
      initial: 'idle',
      on: {
        DISMISS: { actions: 'clearMessages' },
        AUTH_CHANGED: [
          {
            guard: { type: 'isRegistered', params: ({ event }) => event.user },
            target: 'authenticated',
            actions: { type: 'assignUser', params: ({ event }) => event.user },
          },
          {
            guard: { type: 'isSignedOut', params: ({ event }) => event.user },
            target: 'startingGuest',
          },
          { actions: { type: 'assignUser', params: ({ event }) => event.user } },
        ],
      },
      states: {
        idle: {
          on: {
            SIGN_UP: {
              target: '#session.linking',
              actions: [
                'clearMessages',
                {
                  type: 'assignPasswordSwitchCredential',
                  params: ({ event }) => ({ email: event.email, password: event.password }),
                },
              ],
            },
            SIGN_IN: { target: '#session.signingIn', actions: 'clearMessages' },
            GOOGLE: { target: '#session.popupPending', actions: 'clearMessages' },
            SEND_PASSWORD_RESET: { target: 'sendingPasswordReset', actions: 'clearMessages' },
            CONFIRM_PASSWORD_RESET: { target: 'confirmingPasswordReset', actions: 'clearMessages' },
          },
        },
        sendingPasswordReset,
        confirmingPasswordReset,
      },
    },

    linking: {
      description: 'Link an e-mail/password credential to the guest: same uid.',
      invoke: {
        id: 'linkEmailPassword',
        src: 'linkEmailPassword',
        input: ({ event }) => {
          if (event.type !== 'SIGN_UP') throw new Error(`linking entered by ${event.type}`);
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
      invoke: {
        id: 'signInWithEmail',
        src: 'signInWithEmail',
        input: ({ event }) => {
          if (event.type !== 'SIGN_IN') throw new Error(`signingIn entered by ${event.type}`);
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

    popupPending: {
      description: 'Link Google to the guest in a popup (the account chooser is always shown).',
      on: {
        CANCEL: 'guest',
      },
      invoke: {
        id: 'linkGooglePopup',
        src: 'linkGooglePopup',
        onDone: {
          target: 'authenticated',
          actions: { type: 'assignUser', params: ({ event }) => event.output },
        },
        onError: [
          { guard: 'isSessionRevoked', target: 'signingOut', actions: 'assignError' },
          { guard: 'errorNeedsRedirect', target: 'redirecting' },
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

    redirecting: {
      description: 'Link Google with a full-page redirect; restoring picks up the result.',
      invoke: {
        id: 'linkGoogleRedirect',
        src: 'linkGoogleRedirect',
        onError: { target: 'guest', actions: ['logError', 'assignError'] },
      },
    },

    switchingAccount: {
      description:
        'The credential belongs to an existing account: sign in to it. The guest is discarded.',
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
        AUTH_CHANGED: [
          {
            guard: { type: 'isSignedOut', params: ({ event }) => event.user },
            target: 'startingGuest',
            actions: [
              { type: 'assignUser', params: null },
              {
                type: 'assignNotice',
                params: notice(
                  'signed-out',
                  'You have been signed out. You are browsing as a guest.',
                ),
              },
            ],
          },
          {
            guard: { type: 'isAnonymous', params: ({ event }) => event.user },
            target: 'guest',
            actions: { type: 'assignUser', params: ({ event }) => event.user },
          },
          { actions: { type: 'assignUser', params: ({ event }) => event.user } },
        ],
      },
      states: {
        idle: {
          on: {
            SIGN_OUT: { target: '#session.signingOut', actions: 'clearMessages' },
            UPDATE_PASSWORD: {
              target: 'updatingPassword',
              actions: [
                'clearMessages',
                {
                  type: 'assignPendingOperation',
                  params: ({ event }) => ({
                    kind: 'updatePassword',
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
            REFRESH: { target: 'refreshing', actions: 'clearMessages' },
            SEND_PASSWORD_RESET: { target: 'sendingPasswordReset', actions: 'clearMessages' },
            CONFIRM_PASSWORD_RESET: { target: 'confirmingPasswordReset', actions: 'clearMessages' },
          },
        },
        updatingPassword: {
          ...operationOnCurrentUser,
          invoke: {
            id: 'updatePassword',
            src: 'updatePassword',
            input: ({ context }) => {
              if (context.pendingOperation?.kind !== 'updatePassword') {
                throw new Error('updatingPassword needs the new password');
              }
              return { newPassword: context.pendingOperation.newPassword };
            },
            onDone: {
              target: 'idle',
              actions: [
                'clearPendingOperation',
                {
                  type: 'assignNotice',
                  params: notice('password-updated', 'Your password has been changed.'),
                },
              ],
            },
            onError: sensitiveOperationErrors(),
          },
        },
        needsRecentLogin: {
          description: 'The provider wants a recent sign-in before it allows the operation.',
          on: {
            REAUTHENTICATE: { target: 'reauthenticating', actions: 'clearMessages' },
            CANCEL: { target: 'idle', actions: ['clearMessages', 'clearPendingOperation'] },
          },
        },
        reauthenticating: {
          ...operationOnCurrentUser,
          invoke: {
            id: 'reauthenticate',
            src: 'reauthenticate',
            input: ({ event }) =>
              event.type === 'REAUTHENTICATE' && event.password !== undefined
                ? { password: event.password }
                : {},
            onDone: [
              {
                guard: 'pendingIsPasswordUpdate',
                target: 'updatingPassword',
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
        refreshing: {
          description: 'Reload the user, then force a new ID token.',
          ...operationOnCurrentUser,
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignUser', params: ({ event }) => event.output },
                {
                  type: 'assignNotice',
                  params: notice('session-refreshed', 'Your session has been refreshed.'),
                },
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
          invoke: {
            id: 'deleteAccount',
            src: 'deleteAccount',
            onDone: {
              target: '#session.startingGuest',
              actions: [
                'clearPendingOperation',
                { type: 'assignUser', params: null },
                {
                  type: 'assignNotice',
                  params: notice('account-deleted', 'Your account has been deleted.'),
                },
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

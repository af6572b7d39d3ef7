import { assertEvent } from 'xstate';
import {
  applyingEmailAction,
  confirmingPasswordReset,
  sendingPasswordReset,
} from './anyUserOperations';
import {
  endedOrFailedMeanwhile,
  followIfNotRegistered,
  followIfSignedInMeanwhile,
  followIfUserChanged,
  followUser,
  inFlight,
  sensitiveOperationErrors,
} from './reconciliation';
import { sessionSetup } from './sessionSetup';

/** A registered user, and what only a registered user may do. */
export const authenticated = sessionSetup.createStateConfig({
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
        USE_OWN_ADDRESS: {
          guard: 'hasRegistration',
          target: '#session.signingOut',
          actions: 'clearNotice',
        },
        CHANGE_PASSWORD: {
          target: 'changingPassword',
          actions: [
            'clearMessages',
            {
              type: 'assignPendingOperation',
              params: ({ event }) => ({
                kind: 'changePassword',
                newPassword: event.newPassword,
                ...(event.currentPassword === undefined
                  ? {}
                  : { currentPassword: event.currentPassword }),
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
        SEND_EMAIL_VERIFICATION: {
          target: 'sendingEmailVerification',
          actions: 'clearMessages',
        },
        APPLY_EMAIL_ACTION: { target: 'applyingEmailAction', actions: 'clearMessages' },
        CHANGE_EMAIL: {
          target: 'changingEmail',
          actions: [
            'clearMessages',
            {
              type: 'assignPendingOperation',
              params: ({ event }) => ({
                kind: 'changeEmail',
                newEmail: event.newEmail,
                ...(event.currentPassword === undefined
                  ? {}
                  : { currentPassword: event.currentPassword }),
              }),
            },
          ],
        },
      },
    },
    sendingEmailVerification: {
      ...inFlight,
      tags: ['sendEmailVerification', 'busy'],
      invoke: {
        id: 'sendEmailVerification',
        src: 'sendEmailVerification',
        onDone: [
          followIfUserChanged,
          { target: 'idle', actions: { type: 'assignNotice', params: 'verification-sent' } },
        ],
        onError: [...endedOrFailedMeanwhile(), { target: 'idle', actions: 'assignError' }],
      },
    },
    changingEmail: {
      ...inFlight,
      description: 'E-mail a link to the new address; the address changes only when it is opened.',
      tags: ['changeEmail', 'busy'],
      invoke: {
        id: 'changeEmail',
        src: 'changeEmail',
        input: ({ context }) => {
          if (context.pendingOperation?.kind !== 'changeEmail') {
            throw new Error('changingEmail needs the new address');
          }
          const { newEmail, currentPassword } = context.pendingOperation;
          return currentPassword === undefined ? { newEmail } : { newEmail, currentPassword };
        },
        onDone: [
          followIfUserChanged,
          {
            target: 'idle',
            actions: [
              'clearPendingOperation',
              { type: 'assignNotice', params: 'email-change-sent' },
            ],
          },
        ],
        onError: sensitiveOperationErrors(),
      },
    },
    changingPassword: {
      ...inFlight,
      tags: ['changePassword', 'busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => {
          if (context.pendingOperation?.kind !== 'changePassword') {
            throw new Error('changingPassword needs the new password');
          }
          const { newPassword, currentPassword } = context.pendingOperation;
          return currentPassword === undefined ? { newPassword } : { newPassword, currentPassword };
        },
        onDone: [
          followIfUserChanged,
          {
            target: 'idle',
            actions: [
              'clearPendingOperation',
              { type: 'assignNotice', params: 'password-changed' },
            ],
          },
        ],
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
      ...inFlight,
      tags: ['reauthenticate', 'busy', 'reauthenticationNeeded'],
      on: {
        AUTH_CHANGED: { actions: 'deferAuthChange' },
        // The Google popup waits for a person: Cancel is its way out.
        CANCEL: [
          followIfUserChanged,
          {
            target: 'idle',
            actions: ['clearMessages', 'clearPendingOperation'],
          },
        ],
      },
      invoke: {
        id: 'reauthenticate',
        src: 'reauthenticate',
        input: ({ event }) => {
          assertEvent(event, 'REAUTHENTICATE');
          return event.password === undefined ? {} : { password: event.password };
        },
        onDone: [
          followIfUserChanged,
          followIfNotRegistered,
          {
            guard: 'pendingIsPasswordChange',
            target: 'changingPassword',
            actions: { type: 'assignUser', params: ({ event }) => event.output },
          },
          {
            guard: 'pendingIsEmailChange',
            target: 'changingEmail',
            actions: { type: 'assignUser', params: ({ event }) => event.output },
          },
          {
            target: 'deletingAccount',
            actions: { type: 'assignUser', params: ({ event }) => event.output },
          },
        ],
        onError: [
          ...endedOrFailedMeanwhile(['clearPendingOperation']),
          { target: 'needsRecentLogin', actions: 'assignError' },
        ],
      },
    },
    refreshingSession: {
      description: 'Reload the user, then force a new ID token.',
      ...inFlight,
      tags: ['refreshSession', 'busy'],
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: [
          followIfUserChanged,
          followIfNotRegistered,
          {
            target: 'idle',
            actions: [
              { type: 'assignUser', params: ({ event }) => event.output },
              { type: 'assignNotice', params: 'session-refreshed' },
            ],
          },
        ],
        onError: [...endedOrFailedMeanwhile(), { target: 'idle', actions: 'assignError' }],
      },
    },
    deletingAccount: {
      ...inFlight,
      tags: ['deleteAccount', 'busy'],
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        onDone: [
          followIfSignedInMeanwhile,
          {
            target: '#session.startingGuest',
            actions: [
              'clearPendingOperation',
              { type: 'assignUser', params: null },
              { type: 'assignNotice', params: 'account-deleted' },
            ],
          },
        ],
        onError: sensitiveOperationErrors(),
      },
    },
    offeringCarryOver: {
      description:
        'The sign-in discarded a guest that saved work: bring it (replace or merge) or leave it.',
      tags: ['carryOverOffered'],
      on: {
        CARRY_OVER: { target: 'carryingOver', actions: 'clearMessages' },
      },
    },
    carryingOver: {
      ...inFlight,
      description:
        "The backend moves (or deletes) the guest's work in one transaction, with both ID tokens.",
      tags: ['carryOver', 'busy', 'carryOverOffered'],
      invoke: {
        id: 'carryOver',
        src: 'carryOver',
        input: ({ context, event }) => {
          assertEvent(event, 'CARRY_OVER');
          if (!context.discardedGuest) throw new Error('carryingOver needs the guest');
          return { guestIdToken: context.discardedGuest.idToken, mode: event.mode };
        },
        onDone: [
          followIfUserChanged,
          {
            target: 'idle',
            actions: [
              'clearDiscardedGuest',
              { type: 'assignCarriedOverNotice', params: ({ event }) => event.output.mode },
            ],
          },
        ],
        // Nothing moved: a failure worth retrying asks again; one that cannot succeed ends it.
        onError: [
          ...endedOrFailedMeanwhile(['clearDiscardedGuest']),
          { guard: 'errorCanBeRetried', target: 'offeringCarryOver', actions: 'assignError' },
          { target: 'idle', actions: ['clearDiscardedGuest', 'assignError'] },
        ],
      },
    },
    sendingPasswordReset,
    confirmingPasswordReset,
    applyingEmailAction,
  },
});

import { assertEvent } from 'xstate';
import { anyUserOperationEvents, anyUserOperationStates } from './anyUserOperations';
import { operationState } from './operationState';
import { atRestAs, followIfNotRegistered } from './reconciliation';
import type { PlainNoticeCode } from './noticeCatalogue';
import { sessionSetup } from './sessionSetup';
import type { PendingOperation, SessionContext, SessionEvent } from './sessionTypes';

/**
 * Changing the password or the address, and deleting the account: the pending operation waits in
 * the context; a provider that wants a recent sign-in gets one, after which it runs again.
 */
const sensitiveOperation = {
  actsAsSignedInUser: true,
  holds: 'pendingOperation',
  onError: [
    { guard: 'errorNeedsRecentLogin', target: 'needsRecentLogin', actions: 'assignError' },
    { target: 'idle', actions: ['clearPendingOperation', 'assignError'] },
  ],
} as const;

type PendingChange = Extract<PendingOperation, { kind: 'changeEmail' | 'changePassword' }>;

/** The change waiting in the context for its operation (through a re-authentication too). */
function pendingChangeIn<TKind extends PendingChange['kind']>(
  context: SessionContext,
  kind: TKind,
): Extract<PendingChange, { kind: TKind }> {
  const pending = context.pendingOperation;
  if (!isPending(pending, kind)) throw new Error(`${kind} needs the pending change`);
  return pending;
}

function isPending<TKind extends PendingChange['kind']>(
  pending: PendingOperation | null,
  kind: TKind,
): pending is Extract<PendingChange, { kind: TKind }> {
  return pending?.kind === kind;
}

/** The current password, where the person gave one (for a re-authentication on the way). */
function withCurrentPassword(change: { currentPassword?: string }) {
  return change.currentPassword === undefined ? {} : { currentPassword: change.currentPassword };
}

type ChangeEvent = Extract<SessionEvent, { type: 'CHANGE_PASSWORD' | 'CHANGE_EMAIL' }>;

/** The change the event asks for, as it waits in the context. */
function pendingChangeOf(event: ChangeEvent): PendingChange {
  return event.type === 'CHANGE_PASSWORD'
    ? { kind: 'changePassword', newPassword: event.newPassword, ...withCurrentPassword(event) }
    : { kind: 'changeEmail', newEmail: event.newEmail, ...withCurrentPassword(event) };
}

/** CHANGE_PASSWORD, CHANGE_EMAIL: the change waits in the context while its operation runs. */
function startChange(target: 'changingPassword' | 'changingEmail') {
  return {
    target,
    actions: [
      'clearMessages',
      {
        type: 'assignPendingOperation',
        params: ({ event }: { event: ChangeEvent }) => pendingChangeOf(event),
      },
    ],
  } as const;
}

/** Changing the password or the address: done, the change is dropped and the person told. */
function pendingChange(done: PlainNoticeCode) {
  return {
    ...sensitiveOperation,
    onDone: [
      {
        target: 'idle',
        actions: ['clearPendingOperation', { type: 'assignNotice', params: done }],
      },
    ],
  } as const;
}

/** A registered user, and what only a registered user may do. */
export const authenticated = sessionSetup.createStateConfig({
  description: 'A registered user.',
  initial: 'idle',
  on: atRestAs('authenticated'),
  states: {
    idle: {
      on: {
        SIGN_OUT: { target: '#session.signingOut', actions: 'clearMessages' },
        USE_OWN_ADDRESS: {
          guard: 'hasRegistration',
          target: '#session.signingOut',
          actions: 'clearNotice',
        },
        CHANGE_PASSWORD: startChange('changingPassword'),
        DELETE_ACCOUNT: {
          target: 'deletingAccount',
          actions: [
            'clearMessages',
            { type: 'assignPendingOperation', params: { kind: 'deleteAccount' } },
          ],
        },
        REFRESH_SESSION: { target: 'refreshingSession', actions: 'clearMessages' },
        SEND_EMAIL_VERIFICATION: {
          target: 'sendingEmailVerification',
          actions: 'clearMessages',
        },
        CHANGE_EMAIL: startChange('changingEmail'),
        ...anyUserOperationEvents,
      },
    },
    sendingEmailVerification: operationState('sendEmailVerification', {
      actsAsSignedInUser: true,
      onDone: [{ target: 'idle', actions: { type: 'assignNotice', params: 'verification-sent' } }],
      onError: [{ target: 'idle', actions: 'assignError' }],
    }),
    changingEmail: operationState('changeEmail', {
      description: 'E-mail a link to the new address; the address changes only when it is opened.',
      ...pendingChange('email-change-sent'),
      input: ({ context }) => {
        const change = pendingChangeIn(context, 'changeEmail');
        return { newEmail: change.newEmail, ...withCurrentPassword(change) };
      },
    }),
    changingPassword: operationState('changePassword', {
      ...pendingChange('password-changed'),
      input: ({ context }) => {
        const change = pendingChangeIn(context, 'changePassword');
        return { newPassword: change.newPassword, ...withCurrentPassword(change) };
      },
    }),
    needsRecentLogin: {
      description: 'The provider wants a recent sign-in before it allows the operation.',
      tags: ['reauthenticationNeeded'],
      on: {
        REAUTHENTICATE: { target: 'reauthenticating', actions: 'clearMessages' },
        CANCEL: { target: 'idle', actions: ['clearMessages', 'clearPendingOperation'] },
      },
    },
    reauthenticating: operationState('reauthenticate', {
      actsAsSignedInUser: true,
      holds: 'pendingOperation',
      tags: ['reauthenticationNeeded'],
      // The Google popup waits for a person: Cancel is its way out.
      onCancel: [{ target: 'idle', actions: ['clearMessages', 'clearPendingOperation'] }],
      input: ({ event }) => {
        assertEvent(event, 'REAUTHENTICATE');
        return event.password === undefined ? {} : { password: event.password };
      },
      onDone: [
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
      onError: [{ target: 'needsRecentLogin', actions: 'assignError' }],
    }),
    refreshingSession: operationState('refreshSession', {
      description: 'Reload the user, then force a new ID token.',
      actsAsSignedInUser: true,
      onDone: [
        followIfNotRegistered,
        {
          target: 'idle',
          actions: [
            { type: 'assignUser', params: ({ event }) => event.output },
            { type: 'assignNotice', params: 'session-refreshed' },
          ],
        },
      ],
      onError: [{ target: 'idle', actions: 'assignError' }],
    }),
    deletingAccount: operationState('deleteAccount', {
      ...sensitiveOperation,
      endsSignedOut: true,
      onDone: [
        {
          target: '#session.startingGuest',
          actions: [
            'clearPendingOperation',
            { type: 'assignUser', params: null },
            { type: 'assignNotice', params: 'account-deleted' },
          ],
        },
      ],
    }),
    offeringCarryOver: {
      description:
        'The sign-in discarded a guest that saved work: bring it (replace or merge) or leave it.',
      tags: ['carryOverOffered'],
      on: {
        CARRY_OVER: { target: 'carryingOver', actions: 'clearMessages' },
      },
    },
    carryingOver: operationState('carryOver', {
      description:
        "The backend moves (or deletes) the guest's work in one transaction, with both ID tokens.",
      actsAsSignedInUser: true,
      holds: 'discardedGuest',
      tags: ['carryOverOffered'],
      input: ({ context, event }) => {
        assertEvent(event, 'CARRY_OVER');
        if (!context.discardedGuest) throw new Error('carryingOver needs the guest');
        return { guestIdToken: context.discardedGuest.idToken, mode: event.mode };
      },
      onDone: [
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
        { guard: 'errorCanBeRetried', target: 'offeringCarryOver', actions: 'assignError' },
        { target: 'idle', actions: ['clearDiscardedGuest', 'assignError'] },
      ],
    }),
    ...anyUserOperationStates,
  },
});

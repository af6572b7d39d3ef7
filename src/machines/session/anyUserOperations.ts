import { assertEvent } from 'xstate';
import { operationState } from './operationState';

/** Password-reset e-mails need no signed-in user, so guests and registered users share these. */
export const sendingPasswordReset = operationState('sendPasswordReset', {
  input: ({ event }) => {
    assertEvent(event, 'SEND_PASSWORD_RESET');
    return { email: event.email };
  },
  onDone: [{ target: 'idle', actions: { type: 'assignNotice', params: 'password-reset-sent' } }],
  onError: [{ target: 'idle', actions: 'assignError' }],
});

export const confirmingPasswordReset = operationState('confirmPasswordReset', {
  input: ({ event }) => {
    assertEvent(event, 'CONFIRM_PASSWORD_RESET');
    return { oobCode: event.oobCode, newPassword: event.newPassword };
  },
  onDone: [{ target: 'idle', actions: { type: 'assignNotice', params: 'password-reset-done' } }],
  onError: [{ target: 'idle', actions: 'assignError' }],
});

/**
 * An e-mailed action's code needs no signed-in user either (the link may be opened anywhere). The
 * SDK's user is read back afterwards (reloaded, so a confirmed or changed address shows at once).
 * Anyone else than the user it ran for (nobody, when an address change ended the session; another
 * tab's user) is followed, with the same notice.
 */
export const applyingEmailAction = operationState('applyEmailAction', {
  input: ({ event }) => {
    assertEvent(event, 'APPLY_EMAIL_ACTION');
    return { oobCode: event.oobCode };
  },
  onDone: [
    {
      guard: { type: 'isSameUser', params: ({ event }) => event.output.user },
      target: 'idle',
      actions: [
        { type: 'assignUser', params: ({ event }) => event.output.user },
        { type: 'assignEmailActionNotice', params: ({ event }) => event.output.action },
      ],
    },
    {
      target: '#session.reconciling',
      actions: [
        'forgetPreviousUser',
        { type: 'assignUser', params: ({ event }) => event.output.user },
        { type: 'assignEmailActionNotice', params: ({ event }) => event.output.action },
      ],
    },
  ],
  onError: [{ target: 'idle', actions: 'assignError' }],
});

/** The three states, under `guest` and `authenticated` alike. */
export const anyUserOperationStates = {
  sendingPasswordReset,
  confirmingPasswordReset,
  applyingEmailAction,
};

/** Where either idle state starts them. */
export const anyUserOperationEvents = {
  SEND_PASSWORD_RESET: { target: 'sendingPasswordReset', actions: 'clearMessages' },
  CONFIRM_PASSWORD_RESET: { target: 'confirmingPasswordReset', actions: 'clearMessages' },
  APPLY_EMAIL_ACTION: { target: 'applyingEmailAction', actions: 'clearMessages' },
} as const;

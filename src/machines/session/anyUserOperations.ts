import { assertEvent } from 'xstate';
import { failedMeanwhile, followIfUserChanged, inFlight } from './reconciliation';
import { sessionSetup } from './sessionSetup';

/** Password-reset e-mails need no signed-in user, so guests and registered users share these. */
export const sendingPasswordReset = sessionSetup.createStateConfig({
  ...inFlight,
  tags: ['sendPasswordReset', 'busy'],
  invoke: {
    id: 'sendPasswordReset',
    src: 'sendPasswordReset',
    input: ({ event }) => {
      assertEvent(event, 'SEND_PASSWORD_RESET');
      return { email: event.email };
    },
    onDone: [
      followIfUserChanged,
      {
        target: 'idle',
        actions: { type: 'assignNotice', params: 'password-reset-sent' },
      },
    ],
    onError: [...failedMeanwhile, { target: 'idle', actions: 'assignError' }],
  },
});

export const confirmingPasswordReset = sessionSetup.createStateConfig({
  ...inFlight,
  tags: ['confirmPasswordReset', 'busy'],
  invoke: {
    id: 'confirmPasswordReset',
    src: 'confirmPasswordReset',
    input: ({ event }) => {
      assertEvent(event, 'CONFIRM_PASSWORD_RESET');
      return { oobCode: event.oobCode, newPassword: event.newPassword };
    },
    onDone: [
      followIfUserChanged,
      {
        target: 'idle',
        actions: { type: 'assignNotice', params: 'password-reset-done' },
      },
    ],
    onError: [...failedMeanwhile, { target: 'idle', actions: 'assignError' }],
  },
});

/**
 * An e-mailed action's code needs no signed-in user either (the link may be opened anywhere). The
 * SDK's user is read back afterwards (reloaded, so a confirmed or changed address shows at once).
 * Anyone else than the user it ran for (nobody, when an address change ended the session; another
 * tab's user) is followed, with the same notice.
 */
export const applyingEmailAction = sessionSetup.createStateConfig({
  ...inFlight,
  tags: ['applyEmailAction', 'busy'],
  invoke: {
    id: 'applyEmailAction',
    src: 'applyEmailAction',
    input: ({ event }) => {
      assertEvent(event, 'APPLY_EMAIL_ACTION');
      return { oobCode: event.oobCode };
    },
    onDone: [
      followIfUserChanged,
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
    onError: [...failedMeanwhile, { target: 'idle', actions: 'assignError' }],
  },
});

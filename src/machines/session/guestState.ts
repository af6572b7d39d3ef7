import { assertEvent } from 'xstate';
import { anyUserOperationEvents, anyUserOperationStates } from './anyUserOperations';
import { operationState } from './operationState';
import { atRestAs } from './reconciliation';
import { sessionSetup } from './sessionSetup';

/** An anonymous user (every visitor), and where a guest may go from here. */
export const guest = sessionSetup.createStateConfig({
  description: 'An anonymous user: may create an account, sign in, or continue with Google.',
  initial: 'idle',
  on: atRestAs('guest'),
  states: {
    idle: {
      on: {
        CREATE_ACCOUNT: {
          target: '#session.linking',
          actions: [
            'clearMessages',
            {
              type: 'assignRegistration',
              params: ({ event }) => ({ email: event.email, password: event.password }),
            },
          ],
        },
        SIGN_IN: { target: '#session.signingIn', actions: 'clearMessages' },
        CONTINUE_WITH_GOOGLE: {
          target: '#session.popupPending',
          actions: 'clearMessages',
        },
        SEND_SIGN_IN_LINK: { target: 'sendingSignInLink', actions: 'clearMessages' },
        COMPLETE_SIGN_IN_LINK: {
          target: '#session.completingSignInLink',
          actions: 'clearMessages',
        },
        ...anyUserOperationEvents,
      },
    },
    ...anyUserOperationStates,
    sendingSignInLink: operationState('sendSignInLink', {
      input: ({ event }) => {
        assertEvent(event, 'SEND_SIGN_IN_LINK');
        return { email: event.email };
      },
      onDone: [{ target: 'idle', actions: { type: 'assignNotice', params: 'sign-in-link-sent' } }],
      onError: [{ target: 'idle', actions: 'assignError' }],
    }),
  },
});

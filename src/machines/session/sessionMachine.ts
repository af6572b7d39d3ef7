import { assertEvent, sendTo } from 'xstate';
import { authenticated } from './authenticatedState';
import { guest } from './guestState';
import { DEFAULT_PASSWORD_POLICY } from './passwordPolicy';
import { operationState } from './operationState';
import { followUser, signedInToExistingAccount } from './reconciliation';
import { sessionSetup } from './sessionSetup';
import type { SessionContext } from './sessionTypes';

/** No session could be created: the person is offered a retry. */
const noSession = {
  target: 'sessionFailed',
  actions: ['logError', 'assignSessionFailed'],
} as const;

/** Nobody signed in yet, nothing pending or shown, and the default password rules. */
export const INITIAL_SESSION_CONTEXT: Readonly<SessionContext> = Object.freeze({
  user: null,
  error: null,
  notice: null,
  switchCredential: null,
  pendingOperation: null,
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  deferredAuthChange: null,
  discardedGuest: null,
  registration: null,
});

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  description:
    "The rule: at rest, the machine's user is the SDK's current user. An operation in flight " +
    'defers AUTH_CHANGED and reconciles when it settles; a pending operation and its error never ' +
    'outlive the user they were for; authenticated never holds a guest, guest never a registered user.',
  context: INITIAL_SESSION_CONTEXT,
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
    restoring: operationState('restoreSession', {
      description: 'Wait for the saved user and consume a pending redirect result.',
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
      onError: [noSession],
    }),

    startingGuest: operationState('startGuest', {
      description: 'Anonymous sign-in: every visitor has a session.',
      onDone: [
        { target: 'guest', actions: { type: 'assignUser', params: ({ event }) => event.output } },
      ],
      onError: [noSession],
    }),

    sessionFailed: {
      description: 'No session could be created: "Failed to create session", with a retry.',
      tags: ['failed'],
      on: {
        RETRY: { target: 'restoring', actions: 'clearMessages' },
        AUTH_CHANGED: followUser('sessionFailed'),
      },
    },

    reconciling: {
      description:
        "The SDK's user changed while an operation ran: go to the state for that user's kind.",
      always: [
        { guard: 'hasRegisteredUser', target: 'authenticated' },
        { guard: 'hasGuestUser', target: 'guest' },
        { target: 'startingGuest' },
      ],
    },

    guest,

    linking: operationState('createAccount', {
      description: 'Link an e-mail/password credential to the guest: same uid.',
      actsAsSignedInUser: true,
      // Another tab registering this guest first (this tab's link then fails) is followed: both
      // tabs show that account, and this one offers its own address back.
      registersGuest: true,
      input: ({ event }) => {
        assertEvent(event, 'CREATE_ACCOUNT');
        return { email: event.email, password: event.password };
      },
      onDone: [
        {
          guard: { type: 'verificationWasSent', params: ({ event }) => event.output },
          target: 'authenticated',
          actions: [
            'clearRegistration',
            { type: 'assignUser', params: ({ event }) => event.output.user },
            { type: 'assignNotice', params: 'verification-sent' },
          ],
        },
        {
          target: 'authenticated',
          actions: [
            'clearRegistration',
            { type: 'assignUser', params: ({ event }) => event.output.user },
          ],
        },
      ],
      // An e-mail that already has an account is said so (email-already-in-use): signing in to it
      // would discard this guest, which only the person may choose (with Sign in).
      onError: [{ target: 'guest', actions: ['clearRegistration', 'assignError'] }],
    }),

    signingIn: operationState('signIn', {
      description: 'Sign in to an existing e-mail/password account; the guest is discarded.',
      input: ({ event }) => {
        assertEvent(event, 'SIGN_IN');
        return { email: event.email, password: event.password };
      },
      onDone: signedInToExistingAccount(),
      onError: [{ target: 'guest', actions: 'assignError' }],
    }),

    completingSignInLink: operationState('completeSignInLink', {
      description:
        "An e-mailed sign-in link: linked to the guest (same uid); an address that has an account signs in to it, and the guest's work is offered.",
      actsAsSignedInUser: true,
      input: ({ event }) => {
        assertEvent(event, 'COMPLETE_SIGN_IN_LINK');
        return event.email === undefined
          ? { link: event.link }
          : { link: event.link, email: event.email };
      },
      onDone: signedInToExistingAccount(),
      onError: [{ target: 'guest', actions: 'assignError' }],
    }),

    popupPending: operationState('continueWithGoogle', {
      description: 'Link Google to the guest in a popup (the account chooser is always shown).',
      actsAsSignedInUser: true,
      onCancel: [{ target: 'guest' }],
      onDone: [
        {
          target: 'authenticated',
          actions: { type: 'assignUser', params: ({ event }) => event.output },
        },
      ],
      onError: [
        { guard: 'errorNeedsRedirect', target: 'redirecting' },
        {
          guard: 'errorCarriesSwitchCredential',
          target: 'switchingAccount',
          actions: 'assignSwitchCredential',
        },
        { guard: 'errorIsExpected', target: 'guest', actions: 'assignError' },
        { target: 'guest', actions: ['logError', 'assignError'] },
      ],
    }),

    redirecting: operationState('redirectToGoogle', {
      description: 'Link Google with a full-page redirect; restoring picks up the result.',
      actsAsSignedInUser: true,
      onError: [{ target: 'guest', actions: ['logError', 'assignError'] }],
    }),

    switchingAccount: operationState('switchAccount', {
      description:
        'The credential belongs to an existing account: sign in to it. The guest is discarded.',
      input: ({ context }) => {
        if (!context.switchCredential) throw new Error('switchingAccount needs a credential');
        return context.switchCredential;
      },
      onDone: signedInToExistingAccount(['clearSwitchCredential']),
      // The guest is still signed in when the switch fails (wrong password, disabled account).
      onError: [{ target: 'guest', actions: ['clearSwitchCredential', 'assignError'] }],
    }),

    authenticated,

    signingOut: operationState('signOut', {
      description: 'Sign out, then start a fresh guest at once.',
      endsSignedOut: true,
      onDone: [
        // Signed out to use this tab's own address: the form, filled again, says enough.
        {
          guard: 'hasRegistration',
          target: 'startingGuest',
          actions: { type: 'assignUser', params: null },
        },
        // The provider ended the session (its error says why): not the person's own sign-out.
        {
          guard: 'hasError',
          target: 'startingGuest',
          actions: [
            { type: 'assignUser', params: null },
            { type: 'assignNotice', params: 'signed-out' },
          ],
        },
        {
          target: 'startingGuest',
          actions: [
            { type: 'assignUser', params: null },
            { type: 'assignNotice', params: 'you-signed-out' },
          ],
        },
      ],
      // A new anonymous sign-in replaces whatever user is left, so go on to a fresh guest.
      onError: [{ target: 'startingGuest', actions: ['logError', 'assignError'] }],
    }),
  },
});

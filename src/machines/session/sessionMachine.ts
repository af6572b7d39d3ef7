import {
  assertEvent,
  assign,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  type EventObject,
} from 'xstate';
import { handlingOf, type ErrorHandling } from './errorCatalogue';
import {
  addressedNoticeFor,
  noticeFor,
  type NoticeCode,
  type PlainNoticeCode,
} from './noticeCatalogue';
import { DEFAULT_PASSWORD_POLICY } from './passwordPolicy';
import { failureOf, logSummaryOf, SessionFailure } from './sessionFailure';
import type { CarryOverMode, CarryOverResponse } from '../../backendApi';
import type {
  AccountCreated,
  DiscardedGuest,
  EmailAction,
  EmailActionResult,
  EmailPassword,
  PasswordPolicy,
  PendingOperation,
  RestoreResult,
  SessionContext,
  SessionEvent,
  SessionTag,
  SessionUser,
  SignInResult,
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

/** The same account in the same kind: a token refresh or a profile change, not another user. */
function sameUser(a: SessionUser | null, b: SessionUser | null): boolean {
  return (
    a === b || (a !== null && b !== null && a.uid === b.uid && a.isAnonymous === b.isAnonymous)
  );
}

function isSessionUser(value: unknown): value is SessionUser {
  return typeof value === 'object' && value !== null && 'uid' in value && 'isAnonymous' in value;
}

/**
 * The user the SDK should hold once an operation settles with `event`, if nothing else happened
 * meanwhile: the user it produced, else the user it ran for. (A sign-out or a deletion expects
 * nobody: those settle through `followIfSignedInMeanwhile`.)
 */
function expectedUserAfter(context: SessionContext, event: EventObject): SessionUser | null {
  if (!('output' in event)) return context.user;
  const { output } = event;
  if (isSessionUser(output)) return output;
  if (typeof output === 'object' && output !== null && 'user' in output) {
    return isSessionUser(output.user) ? output.user : null;
  }
  return context.user;
}

function handles(event: EventObject, handling: ErrorHandling): boolean {
  return handlingOf(failureIn(event).code) === handling;
}

const EMAIL_ACTION_NOTICES = {
  verifyEmail: 'email-verified',
  verifyAndChangeEmail: 'email-changed',
  recoverEmail: 'email-change-undone',
} as const satisfies Record<EmailAction, NoticeCode>;

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
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
    createAccount: fromPromise<AccountCreated, EmailPassword>(notProvided('createAccount')),
    signIn: fromPromise<SignInResult, EmailPassword>(notProvided('signIn')),
    continueWithGoogle: fromPromise<SessionUser>(notProvided('continueWithGoogle')),
    redirectToGoogle: fromPromise<void>(notProvided('redirectToGoogle')),
    switchAccount: fromPromise<SignInResult, SwitchCredential>(notProvided('switchAccount')),
    signOut: fromPromise<void>(notProvided('signOut')),
    sendPasswordReset: fromPromise<void, { email: string }>(notProvided('sendPasswordReset')),
    confirmPasswordReset: fromPromise<void, { oobCode: string; newPassword: string }>(
      notProvided('confirmPasswordReset'),
    ),
    changePassword: fromPromise<void, { newPassword: string; currentPassword?: string }>(
      notProvided('changePassword'),
    ),
    reauthenticate: fromPromise<SessionUser, { password?: string }>(notProvided('reauthenticate')),
    refreshSession: fromPromise<SessionUser>(notProvided('refreshSession')),
    deleteAccount: fromPromise<void>(notProvided('deleteAccount')),
    carryOver: fromPromise<CarryOverResponse, { guestIdToken: string; mode: CarryOverMode }>(
      notProvided('carryOver'),
    ),
    sendSignInLink: fromPromise<void, { email: string }>(notProvided('sendSignInLink')),
    /** Links the link's address to the guest (same uid), or signs in to its existing account. */
    completeSignInLink: fromPromise<SignInResult, { link: string; email?: string }>(
      notProvided('completeSignInLink'),
    ),
    sendEmailVerification: fromPromise<void>(notProvided('sendEmailVerification')),
    applyEmailAction: fromPromise<EmailActionResult, { oobCode: string }>(
      notProvided('applyEmailAction'),
    ),
    changeEmail: fromPromise<void, { newEmail: string; currentPassword?: string }>(
      notProvided('changeEmail'),
    ),
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
    clearSwitchCredential: assign({ switchCredential: null }),
    assignPendingOperation: assign((_, pendingOperation: PendingOperation) => ({
      pendingOperation,
    })),
    clearPendingOperation: assign({ pendingOperation: null }),
    deferAuthChange: assign(({ event }) => {
      assertEvent(event, 'AUTH_CHANGED');
      return { deferredAuthChange: event };
    }),
    clearDeferredAuthChange: assign({ deferredAuthChange: null }),
    /** Take the SDK's user seen while an operation ran; what the operation was for is gone. */
    adoptDeferredUser: assign(({ context }) => ({
      user: context.deferredAuthChange?.user ?? null,
      deferredAuthChange: null,
      pendingOperation: null,
      switchCredential: null,
      discardedGuest: null,
      error: null,
      notice:
        context.user !== null && !context.user.isAnonymous && !context.deferredAuthChange?.user
          ? noticeFor('signed-out')
          : null,
    })),
    /** Another user (not a refresh of the same one): whatever was pending was for the old one. */
    /** Another user now: nothing pending, shown or offered (`registration`) was theirs. */
    forgetPreviousUser: assign({
      pendingOperation: null,
      switchCredential: null,
      discardedGuest: null,
      error: null,
      notice: null,
      registration: null,
    }),
    assignDiscardedGuest: assign((_, discardedGuest: DiscardedGuest | null) => ({
      discardedGuest,
    })),
    clearDiscardedGuest: assign({ discardedGuest: null }),
    /** Whatever the person does next makes the offer of their own address (`registration`) moot. */
    clearMessages: assign({ error: null, notice: null, registration: null }),
    /** USE_OWN_ADDRESS keeps the registration: the form gets it back after signing out. */
    clearNotice: assign({ error: null, notice: null }),
    assignRegistration: assign((_, registration: EmailPassword) => ({ registration })),
    clearRegistration: assign({ registration: null }),
    /**
     * Another tab registered the guest this tab was registering: follow that account, and say
     * which address holds the guest's work (this tab's own address is kept for USE_OWN_ADDRESS).
     */
    followRegistrationElsewhere: assign(({ context }) => {
      const user = context.deferredAuthChange?.user ?? null;
      return {
        user,
        deferredAuthChange: null,
        error: null,
        notice: addressedNoticeFor(
          'registered-in-another-tab',
          user?.email ?? 'another sign-in method',
        ),
      };
    }),
    assignNotice: assign((_, code: PlainNoticeCode) => ({ notice: noticeFor(code) })),
    assignCarriedOverNotice: assign((_, mode: CarryOverMode) => ({
      notice: noticeFor(mode === 'leave' ? 'guest-work-left' : 'guest-work-brought'),
    })),
    assignEmailActionNotice: assign((_, action: EmailAction) => ({
      notice: noticeFor(EMAIL_ACTION_NOTICES[action]),
    })),
    logError: ({ event }) => {
      console.error('[session]', logSummaryOf(failureIn(event)));
    },
  },
  guards: {
    /** The provider revoked the current user's session: it must end (the statechart contract). */
    isSessionRevoked: ({ event }) => handles(event, 'signOut'),
    errorCarriesSwitchCredential: ({ event }) =>
      handles(event, 'switch') && failureIn(event).switchCredential !== undefined,
    errorNeedsRedirect: ({ event }) => handles(event, 'redirect'),
    errorNeedsRecentLogin: ({ event }) => handles(event, 'reauthenticate'),
    errorIsExpected: ({ event }) => handles(event, 'rethrow'),
    errorCanBeRetried: ({ event }) => handles(event, 'retry'),
    /** The sign-in discarded a guest that saved something (or may have): offer to carry it over. */
    discardsGuestWork: (_, result: SignInResult) =>
      result.discardedGuest !== null && result.discardedGuest.work !== 'none',
    redirectNeedsSwitch: (_, restored: RestoreResult) =>
      restored.user?.isAnonymous === true &&
      restored.redirectError !== null &&
      handlingOf(restored.redirectError.code) === 'switch' &&
      failureOf(restored.redirectError).switchCredential !== undefined,
    isRegistered: (_, user: SessionUser | null) => user !== null && !user.isAnonymous,
    isAnonymous: (_, user: SessionUser | null) => user?.isAnonymous === true,
    isNotRegistered: (_, user: SessionUser | null) => user === null || user.isAnonymous,
    pendingIsPasswordChange: ({ context }) => context.pendingOperation?.kind === 'changePassword',
    pendingIsEmailChange: ({ context }) => context.pendingOperation?.kind === 'changeEmail',
    verificationWasSent: (_, created: AccountCreated) => created.verificationSent,
    isSameUser: ({ context }, user: SessionUser | null) => sameUser(context.user, user),
    /** The SDK's user changed while the operation ran, to someone it did not produce. */
    userChangedMeanwhile: ({ context, event }) =>
      context.deferredAuthChange !== null &&
      !sameUser(context.deferredAuthChange.user, expectedUserAfter(context, event)),
    /** After a sign-out or deletion: the SDK holds someone again (another tab signed in). */
    signedInMeanwhile: ({ context }) =>
      context.deferredAuthChange !== null && context.deferredAuthChange.user !== null,
    /**
     * The SDK now holds someone (not nobody) whom the operation did not produce: another tab signed
     * in, or registered this very guest. Follow it rather than act on this tab's stale failure,
     * which could sign every tab out.
     */
    someoneElseMeanwhile: ({ context, event }) =>
      context.deferredAuthChange !== null &&
      context.deferredAuthChange.user !== null &&
      !sameUser(context.deferredAuthChange.user, expectedUserAfter(context, event)),
    /** The guest this tab was registering is now registered (by another tab, through storage). */
    guestRegisteredMeanwhile: ({ context }) => {
      const meanwhile = context.deferredAuthChange?.user ?? null;
      return (
        context.user?.isAnonymous === true &&
        meanwhile !== null &&
        !meanwhile.isAnonymous &&
        meanwhile.uid === context.user.uid
      );
    },
    hasRegistration: ({ context }) => context.registration !== null,
    hasRegisteredUser: ({ context }) => context.user !== null && !context.user.isAnonymous,
    hasGuestUser: ({ context }) => context.user?.isAnonymous === true,
    hasError: ({ context }) => context.error !== null,
  },
});

/**
 * A sign-in (or a switch) to an existing account has replaced the guest: when the guest saved
 * something, the person chooses what happens to it before anything else; otherwise it is done.
 */
function signedInToExistingAccount(clear: readonly 'clearSwitchCredential'[] = []) {
  const result = ({ event }: { event: { output: SignInResult } }) => event.output;
  const assignSignedInUser = {
    type: 'assignUser' as const,
    params: ({ event }: { event: { output: SignInResult } }) => event.output.user,
  };
  return [
    {
      guard: { type: 'discardsGuestWork' as const, params: result },
      target: '#session.authenticated.offeringCarryOver',
      actions: [
        ...clear,
        assignSignedInUser,
        {
          type: 'assignDiscardedGuest' as const,
          params: ({ event }: { event: { output: SignInResult } }) => event.output.discardedGuest,
        },
      ],
    },
    { target: '#session.authenticated', actions: [...clear, assignSignedInUser] },
  ];
}

/**
 * While an operation runs, AUTH_CHANGED is deferred, not applied: the operation's own result or
 * error says what happened (a disabled user learns why), and the change is reconciled when the
 * operation settles (`afterSettling`), so it is never lost.
 */
const inFlight = sessionSetup.createStateConfig({
  entry: 'clearDeferredAuthChange',
  on: { AUTH_CHANGED: { actions: 'deferAuthChange' } },
});

/**
 * First on every settle (and Cancel): the SDK's user changed while the operation ran, to someone
 * the operation did not produce, so follow that user instead of the operation's outcome.
 */
const followIfUserChanged = {
  guard: 'userChangedMeanwhile',
  target: '#session.reconciling',
  actions: 'adoptDeferredUser',
} as const;

/** `followIfUserChanged` for the operations that leave nobody signed in (sign-out, deletion). */
const followIfSignedInMeanwhile = { ...followIfUserChanged, guard: 'signedInMeanwhile' } as const;

/**
 * Reloading or re-authenticating reads the SDK's current user, which another tab may have
 * replaced with a guest by now: then follow that user, never keep a guest as registered.
 */
const followIfNotRegistered = {
  guard: {
    type: 'isNotRegistered',
    params: ({ event }: { event: { output: SessionUser } }) => event.output,
  },
  target: '#session.reconciling',
  actions: [
    'forgetPreviousUser',
    { type: 'assignUser', params: ({ event }: { event: { output: SessionUser } }) => event.output },
  ],
} as const;

/**
 * First on every failure: someone (not nobody) is signed in now whom the operation did not
 * produce: another tab signed in, or registered this very guest. Follow them rather than act on
 * this tab's stale failure (signing out would sign every tab out). Then a revoked session ends,
 * saying why, before any other change is followed.
 */
const followIfSomeoneElse = {
  guard: 'someoneElseMeanwhile',
  target: '#session.reconciling',
  actions: 'adoptDeferredUser',
} as const;

/** Password-reset e-mails need no signed-in user, so guests and registered users share these. */
const sendingPasswordReset = sessionSetup.createStateConfig({
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
    onError: [followIfSomeoneElse, followIfUserChanged, { target: 'idle', actions: 'assignError' }],
  },
});

const confirmingPasswordReset = sessionSetup.createStateConfig({
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
    onError: [followIfSomeoneElse, followIfUserChanged, { target: 'idle', actions: 'assignError' }],
  },
});

/**
 * An e-mailed action's code needs no signed-in user either (the link may be opened anywhere). The
 * SDK's user is read back afterwards (reloaded, so a confirmed or changed address shows at once).
 * Anyone else than the user it ran for (nobody, when an address change ended the session; another
 * tab's user) is followed, with the same notice.
 */
const applyingEmailAction = sessionSetup.createStateConfig({
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
    onError: [followIfSomeoneElse, followIfUserChanged, { target: 'idle', actions: 'assignError' }],
  },
});

type RestingState = 'guest' | 'authenticated' | 'sessionFailed';

/**
 * AUTH_CHANGED at rest: the machine follows the SDK's user. The same user (a token refresh) is
 * taken in place; another user leads to the state for its kind, and whatever was pending for the
 * previous user (an operation waiting for re-authentication, a message) is dropped.
 */
function followUser(from: RestingState) {
  const eventUser = ({ event }: { event: { user: SessionUser | null } }) => event.user;
  const assignEventUser = { type: 'assignUser' as const, params: eventUser };
  return [
    { guard: { type: 'isSameUser' as const, params: eventUser }, actions: assignEventUser },
    {
      guard: { type: 'isRegistered' as const, params: eventUser },
      target: '#session.authenticated',
      reenter: true,
      actions: ['forgetPreviousUser' as const, assignEventUser],
    },
    {
      guard: { type: 'isAnonymous' as const, params: eventUser },
      target: '#session.guest',
      reenter: true,
      actions: ['forgetPreviousUser' as const, assignEventUser],
    },
    // Nobody: every visitor has a session, so start a guest.
    {
      target: '#session.startingGuest',
      actions: [
        'forgetPreviousUser' as const,
        { type: 'assignUser' as const, params: null },
        ...(from === 'authenticated'
          ? [{ type: 'assignNotice' as const, params: 'signed-out' as const }]
          : []),
      ],
    },
  ];
}

/**
 * How changing the password and deleting the account fail: a revoked session ends; a provider that
 * wants a recent sign-in gets one, after which the operation runs again; anything else is shown.
 */
function sensitiveOperationErrors() {
  return [
    followIfSomeoneElse,
    {
      guard: 'isSessionRevoked' as const,
      target: '#session.signingOut',
      actions: ['clearPendingOperation' as const, 'assignError' as const],
    },
    followIfUserChanged,
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
  description:
    "The rule: at rest, the machine's user is the SDK's current user. An operation in flight " +
    'defers AUTH_CHANGED and reconciles when it settles; a pending operation and its error never ' +
    'outlive the user they were for; authenticated never holds a guest, guest never a registered user.',
  context: {
    user: null,
    error: null,
    notice: null,
    switchCredential: null,
    pendingOperation: null,
    passwordPolicy: DEFAULT_PASSWORD_POLICY,
    deferredAuthChange: null,
    discardedGuest: null,
    registration: null,
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
      ...inFlight,
      description: 'Wait for the saved user and consume a pending redirect result.',
      tags: ['restoreSession', 'busy'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          followIfUserChanged,
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
        onError: [
          followIfSomeoneElse,
          followIfUserChanged,
          {
            target: 'sessionFailed',
            actions: ['logError', 'assignSessionFailed'],
          },
        ],
      },
    },

    startingGuest: {
      ...inFlight,
      description: 'Anonymous sign-in: every visitor has a session.',
      tags: ['startGuest', 'busy'],
      invoke: {
        id: 'startGuest',
        src: 'startGuest',
        onDone: [
          followIfUserChanged,
          {
            target: 'guest',
            actions: { type: 'assignUser', params: ({ event }) => event.output },
          },
        ],
        onError: [
          followIfSomeoneElse,
          followIfUserChanged,
          {
            target: 'sessionFailed',
            actions: ['logError', 'assignSessionFailed'],
          },
        ],
      },
    },

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
            SEND_PASSWORD_RESET: { target: 'sendingPasswordReset', actions: 'clearMessages' },
            CONFIRM_PASSWORD_RESET: { target: 'confirmingPasswordReset', actions: 'clearMessages' },
            SEND_SIGN_IN_LINK: { target: 'sendingSignInLink', actions: 'clearMessages' },
            COMPLETE_SIGN_IN_LINK: {
              target: '#session.completingSignInLink',
              actions: 'clearMessages',
            },
            APPLY_EMAIL_ACTION: { target: 'applyingEmailAction', actions: 'clearMessages' },
          },
        },
        sendingPasswordReset,
        confirmingPasswordReset,
        applyingEmailAction,
        sendingSignInLink: {
          ...inFlight,
          tags: ['sendSignInLink', 'busy'],
          invoke: {
            id: 'sendSignInLink',
            src: 'sendSignInLink',
            input: ({ event }) => {
              assertEvent(event, 'SEND_SIGN_IN_LINK');
              return { email: event.email };
            },
            onDone: [
              followIfUserChanged,
              { target: 'idle', actions: { type: 'assignNotice', params: 'sign-in-link-sent' } },
            ],
            onError: [
              followIfSomeoneElse,
              followIfUserChanged,
              { target: 'idle', actions: 'assignError' },
            ],
          },
        },
      },
    },

    linking: {
      ...inFlight,
      description: 'Link an e-mail/password credential to the guest: same uid.',
      tags: ['createAccount', 'busy'],
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ event }) => {
          assertEvent(event, 'CREATE_ACCOUNT');
          return { email: event.email, password: event.password };
        },
        onDone: [
          { ...followIfUserChanged, actions: ['clearRegistration', 'adoptDeferredUser'] },
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
        // Another tab registered this guest first (this tab's link then fails): both tabs show
        // that account, and this one offers its own address back. An e-mail that already has an
        // account is said so (email-already-in-use): signing in to it would discard this guest,
        // which only the person may choose (with Sign in).
        onError: [
          {
            guard: 'guestRegisteredMeanwhile',
            target: 'authenticated',
            actions: 'followRegistrationElsewhere',
          },
          { ...followIfSomeoneElse, actions: ['clearRegistration', 'adoptDeferredUser'] },
          {
            guard: 'isSessionRevoked',
            target: 'signingOut',
            actions: ['clearRegistration', 'assignError'],
          },
          { ...followIfUserChanged, actions: ['clearRegistration', 'adoptDeferredUser'] },
          { target: 'guest', actions: ['clearRegistration', 'assignError'] },
        ],
      },
    },

    signingIn: {
      ...inFlight,
      description: 'Sign in to an existing e-mail/password account; the guest is discarded.',
      tags: ['signIn', 'busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'SIGN_IN');
          return { email: event.email, password: event.password };
        },
        onDone: [followIfUserChanged, ...signedInToExistingAccount()],
        onError: [
          followIfSomeoneElse,
          followIfUserChanged,
          { target: 'guest', actions: 'assignError' },
        ],
      },
    },

    completingSignInLink: {
      ...inFlight,
      description:
        "An e-mailed sign-in link: linked to the guest (same uid); an address that has an account signs in to it, and the guest's work is offered.",
      tags: ['completeSignInLink', 'busy'],
      invoke: {
        id: 'completeSignInLink',
        src: 'completeSignInLink',
        input: ({ event }) => {
          assertEvent(event, 'COMPLETE_SIGN_IN_LINK');
          return event.email === undefined
            ? { link: event.link }
            : { link: event.link, email: event.email };
        },
        onDone: [followIfUserChanged, ...signedInToExistingAccount()],
        onError: [
          followIfSomeoneElse,
          { guard: 'isSessionRevoked', target: 'signingOut', actions: 'assignError' },
          followIfUserChanged,
          { target: 'guest', actions: 'assignError' },
        ],
      },
    },

    popupPending: {
      ...inFlight,
      description: 'Link Google to the guest in a popup (the account chooser is always shown).',
      tags: ['continueWithGoogle', 'busy'],
      on: {
        AUTH_CHANGED: { actions: 'deferAuthChange' },
        CANCEL: [followIfUserChanged, { target: 'guest' }],
      },
      invoke: {
        id: 'continueWithGoogle',
        src: 'continueWithGoogle',
        onDone: [
          followIfUserChanged,
          {
            target: 'authenticated',
            actions: { type: 'assignUser', params: ({ event }) => event.output },
          },
        ],
        onError: [
          followIfSomeoneElse,
          { guard: 'isSessionRevoked', target: 'signingOut', actions: 'assignError' },
          followIfUserChanged,
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
      ...inFlight,
      description: 'Link Google with a full-page redirect; restoring picks up the result.',
      tags: ['redirectToGoogle', 'busy'],
      invoke: {
        id: 'redirectToGoogle',
        src: 'redirectToGoogle',
        onError: [
          followIfSomeoneElse,
          { guard: 'isSessionRevoked', target: 'signingOut', actions: 'assignError' },
          followIfUserChanged,
          { target: 'guest', actions: ['logError', 'assignError'] },
        ],
      },
    },

    switchingAccount: {
      ...inFlight,
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
        onDone: [followIfUserChanged, ...signedInToExistingAccount(['clearSwitchCredential'])],
        // The guest is still signed in when the switch fails (wrong password, disabled account).
        onError: [
          followIfSomeoneElse,
          followIfUserChanged,
          {
            target: 'guest',
            actions: ['clearSwitchCredential', 'assignError'],
          },
        ],
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
            onError: [
              followIfSomeoneElse,
              { guard: 'isSessionRevoked', target: '#session.signingOut', actions: 'assignError' },
              followIfUserChanged,
              { target: 'idle', actions: 'assignError' },
            ],
          },
        },
        changingEmail: {
          ...inFlight,
          description:
            'E-mail a link to the new address; the address changes only when it is opened.',
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
              return currentPassword === undefined
                ? { newPassword }
                : { newPassword, currentPassword };
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
              followIfSomeoneElse,
              {
                guard: 'isSessionRevoked',
                target: '#session.signingOut',
                actions: ['clearPendingOperation', 'assignError'],
              },
              followIfUserChanged,
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
            onError: [
              followIfSomeoneElse,
              { guard: 'isSessionRevoked', target: '#session.signingOut', actions: 'assignError' },
              followIfUserChanged,
              { target: 'idle', actions: 'assignError' },
            ],
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
              followIfSomeoneElse,
              {
                guard: 'isSessionRevoked',
                target: '#session.signingOut',
                actions: ['clearDiscardedGuest', 'assignError'],
              },
              followIfUserChanged,
              { guard: 'errorCanBeRetried', target: 'offeringCarryOver', actions: 'assignError' },
              { target: 'idle', actions: ['clearDiscardedGuest', 'assignError'] },
            ],
          },
        },
        sendingPasswordReset,
        confirmingPasswordReset,
        applyingEmailAction,
      },
    },

    signingOut: {
      ...inFlight,
      description: 'Sign out, then start a fresh guest at once.',
      tags: ['signOut', 'busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: [
          followIfSignedInMeanwhile,
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
        onError: [
          followIfSomeoneElse,
          followIfUserChanged,
          {
            target: 'startingGuest',
            actions: ['logError', 'assignError'],
          },
        ],
      },
    },
  },
});

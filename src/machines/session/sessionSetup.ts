import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { handlingOf, type ErrorHandling } from './errorCatalogue';
import {
  addressedNoticeFor,
  noticeFor,
  type NoticeCode,
  type PlainNoticeCode,
} from './noticeCatalogue';
import { failureOf, logSummaryOf, SessionFailure } from './sessionFailure';
import type { CarryOverMode, CarryOverResponse } from '../../../contract';
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

/**
 * The session machine's vocabulary: the actors the Firebase service provides, and the named actions
 * and guards its states are written in.
 */
export const sessionSetup = setup({
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
    errorIsExpected: ({ event }) => handles(event, 'show'),
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

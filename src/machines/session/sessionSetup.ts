import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import * as updates from './sessionActions';
import { SESSION_GUARDS } from './sessionGuards';
import type { CarryOverMode, CarryOverResponse } from '../../../contract';
import type {
  AccountCreated,
  EmailActionResult,
  EmailPassword,
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
    assignUser: assign(updates.assignUser),
    assignPasswordPolicy: assign(updates.assignPasswordPolicy),
    assignError: assign(updates.assignError),
    assignSessionFailed: assign(updates.assignSessionFailed),
    assignRestoredError: assign(updates.assignRestoredError),
    assignSwitchCredential: assign(updates.assignSwitchCredential),
    assignRestoredSwitchCredential: assign(updates.assignRestoredSwitchCredential),
    clearSwitchCredential: assign(updates.clearSwitchCredential),
    assignPendingOperation: assign(updates.assignPendingOperation),
    clearPendingOperation: assign(updates.clearPendingOperation),
    deferAuthChange: assign(updates.deferAuthChange),
    clearDeferredAuthChange: assign(updates.clearDeferredAuthChange),
    adoptDeferredUser: assign(updates.adoptDeferredUser),
    forgetPreviousUser: assign(updates.forgetPreviousUser),
    assignDiscardedGuest: assign(updates.assignDiscardedGuest),
    clearDiscardedGuest: assign(updates.clearDiscardedGuest),
    clearMessages: assign(updates.clearMessages),
    clearNotice: assign(updates.clearNotice),
    assignRegistration: assign(updates.assignRegistration),
    clearRegistration: assign(updates.clearRegistration),
    followRegistrationElsewhere: assign(updates.followRegistrationElsewhere),
    assignNotice: assign(updates.assignNotice),
    assignCarriedOverNotice: assign(updates.assignCarriedOverNotice),
    assignEmailActionNotice: assign(updates.assignEmailActionNotice),
    logError: updates.logError,
  },
  guards: SESSION_GUARDS,
});

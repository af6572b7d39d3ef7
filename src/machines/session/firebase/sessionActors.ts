import {
  applyActionCode,
  ActionCodeOperation,
  checkActionCode,
  confirmPasswordReset as confirmPasswordResetWithCode,
  deleteUser,
  EmailAuthProvider,
  getIdToken,
  linkWithCredential,
  linkWithPopup,
  linkWithRedirect,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  reload,
  sendEmailVerification as sendVerificationEmail,
  sendPasswordResetEmail,
  signInAnonymously,
  signInWithCredential,
  signInWithEmailAndPassword,
  signOut,
  updatePassword as updateUserPassword,
  verifyBeforeUpdateEmail,
  type Auth,
  type PopupRedirectResolver,
} from 'firebase/auth';
import { fromCallback, fromPromise, type EventObject, type NonReducibleUnknown } from 'xstate';
import type { CarryOverMode, CarryOverResponse } from '../../../../contract';
import { PATHS } from '../../../paths';
import { continueLinkFor } from '../continueLink';
import { memoryEmailLinkAddressStore, type EmailLinkAddressStore } from '../emailLinkAddress';
import { handlingOf } from '../errorCatalogue';
import { summarizeThrown } from '../inspectionRedaction';
import { DEFAULT_PASSWORD_POLICY } from '../passwordPolicy';
import { closingPopupOnAbort } from '../popupWindow';
import type { SessionBackend } from '../sessionBackend';
import { clientCodeOf, SessionFailure } from '../sessionFailure';
import type {
  AccountCreated,
  AuthChangedEvent,
  EmailAction,
  EmailActionResult,
  EmailPassword,
  PasswordPolicyLoadedEvent,
  RestoreResult,
  SessionUser,
  SignInResult,
  SwitchCredential,
} from '../sessionTypes';
import {
  asGoogleLinkFailure,
  credentialToSwitchTo,
  googleProvider,
  passwordCredentialFor,
  redirectFailureOf,
} from './credentials';
import { createEmailLinks } from './emailLinks';
import { linkGuest } from './guestLinking';
import { createGuestReplacement } from './guestReplacement';
import { providerPasswordPolicy } from './providerPasswordPolicy';
import { currentUserOf, sessionUserOf, toSessionUser } from './sdkUser';
import {
  OPERATION_LIMIT,
  REDIRECT_START_LIMIT,
  waitsForPerson,
  withinLimit,
  type TimeLimit,
} from './timeLimits';

export interface SessionActorsOptions {
  /** The site's own origin: e-mailed links lead back to it. */
  origin: string;
  /**
   * Popups and redirects (Google) need one, so only the browser has it; without it, restoring
   * doesn't look for a redirect result (there can be none).
   */
  popupRedirectResolver?: PopupRedirectResolver;
  /**
   * False to use the default password policy without asking the provider: the Auth Emulator does
   * not implement the policy endpoint, and the browser would log its 501 as a console error.
   */
  askProviderForPasswordPolicy?: boolean;
  /**
   * The product backend. Without one (tests of the provider alone) a sign-in discards its guest
   * with nothing to carry over, and deleting an account deletes the Firebase user only.
   */
  backend?: SessionBackend;
  /** Where the address a sign-in link went to is remembered; in memory unless given. */
  emailLinkAddresses?: EmailLinkAddressStore;
}

/** Which e-mailed action a code is for, as the provider says; other codes are not applied here. */
const EMAIL_ACTION_OF_OPERATION: Partial<Record<string, EmailAction>> = {
  [ActionCodeOperation.VERIFY_EMAIL]: 'verifyEmail',
  [ActionCodeOperation.VERIFY_AND_CHANGE_EMAIL]: 'verifyAndChangeEmail',
  [ActionCodeOperation.RECOVER_EMAIL]: 'recoverEmail',
};

/**
 * The actor logics for `sessionMachine.provide({ actors })`. `getAuth` is called by each
 * operation when it runs, so the Auth instance can be created lazily.
 */
export function createSessionActors(getAuth: () => Auth, options: SessionActorsOptions) {
  const resolver = options.popupRedirectResolver;
  const backend = options.backend;
  const emailLinkAddresses = options.emailLinkAddresses ?? memoryEmailLinkAddressStore();
  const linkBackTo = (path: string) => continueLinkFor(path, options.origin);
  const signInReplacingGuest = createGuestReplacement(backend);
  const { sendSignInLinkTo, completeSignInLinkFor } = createEmailLinks({
    addresses: emailLinkAddresses,
    linkBackTo,
    signInReplacingGuest,
  });

  /** Runs with the Auth instance, bounded in time, rejecting only with SessionFailure. */
  function operation<TOutput, TInput = NonReducibleUnknown>(
    run: (auth: Auth, input: TInput, signal: AbortSignal) => Promise<TOutput>,
    limitFor: (input: TInput) => TimeLimit | null = () => OPERATION_LIMIT,
  ) {
    // `signal` aborts when the machine stops the operation (Cancel).
    return fromPromise<TOutput, TInput>(({ input, signal }) =>
      withinLimit(() => run(getAuth(), input, signal), limitFor(input)),
    );
  }

  return {
    watchAuth: fromCallback<EventObject>(({ sendBack }) =>
      onIdTokenChanged(getAuth(), (user) => {
        const event: AuthChangedEvent = {
          type: 'AUTH_CHANGED',
          user: user ? toSessionUser(user) : null,
        };
        sendBack(event);
      }),
    ),

    loadPasswordPolicy: fromCallback<EventObject>(({ sendBack, receive }) => {
      let requested = false;
      receive(() => {
        if (requested) return;
        requested = true;
        const load = () =>
          options.askProviderForPasswordPolicy === false
            ? Promise.resolve(DEFAULT_PASSWORD_POLICY)
            : providerPasswordPolicy(getAuth());
        withinLimit(load, OPERATION_LIMIT).then(
          (policy) =>
            sendBack({
              type: 'PASSWORD_POLICY_LOADED',
              policy,
            } satisfies PasswordPolicyLoadedEvent),
          (error: unknown) => {
            // Keep the default rules; the next password form asks again.
            requested = false;
            console.warn(
              '[session] Could not load the password policy; using the default.',
              summarizeThrown(error),
            );
          },
        );
      });
    }),

    restoreSession: operation<RestoreResult>(async (auth) => {
      await auth.authStateReady();
      const redirectError = resolver ? await redirectFailureOf(auth, resolver) : null;
      return { user: sessionUserOf(auth), redirectError };
    }),

    startGuest: operation<SessionUser>(async (auth) => {
      const { user } = await signInAnonymously(auth);
      return toSessionUser(user);
    }),

    // The new address is proven by its own link: the e-mail goes out at once, and a failure to
    // send it does not undo the account (the account page offers to send it again).
    createAccount: operation<AccountCreated, EmailPassword>(async (auth, { email, password }) => {
      const guest = currentUserOf(auth);
      const credential = EmailAuthProvider.credential(email, password);
      const { user } = await linkGuest(auth, guest, () => linkWithCredential(guest, credential));
      const verificationSent = await sendVerificationEmail(user, {
        url: linkBackTo(PATHS.account),
      }).then(
        () => true,
        (error: unknown) => {
          console.warn('[session] The verification e-mail was not sent:', clientCodeOf(error));
          return false;
        },
      );
      return { user: toSessionUser(user), verificationSent };
    }),

    signIn: operation<SignInResult, EmailPassword>((auth, { email, password }) =>
      signInReplacingGuest(auth, () => signInWithEmailAndPassword(auth, email, password)),
    ),

    // `signal` aborts when the machine stops the actor (Cancel): the Google window closes with it,
    // so nothing more can be finished there, and the SDK's later `popup-closed-by-user` goes
    // unheard. Only a result the window had handed to the page before it closed (the person had
    // already picked an account) can still link; that link is real, and the machine follows the
    // SDK's user as it does any change of user.
    continueWithGoogle: operation<SessionUser>(async (auth, _, signal) => {
      const guest = currentUserOf(auth);
      // Like an e-mail link: another tab registering this guest meanwhile signs no tab out.
      const { user } = await linkGuest(auth, guest, () =>
        closingPopupOnAbort(signal, () => linkWithPopup(guest, googleProvider(), resolver)),
      ).catch((error: unknown) => {
        throw asGoogleLinkFailure(error);
      });
      return toSessionUser(user);
    }, waitsForPerson),

    redirectToGoogle: operation<void>(
      async (auth) => {
        await linkWithRedirect(currentUserOf(auth), googleProvider(), resolver);
      },
      () => REDIRECT_START_LIMIT,
    ),

    // Signing in replaces the guest only when it succeeds: a wrong password leaves the guest.
    switchAccount: operation<SignInResult, SwitchCredential>((auth, credential) =>
      signInReplacingGuest(auth, () =>
        signInWithCredential(auth, credentialToSwitchTo(credential)),
      ),
    ),

    signOut: operation<void>((auth) => signOut(auth)),

    sendPasswordReset: operation<void, { email: string }>(async (auth, { email }) => {
      try {
        await sendPasswordResetEmail(auth, email, { url: linkBackTo(PATHS.login) });
      } catch (error) {
        // Whether an address has an account is nobody's business: answer the same either way
        // (projects with e-mail enumeration protection never say; older ones do).
        if (clientCodeOf(error) !== 'user-not-found') throw error;
      }
    }),

    confirmPasswordReset: operation<void, { oobCode: string; newPassword: string }>(
      (auth, { oobCode, newPassword }) => confirmPasswordResetWithCode(auth, oobCode, newPassword),
    ),

    changePassword: operation<void, { newPassword: string; currentPassword?: string }>(
      async (auth, { newPassword, currentPassword }) => {
        const user = currentUserOf(auth);
        // The account holder proves it is them before the password changes.
        if (currentPassword !== undefined) {
          await reauthenticateWithCredential(user, passwordCredentialFor(user, currentPassword));
        }
        await updateUserPassword(user, newPassword);
      },
    ),

    reauthenticate: operation<SessionUser, { password?: string }>(
      async (auth, { password }, signal) => {
        const current = currentUserOf(auth);
        const { user } =
          password === undefined
            ? await closingPopupOnAbort(signal, () =>
                reauthenticateWithPopup(current, googleProvider(), resolver),
              )
            : await reauthenticateWithCredential(current, passwordCredentialFor(current, password));
        return toSessionUser(user);
      },
      ({ password }) => (password === undefined ? waitsForPerson() : OPERATION_LIMIT),
    ),

    refreshSession: operation<SessionUser>(async (auth) => {
      const user = currentUserOf(auth);
      await reload(user);
      await getIdToken(user, true);
      return toSessionUser(user);
    }),

    // The backend deletes the data and the Firebase user together (Admin SDK), so neither is
    // left without the other; then this browser forgets the deleted user.
    deleteAccount: operation<void>(async (auth) => {
      const user = currentUserOf(auth);
      if (!backend) {
        await deleteUser(user);
        return;
      }
      await backend.deleteAccount(await getIdToken(user));
      await signOut(auth);
    }),

    carryOver: operation<CarryOverResponse, { guestIdToken: string; mode: CarryOverMode }>(
      async (auth, { guestIdToken, mode }) => {
        if (!backend) throw new SessionFailure('backend-unavailable');
        return backend.carryOver(await getIdToken(currentUserOf(auth)), guestIdToken, mode);
      },
    ),

    sendSignInLink: operation<void, { email: string }>((auth, { email }) =>
      sendSignInLinkTo(auth, email, false),
    ),

    completeSignInLink: operation<SignInResult, { link: string; email?: string }>(
      async (auth, { link, email }) => {
        try {
          const result = await completeSignInLinkFor(auth, link, email);
          emailLinkAddresses.clear();
          return result;
        } catch (error) {
          // The link was sent to another address than the one remembered or typed.
          if (clientCodeOf(error) === 'invalid-email') {
            throw new SessionFailure('email-link-wrong-address');
          }
          throw error;
        }
      },
    ),

    sendEmailVerification: operation<void>((auth) =>
      sendVerificationEmail(currentUserOf(auth), { url: linkBackTo(PATHS.account) }),
    ),

    // Which action a code is for comes from the provider, not from the link's `mode`. Afterwards
    // the registered user is reloaded (with a fresh token, whose claims carry the address), so
    // the account shows the change at once; a session the change ended is signed out.
    applyEmailAction: operation<EmailActionResult, { oobCode: string }>(
      async (auth, { oobCode }) => {
        const info = await checkActionCode(auth, oobCode);
        const action = EMAIL_ACTION_OF_OPERATION[info.operation];
        if (action === undefined) throw new SessionFailure('invalid-action-code');
        await applyActionCode(auth, oobCode);
        const user = auth.currentUser;
        if (!user || user.isAnonymous) return { action, user: sessionUserOf(auth) };
        try {
          await reload(user);
          await getIdToken(user, true);
        } catch (error) {
          if (handlingOf(clientCodeOf(error)) !== 'signOut') {
            console.warn(
              '[session] Applied, but the account was not reloaded:',
              clientCodeOf(error),
            );
            return { action, user: toSessionUser(user) };
          }
          await signOut(auth);
          return { action, user: null };
        }
        return { action, user: toSessionUser(user) };
      },
    ),

    changeEmail: operation<void, { newEmail: string; currentPassword?: string }>(
      async (auth, { newEmail, currentPassword }) => {
        const user = currentUserOf(auth);
        if (currentPassword !== undefined) {
          await reauthenticateWithCredential(user, passwordCredentialFor(user, currentPassword));
        }
        await verifyBeforeUpdateEmail(user, newEmail, { url: linkBackTo(PATHS.account) }).catch(
          (error: unknown) => {
            // Not a sign-up whose address is taken: there is no account to switch to here.
            if (clientCodeOf(error) === 'email-already-in-use') {
              throw new SessionFailure('new-email-in-use');
            }
            throw error;
          },
        );
      },
    ),
  };
}

export type SessionActors = ReturnType<typeof createSessionActors>;

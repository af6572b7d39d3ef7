/**
 * The Firebase service: the real implementations of the actors the session machine invokes.
 * The only module that imports `firebase/auth` and `firebase/app` (named imports only, so the
 * bundle keeps just what is used).
 */
import { FirebaseError, initializeApp } from 'firebase/app';
import {
  ActionCodeOperation,
  applyActionCode,
  beforeAuthStateChanged,
  checkActionCode,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  confirmPasswordReset as confirmPasswordResetWithCode,
  connectAuthEmulator,
  deleteUser,
  EmailAuthProvider,
  getIdToken,
  getRedirectResult,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  isSignInWithEmailLink,
  linkWithCredential,
  linkWithPopup,
  linkWithRedirect,
  OAuthCredential,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  reload,
  sendEmailVerification as sendVerificationEmail,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInAnonymously,
  signInWithCredential,
  signInWithEmailAndPassword,
  signOut,
  updatePassword as updateUserPassword,
  validatePassword,
  verifyBeforeUpdateEmail,
  type Auth,
  type AuthCredential,
  type PopupRedirectResolver,
  type User,
} from 'firebase/auth';
import { fromCallback, fromPromise, type EventObject, type NonReducibleUnknown } from 'xstate';
import type { CarryOverMode, CarryOverResponse } from '../../backendApi';
import type { AppConfig } from '../../config';
import { PATHS } from '../../paths';
import { continueLinkFor } from './continueLink';
import { closingPopupOnAbort } from './popupWindow';
import { GuestLinkGuard } from './guestLinkGuard';
import { persistedUserKey, readPersistedIdentity } from './persistedUser';
import { summarizeThrown } from './inspectionRedaction';
import { handlingOf, type ClientCode } from './errorCatalogue';
import {
  memoryEmailLinkAddressStore,
  storageEmailLinkAddressStore,
  type EmailLinkAddressStore,
} from './emailLinkAddress';
import { clientCodeOf, failureOf, rawCodeOf, SessionFailure } from './sessionFailure';
import { DEFAULT_PASSWORD_POLICY, policyFromProvider } from './passwordPolicy';
import { createSessionBackend, type SessionBackend } from './sessionBackend';
import {
  GOOGLE_CUSTOM_PARAMETERS,
  OPERATION_TIMEOUT_MS,
  REDIRECT_START_TIMEOUT_MS,
} from './sessionConstants';
import type {
  AccountCreated,
  AuthChangedEvent,
  EmailAction,
  EmailActionResult,
  EmailPassword,
  PasswordPolicy,
  PasswordPolicyLoadedEvent,
  RestoreResult,
  SessionUser,
  SignInResult,
  SwitchCredential,
  DiscardedGuest,
} from './sessionTypes';

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

export function toSessionUser(user: User): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoURL: user.photoURL,
    isAnonymous: user.isAnonymous,
    providerIds: user.providerData.map((profile) => profile.providerId),
    creationTime: user.metadata.creationTime ?? null,
    lastSignInTime: user.metadata.lastSignInTime ?? null,
  };
}

// --- Errors and time limits -------------------------------------------------------------------

interface TimeLimit {
  ms: number;
  /** The catalogue code of the failure when the limit is reached. */
  code: ClientCode;
}

const OPERATION_LIMIT: TimeLimit = { ms: OPERATION_TIMEOUT_MS, code: 'timeout' };
/** `linkWithRedirect` never settles when it works (the page leaves), so waiting is the failure. */
const REDIRECT_START_LIMIT: TimeLimit = { ms: REDIRECT_START_TIMEOUT_MS, code: 'redirect-timeout' };

/** The Google account of a failed link, when the provider says it belongs to another account. */
function googleSwitchCredentialFrom(error: unknown): SwitchCredential | undefined {
  const credential =
    error instanceof FirebaseError ? GoogleAuthProvider.credentialFromError(error) : null;
  return credential
    ? { providerId: 'google.com', credentialJson: { ...credential.toJSON() } }
    : undefined;
}

function asGoogleLinkFailure(error: unknown): SessionFailure {
  return failureOf(error, googleSwitchCredentialFrom(error));
}

/**
 * No limit: a person choosing a Google account in a popup takes as long as it takes, and the SDK
 * itself notices a popup that was closed.
 */
function waitsForPerson(): null {
  return null;
}

/** Settles like `work`, or rejects with the limit's failure; always a SessionFailure. */
async function withinLimit<T>(work: () => Promise<T>, limit: TimeLimit | null): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    if (limit) timer = setTimeout(() => reject(new SessionFailure(limit.code)), limit.ms);
  });
  try {
    return await Promise.race([work(), expiry]);
  } catch (error) {
    throw failureOf(error);
  } finally {
    clearTimeout(timer);
  }
}

// --- Small SDK helpers ------------------------------------------------------------------------

function currentUserOf(auth: Auth): User {
  if (!auth.currentUser) throw new SessionFailure('no-user');
  return auth.currentUser;
}

function sessionUserOf(auth: Auth): SessionUser | null {
  return auth.currentUser ? toSessionUser(auth.currentUser) : null;
}

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ ...GOOGLE_CUSTOM_PARAMETERS });
  return provider;
}

function credentialToSwitchTo(credential: SwitchCredential): AuthCredential {
  if (credential.providerId === 'password') {
    return EmailAuthProvider.credential(credential.email, credential.password);
  }
  const google = OAuthCredential.fromJSON(credential.credentialJson);
  // The JSON is the SDK's own `toJSON()`, so a credential it can't read is a bug.
  if (!google) throw new SessionFailure('internal-error');
  return google;
}

/** Which e-mailed action a code is for, as the provider says; other codes are not applied here. */
const EMAIL_ACTION_OF_OPERATION: Partial<Record<string, EmailAction>> = {
  [ActionCodeOperation.VERIFY_EMAIL]: 'verifyEmail',
  [ActionCodeOperation.VERIFY_AND_CHANGE_EMAIL]: 'verifyAndChangeEmail',
  [ActionCodeOperation.RECOVER_EMAIL]: 'recoverEmail',
};

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function passwordCredentialFor(user: User, password: string): AuthCredential {
  // An account without an e-mail address (Google only) has no password to confirm.
  if (!user.email) throw new SessionFailure('operation-not-allowed');
  return EmailAuthProvider.credential(user.email, password);
}

/** The provider's password policy; the default when it supplies none (the emulator has none). */
export async function providerPasswordPolicy(auth: Auth): Promise<PasswordPolicy> {
  const status = await validatePassword(auth, '').catch((error: unknown) => {
    // Offline we learn nothing: reject, and the machine logs it and keeps the default.
    if (clientCodeOf(error) === 'network-request-failed') throw error;
    console.info(
      `[session] No password policy from the provider (${rawCodeOf(error) ?? 'no code'}); using the default.`,
    );
    return null;
  });
  if (!status) return DEFAULT_PASSWORD_POLICY;
  if (status.passwordPolicy.enforcementState === 'OFF') {
    console.info('[session] The provider does not enforce its password policy; using the default.');
    return DEFAULT_PASSWORD_POLICY;
  }
  return policyFromProvider(status.passwordPolicy.customStrengthOptions);
}

/** A redirect sign-in that failed while the page was away, or null. */
async function redirectFailureOf(
  auth: Auth,
  resolver: PopupRedirectResolver,
): Promise<SessionFailure | null> {
  try {
    await getRedirectResult(auth, resolver);
    return null;
  } catch (error) {
    return asGoogleLinkFailure(error);
  }
}

// --- Two tabs registering one guest ----------------------------------------------------------

/** The guard of each browser Auth instance (none outside the browser: one tab, nothing to guard). */
const guestLinkGuards = new WeakMap<Auth, GuestLinkGuard>();

/**
 * How long a tab whose link lost waits for a sign of another tab's registration (the guest with
 * new tokens, or registered) before it asks the provider what became of the guest; then how long
 * it waits in all, once the sign came, for the registration to be stored (polled every 800 ms). A
 * busy machine stretches both.
 */
const SIGN_OF_ANOTHER_TAB_MS = 4_000;
const REGISTERED_ELSEWHERE_SYNC_MS = 15_000;

/**
 * Links `guest` with `link`. When another tab registered this guest first, this tab's link fails
 * with the guest's invalidated token, possibly before that tab has persisted the registration;
 * the guard stops the SDK from signing out (which would sign the other tab out too), this tab
 * waits until its SDK has synced to the registered user, and the link fails as
 * `user-token-expired`: the machine, which has seen the registered user by then, follows it.
 * The blocked sign-out hides why the link failed, so with no sign of another tab the guest is
 * reloaded unguarded: a disabled or expired guest fails as such, and the SDK signs it out.
 */
async function linkGuest<T>(auth: Auth, guest: User, link: () => Promise<T>): Promise<T> {
  const guard = guestLinkGuards.get(auth);
  if (!guard) return link();
  const staleToken = await getIdToken(guest);
  const staleRefreshToken = guest.refreshToken;
  const outcome = await guard.link(guest.uid, link);
  if (outcome.kind === 'linked') return outcome.result;
  const reloadIfRefreshed = reloaderOfGuestRefreshedElsewhere(auth, guest.uid, staleToken);
  const waitForRegistration = (ms: number) =>
    guard.registeredUserNotified(guest.uid, ms, reloadIfRefreshed);
  let synced = await waitForRegistration(SIGN_OF_ANOTHER_TAB_MS);
  if (!synced) {
    const current = auth.currentUser;
    const anotherTabRegistering =
      current?.uid === guest.uid && current.refreshToken !== staleRefreshToken;
    if (!anotherTabRegistering) throw await failureOfGuestReload(guest);
    synced = await waitForRegistration(REGISTERED_ELSEWHERE_SYNC_MS - SIGN_OF_ANOTHER_TAB_MS);
  }
  if (!synced) {
    console.warn('[session] Another tab began registering this guest, but never stored it.');
  }
  // A macrotask later, every listener (the machine's too) has been told.
  await new Promise((resolve) => setTimeout(resolve, 0));
  throw new SessionFailure('user-token-expired');
}

/** Why the guest's session ended, as the provider says when the guest is reloaded. */
async function failureOfGuestReload(guest: User): Promise<SessionFailure> {
  try {
    await withinLimit(() => reload(guest), OPERATION_LIMIT);
  } catch (error) {
    return failureOf(error);
  }
  console.warn('[session] A guest link failed as invalidated, but the guest reloads fine.');
  return new SessionFailure('user-token-expired');
}

/**
 * The winning tab stores its registration in two writes: the guest with its new tokens, then the
 * guest registered. This tab's SDK may adopt the first and write it back over the second (it
 * stores what it adopts), and then no tab would ever see the registration. Once this tab holds
 * the guest's new tokens, it reloads the guest itself, which stores and reports it registered.
 */
function reloaderOfGuestRefreshedElsewhere(
  auth: Auth,
  guestUid: string,
  staleToken: string,
): () => void {
  let reloading = false;
  return () => {
    const user = auth.currentUser;
    if (reloading || user?.uid !== guestUid || !user.isAnonymous) return;
    reloading = true;
    void getIdToken(user)
      .then((token) => (token === staleToken ? undefined : reload(user)))
      .catch((error: unknown) => {
        console.warn(
          '[session] Could not reload the guest another tab registered:',
          rawCodeOf(error),
        );
      })
      .finally(() => {
        reloading = false;
      });
  };
}

/** The guard saw this tab adopt another tab's half-stored registration: fetch and store the rest. */
function reloadGuestRegisteredElsewhere(auth: Auth): void {
  const user = auth.currentUser;
  if (!user?.isAnonymous) return;
  withinLimit(() => reload(user), OPERATION_LIMIT).catch((error: unknown) => {
    console.warn('[session] Could not reload the guest another tab registered:', rawCodeOf(error));
  });
}

// --- The actors -------------------------------------------------------------------------------

/**
 * The actor logics for `sessionMachine.provide({ actors })`. `getAuth` is called by each
 * operation when it runs, so the Auth instance can be created lazily.
 */
export function createSessionActors(getAuth: () => Auth, options: SessionActorsOptions) {
  const resolver = options.popupRedirectResolver;
  const backend = options.backend;
  const emailLinkAddresses = options.emailLinkAddresses ?? memoryEmailLinkAddressStore();
  const linkBackTo = (path: string) => continueLinkFor(path, options.origin);

  async function sendSignInLinkTo(auth: Auth, email: string, existingAccount: boolean) {
    await sendSignInLinkToEmail(auth, email, {
      url: linkBackTo(PATHS.login),
      handleCodeInApp: true,
    });
    emailLinkAddresses.write({ email, existingAccount });
  }

  /**
   * The link's address has an account, so linking it to the guest was refused: sign in to that
   * account instead (the machine then offers the guest's work). Where the refused link used the
   * code up (the Auth Emulator does), a new link goes out that signs in directly.
   */
  async function signInAfterRefusedLink(
    auth: Auth,
    email: string,
    credential: AuthCredential,
  ): Promise<SignInResult> {
    try {
      return await signInReplacingGuest(auth, () => signInWithCredential(auth, credential));
    } catch (error) {
      if (clientCodeOf(error) !== 'invalid-action-code') throw error;
      await sendSignInLinkTo(auth, email, true);
      throw new SessionFailure('email-link-account-exists');
    }
  }

  async function completeSignInLinkFor(
    auth: Auth,
    link: string,
    typedEmail: string | undefined,
  ): Promise<SignInResult> {
    if (!isSignInWithEmailLink(auth, link)) throw new SessionFailure('invalid-action-code');
    const remembered = emailLinkAddresses.read();
    const email = typedEmail ?? remembered?.email;
    if (email === undefined) throw new SessionFailure('email-link-needs-address');
    const knownAccount =
      remembered !== null && remembered.existingAccount && sameAddress(remembered.email, email);
    const credential = EmailAuthProvider.credentialWithLink(email, link);
    const guest = auth.currentUser;
    if (!guest?.isAnonymous || knownAccount) {
      return signInReplacingGuest(auth, () => signInWithCredential(auth, credential));
    }
    try {
      const { user } = await linkGuest(auth, guest, () => linkWithCredential(guest, credential));
      return { user: toSessionUser(user), discardedGuest: null };
    } catch (error) {
      if (clientCodeOf(error) !== 'email-already-in-use') throw error;
      return signInAfterRefusedLink(auth, email, credential);
    }
  }

  /**
   * Signing in to an existing account replaces the guest: take the guest's ID token (the proof
   * the backend needs to carry its work over) and learn whether it saved anything, before it goes.
   */
  async function guestAboutToBeReplaced(auth: Auth): Promise<DiscardedGuest | null> {
    const guest = auth.currentUser;
    if (!backend || !guest?.isAnonymous) return null;
    let idToken: string;
    try {
      idToken = await getIdToken(guest);
    } catch (error) {
      // A guest whose session is over (cleaned up, disabled) has nothing to carry over, and must
      // not stop the person from signing in.
      console.warn('[session] The guest has no valid session to carry over:', clientCodeOf(error));
      return null;
    }
    return { uid: guest.uid, idToken, work: await backend.guestWork(idToken) };
  }

  async function signInReplacingGuest(
    auth: Auth,
    signIn: () => Promise<{ user: User }>,
  ): Promise<SignInResult> {
    const guest = await guestAboutToBeReplaced(auth);
    const { user } = await signIn();
    return {
      user: toSessionUser(user),
      discardedGuest: guest && guest.uid !== user.uid ? guest : null,
    };
  }

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

// --- The browser ------------------------------------------------------------------------------

function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof indexedDB !== 'undefined';
}

/**
 * The app's Auth instance. `initializeAuth` with explicit persistence, not `getAuth()`, which
 * would load Google's gapi script at start instead of when a popup first needs it. Called again
 * with the same config, the SDK hands back the same app and Auth instance.
 */
export function createBrowserAuth(config: AppConfig): Auth {
  if (!isBrowser()) throw new SessionFailure('not-in-browser');
  const app = initializeApp(config.firebase);
  // The resolver must be given here: `linkWithRedirect` stores the guest for the way back through
  // the Auth instance's own resolver and ignores the one passed to it, so without this it fails
  // with `auth/argument-error` (firebase-js-sdk#4275, #7924). Desktop browsers still load Google's
  // gapi script only when a popup or redirect needs it; the SDK preloads it on mobile and Safari,
  // where its popup flow needs that.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  if (!guestLinkGuards.has(auth)) {
    const key = persistedUserKey(config.firebase.apiKey, app.name);
    const guard = new GuestLinkGuard(
      () => readPersistedIdentity(key),
      () => reloadGuestRegisteredElsewhere(auth),
    );
    beforeAuthStateChanged(auth, (user) => guard.beforeAuthStateChanged(user));
    // Registered before the machine's listener, so it hears each change no later than the machine.
    onIdTokenChanged(auth, (user) => guard.noteNotifiedUser(user));
    guestLinkGuards.set(auth, guard);
  }
  return auth;
}

/**
 * The actors for the app. Auth is created on first use, so importing this module or building the
 * actors outside a browser (the prerender) is harmless; running an operation there fails.
 */
export function createBrowserSessionActors(config: AppConfig): SessionActors {
  let auth: Auth | undefined;
  const origin = typeof location === 'undefined' ? config.siteUrl : location.origin;
  return createSessionActors(() => (auth ??= createBrowserAuth(config)), {
    origin,
    popupRedirectResolver: browserPopupRedirectResolver,
    askProviderForPasswordPolicy: config.authEmulatorUrl === null,
    backend: createSessionBackend({ baseUrl: config.backendUrl }),
    emailLinkAddresses: storageEmailLinkAddressStore(() => localStorage),
  });
}

/**
 * The current user's Firebase ID token for the backend's Authorization header (the SDK refreshes
 * it when it is close to expiry). Rejects when nobody is signed in.
 */
export function createIdTokenSource(config: AppConfig): () => Promise<string> {
  return async () => {
    const user = createBrowserAuth(config).currentUser;
    if (!user) throw new SessionFailure('no-user');
    return getIdToken(user);
  };
}

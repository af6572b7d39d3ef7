import { handlingOf } from './errorCatalogue';
import { expectedUserAfter, failureIn, handles, sameUser, type SessionArgs } from './sessionEvents';
import { failureOf } from './sessionFailure';
import type { AccountCreated, RestoreResult, SessionUser, SignInResult } from './sessionTypes';

/** The provider revoked the current user's session: it must end (the statechart contract). */
export function isSessionRevoked({ event }: SessionArgs): boolean {
  return handles(event, 'signOut');
}

export function errorCarriesSwitchCredential({ event }: SessionArgs): boolean {
  return handles(event, 'switch') && failureIn(event).switchCredential !== undefined;
}

export function errorNeedsRedirect({ event }: SessionArgs): boolean {
  return handles(event, 'redirect');
}

export function errorNeedsRecentLogin({ event }: SessionArgs): boolean {
  return handles(event, 'reauthenticate');
}

export function errorIsExpected({ event }: SessionArgs): boolean {
  return handles(event, 'show');
}

export function errorCanBeRetried({ event }: SessionArgs): boolean {
  return handles(event, 'retry');
}

/** The sign-in discarded a guest that saved something (or may have): offer to carry it over. */
export function discardsGuestWork(_: SessionArgs, result: SignInResult): boolean {
  return result.discardedGuest !== null && result.discardedGuest.work !== 'none';
}

export function redirectNeedsSwitch(_: SessionArgs, restored: RestoreResult): boolean {
  return (
    restored.user?.isAnonymous === true &&
    restored.redirectError !== null &&
    handlingOf(restored.redirectError.code) === 'switch' &&
    failureOf(restored.redirectError).switchCredential !== undefined
  );
}

export function isRegistered(_: SessionArgs, user: SessionUser | null): boolean {
  return user !== null && !user.isAnonymous;
}

export function isAnonymous(_: SessionArgs, user: SessionUser | null): boolean {
  return user?.isAnonymous === true;
}

export function isNotRegistered(_: SessionArgs, user: SessionUser | null): boolean {
  return user === null || user.isAnonymous;
}

export function pendingIsPasswordChange({ context }: SessionArgs): boolean {
  return context.pendingOperation?.kind === 'changePassword';
}

export function pendingIsEmailChange({ context }: SessionArgs): boolean {
  return context.pendingOperation?.kind === 'changeEmail';
}

export function verificationWasSent(_: SessionArgs, created: AccountCreated): boolean {
  return created.verificationSent;
}

export function isSameUser({ context }: SessionArgs, user: SessionUser | null): boolean {
  return sameUser(context.user, user);
}

/** The SDK's user changed while the operation ran, to someone it did not produce. */
export function userChangedMeanwhile(args: SessionArgs): boolean {
  const { deferredAuthChange } = args.context;
  return deferredAuthChange !== null && !sameUser(deferredAuthChange.user, expectedUserAfter(args));
}

/** After a sign-out or deletion: the SDK holds someone again (another tab signed in). */
export function signedInMeanwhile({ context }: SessionArgs): boolean {
  return context.deferredAuthChange !== null && context.deferredAuthChange.user !== null;
}

/**
 * The SDK now holds someone (not nobody) whom the operation did not produce: another tab signed
 * in, or registered this very guest. Follow it rather than act on this tab's stale failure,
 * which could sign every tab out.
 */
export function someoneElseMeanwhile(args: SessionArgs): boolean {
  return signedInMeanwhile(args) && userChangedMeanwhile(args);
}

/** The guest this tab was registering is now registered (by another tab, through storage). */
export function guestRegisteredMeanwhile({ context }: SessionArgs): boolean {
  const meanwhile = context.deferredAuthChange?.user ?? null;
  return (
    context.user?.isAnonymous === true &&
    meanwhile !== null &&
    !meanwhile.isAnonymous &&
    meanwhile.uid === context.user.uid
  );
}

export function hasRegistration({ context }: SessionArgs): boolean {
  return context.registration !== null;
}

export function hasRegisteredUser({ context }: SessionArgs): boolean {
  return context.user !== null && !context.user.isAnonymous;
}

export function hasGuestUser({ context }: SessionArgs): boolean {
  return context.user?.isAnonymous === true;
}

export function hasError({ context }: SessionArgs): boolean {
  return context.error !== null;
}

/**
 * Every guard under its name in the statechart (`setup`'s `guards`). An object written out, not the
 * module's namespace, which would need the bundler's runtime helper in every page's first load.
 */
export const SESSION_GUARDS = {
  isSessionRevoked,
  errorCarriesSwitchCredential,
  errorNeedsRedirect,
  errorNeedsRecentLogin,
  errorIsExpected,
  errorCanBeRetried,
  discardsGuestWork,
  redirectNeedsSwitch,
  isRegistered,
  isAnonymous,
  isNotRegistered,
  pendingIsPasswordChange,
  pendingIsEmailChange,
  verificationWasSent,
  isSameUser,
  userChangedMeanwhile,
  signedInMeanwhile,
  someoneElseMeanwhile,
  guestRegisteredMeanwhile,
  hasRegistration,
  hasRegisteredUser,
  hasGuestUser,
  hasError,
};

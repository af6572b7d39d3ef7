import type { SessionUser, SignInResult } from './sessionTypes';

type MeanwhileGuard = 'userChangedMeanwhile' | 'signedInMeanwhile' | 'someoneElseMeanwhile';

/** When the guard says the SDK's user changed while the operation ran: follow that user. */
function followIf<TGuard extends MeanwhileGuard>(guard: TGuard) {
  return { guard, target: '#session.reconciling', actions: 'adoptDeferredUser' } as const;
}

/**
 * First on every settle (and Cancel): the SDK's user changed while the operation ran, to someone
 * the operation did not produce, so follow that user instead of the operation's outcome.
 */
export const followIfUserChanged = followIf('userChangedMeanwhile');

/** `followIfUserChanged` for the operations that leave nobody signed in (sign-out, deletion). */
export const followIfSignedInMeanwhile = followIf('signedInMeanwhile');

/**
 * Reloading or re-authenticating reads the SDK's current user, which another tab may have
 * replaced with a guest by now: then follow that user, never keep a guest as registered.
 */
export const followIfNotRegistered = {
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
export const followIfSomeoneElse = followIf('someoneElseMeanwhile');

/**
 * Another tab registered the guest this tab was registering (this tab's link then fails): follow
 * that account, and offer this tab's own address back (USE_OWN_ADDRESS).
 */
export const followIfRegisteredElsewhere = {
  guard: 'guestRegisteredMeanwhile',
  target: '#session.authenticated',
  actions: 'followRegistrationElsewhere',
} as const;

type RestingState = 'guest' | 'authenticated' | 'sessionFailed';

/**
 * AUTH_CHANGED at rest: the machine follows the SDK's user. The same user (a token refresh) is
 * taken in place; another user leads to the state for its kind, and whatever was pending for the
 * previous user (an operation waiting for re-authentication, a message) is dropped.
 */
export function followUser(from: RestingState) {
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

/** What a signed-in user's state (guest or registered) does at rest, whatever its substate. */
export function atRestAs(user: 'guest' | 'authenticated') {
  return { DISMISS: { actions: 'clearMessages' }, AUTH_CHANGED: followUser(user) } as const;
}

/**
 * A sign-in (or a switch) to an existing account has replaced the guest: when the guest saved
 * something, the person chooses what happens to it before anything else; otherwise it is done.
 */
export function signedInToExistingAccount(clear: readonly 'clearSwitchCredential'[] = []) {
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

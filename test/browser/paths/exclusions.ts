/**
 * What the browser cannot produce, and why: the one table the path selection plans with and the
 * browser coverage assertion checks against. Transitions are named by meaning
 * (`transitionId` in test/machine/sessionModel.ts: source state, event, target state), each id
 * checked against the machine's states, events, actors and guards (`transitionTable`).
 */
import { transitionTable } from '../../machine/sessionModel';

export const EXCLUSION_RULES = {
  'no-dismiss-control':
    'No control in the UI sends DISMISS: messages are replaced by the next action.',
  'policy-events-are-not-steps':
    'PASSWORD_POLICY_NEEDED / _LOADED are root events without a target that the UI sends when a password ' +
    'form mounts (after hydration, so never while restoring) and the loader answers; no person takes them, ' +
    'and their timing against the restore cannot be chosen.',
  'restore-never-rejects':
    'restoreSession rejects only when its 30 s limit passes: the SDK always becomes ready (a dropped ' +
    'request keeps the saved user) and redirect failures are returned, not thrown.',
  'restore-with-redirect-result':
    'A restore that consumes a failed Google redirect needs the full redirect round trip (popup blocked, the ' +
    "emulator's sign-in page in the tab, the page coming back); the named flow covers it (item 3), these paths " +
    'do not drive it yet.',
  'no-user-after-retry':
    'RETRY follows a failed anonymous sign-in: no user is saved, so the restore can only find none.',
  'sign-out-cannot-fail':
    'The SDK signs out locally (no request for password/Google users), so signOut has no real failure ' +
    '(and a failed tab holds a user, which it could lose, only after a failed sign-out).',
  'starting-guest-holds-nobody':
    'A starting guest holds nobody (it follows a sign-out, a deletion or a first visit; only a failed ' +
    'sign-out, which cannot happen, would leave it a user), so another tab signing out changes nothing ' +
    'it reconciles: a failed anonymous sign-in then reads "nobody" as its own outcome.',
  'guest-work-is-saved-outside-the-session':
    'The carry-over offer needs a guest that saved a profile or a CV (on the profile page, through the ' +
    'backend, not a session event), which a generated path cannot say. test/browser/carryOver.test.ts ' +
    'drives the offer in the browser (bring it, leave it); the machine paths take every transition.',
  'deletion-signs-the-sdk-out':
    'Deleting the account signs the SDK out whoever is current (once the backend has deleted the ' +
    "user, the service calls auth.signOut()), so this tab's own AUTH_CHANGED(null) replaces the " +
    'deferred change before the ' +
    'deletion settles: it settles as a plain deletion. (Reported: a deletion in one tab signs out ' +
    'another account signed in meanwhile in another tab.)',
  'sign-out-is-instant':
    'signingOut settles at once (the SDK signs out locally, nothing to hold), so no other tab can change ' +
    'the user while it runs.',
  'restore-holds-nothing':
    'The restore reads the saved user and settles with no request the driver can hold, so no other tab ' +
    'can change the user while it runs.',
  'nobody-to-nobody-is-no-change':
    'The SDK reports a change of user only: with nobody signed in (a failed or starting session), ' +
    '"nobody" again sends nothing.',
  'at-rest-every-change-is-seen':
    'At rest this tab follows every user another tab passes through (polled every 800 ms): another user ' +
    'of the same kind comes only through a user of the other kind (a sign-out before a sign-in, a sign-in ' +
    'before a sign-out), which this tab follows first; only an operation in flight keeps just the last.',
  'password-confirmation-has-no-cancel':
    'Cancel under "Confirm it’s you" is unavailable while a password confirmation runs (only Google\'s ' +
    "popup re-authentication can be cancelled, and the paths' accounts have a password).",
  'reads-back-the-user-it-ran-for':
    'reauthenticate and refreshSession return the user they started with (firebaseSession takes the ' +
    'current user when they start), never another one: a guest or another user read back would need ' +
    "another tab's change to land before the operation starts and after this tab last looked, a race " +
    'the driver cannot force (once this tab sees it, userChangedMeanwhile takes the step).',
  'sign-in-saves-its-user':
    "A sign-in that succeeds (password, anonymous, switch) saves its user as every tab's current user, " +
    'over what another tab saved meanwhile: the SDK then reports that user at once, so the step that ' +
    "follows the other tab's user lasts until an AUTH_CHANGED the path does not take.",
  'failed-tab-sees-a-guest-first':
    'A tab whose session failed sees another tab only through the shared persisted user, and another tab ' +
    'always starts as a guest before it can register: the failed tab moves to guest first.',
  'guest-never-sees-no-user':
    'Every tab shares the one persisted guest and a guest has no sign-out control; only a token refresh ' +
    'could sign it out, which the SDK schedules about an hour later.',
  'guest-token-change-unobservable':
    'A guest changes only through a token refresh the SDK schedules about an hour later; no control refreshes ' +
    "a guest's token.",
  'registered-to-guest-needs-a-race':
    'Another tab\'s sign-out saves "no user" before its new guest; polling IndexedDB every 800 ms this tab ' +
    'sees no user first (AUTH_CHANGED(null), which the paths do cover), and seeing the new guest directly is a ' +
    'race the driver cannot force.',
  'sign-in-links-have-their-own-browser-test':
    'Completing an e-mailed sign-in link needs the link the emulator sent to an address remembered by ' +
    'this tab (or typed on another device), and an address that already has an account for the switch, ' +
    'which the generated paths do not set up. test/browser/emailActions.test.ts drives each case through ' +
    'the UI against the emulator; the machine paths take every transition.',
  'applying-reads-back-the-current-user':
    "applyEmailAction reads back the SDK's current user once the code is applied, so a change another " +
    'tab made while it ran is its own output: the step follows that user with the notice ([otherwise]), ' +
    'never as a user that changed behind its back (userChangedMeanwhile).',
  'verification-is-sent-with-the-sign-up':
    'Sign-up sends the verification e-mail right after the link succeeds, in the same operation; the ' +
    'driver holds one request per state, so it cannot fail that second request alone. The machine paths ' +
    'take the branch; the service logs the failure and the account page offers to send it again.',
  'in-flight-rule-driven-elsewhere':
    "Another tab's change while an e-mail operation runs is handled by the one in-flight rule every " +
    'operation shares (operationState in src/machines/session/operationState.ts): the ' +
    'browser paths drive it for the sign-in, sign-up, reset, password, refresh and deletion operations, ' +
    'and the machine paths and the two-tab fuzzer take these branches for every operation. Driving it ' +
    'for the e-mail operations too (about 15 more paths, each with a second tab) would take npm test ' +
    'over its 15-minute budget on 2 cores.',
  'registered-guest-refuses-the-old-token':
    "Once another tab has registered the guest, the service refuses this tab's link, sent with the " +
    "guest's old token (TOKEN_EXPIRED): the link cannot succeed, and every failure it has takes the " +
    'same transition (this tab follows the registered account), which the paths do drive.',
} as const;

export type ExclusionRule = keyof typeof EXCLUSION_RULES;

/** Declared transitions no browser step takes, each with its rule. */
export const EXCLUDED_TRANSITIONS: Readonly<Record<string, ExclusionRule>> = transitionTable({
  'session --PASSWORD_POLICY_NEEDED--> (no target)': 'policy-events-are-not-steps',
  'session --PASSWORD_POLICY_LOADED--> (no target)': 'policy-events-are-not-steps',
  'session.restoring --xstate.done.actor.restoreSession--> session.switchingAccount':
    'restore-with-redirect-result',
  'session.restoring --xstate.error.actor.restoreSession--> session.sessionFailed':
    'restore-never-rejects',
  'session.sessionFailed --AUTH_CHANGED--> session.authenticated': 'failed-tab-sees-a-guest-first',
  'session.guest --DISMISS--> (no target)': 'no-dismiss-control',
  'session.guest --AUTH_CHANGED--> session.startingGuest': 'guest-never-sees-no-user',
  'session.guest --AUTH_CHANGED--> (no target)': 'guest-token-change-unobservable',
  'session.authenticated --DISMISS--> (no target)': 'no-dismiss-control',
  'session.authenticated --AUTH_CHANGED--> session.guest': 'registered-to-guest-needs-a-race',
  'session.signingOut --xstate.error.actor.signOut--> session.startingGuest':
    'sign-out-cannot-fail',
  'session.signingOut --xstate.error.actor.signOut [someoneElseMeanwhile]--> session.reconciling':
    'sign-out-cannot-fail',
  'session.signingOut --xstate.error.actor.signOut [userChangedMeanwhile]--> session.reconciling':
    'sign-out-cannot-fail',
  'session.sessionFailed --AUTH_CHANGED--> session.startingGuest': 'sign-out-cannot-fail',
  'session.signingOut --AUTH_CHANGED--> (no target)': 'sign-out-is-instant',
  'session.signingOut --xstate.done.actor.signOut--> session.reconciling': 'sign-out-is-instant',
  'session.restoring --AUTH_CHANGED--> (no target)': 'restore-holds-nothing',
  'session.restoring --xstate.done.actor.restoreSession--> session.reconciling':
    'restore-holds-nothing',
  'session.restoring --xstate.error.actor.restoreSession [someoneElseMeanwhile]--> session.reconciling':
    'restore-never-rejects',
  'session.restoring --xstate.error.actor.restoreSession [userChangedMeanwhile]--> session.reconciling':
    'restore-never-rejects',
  'session.startingGuest --xstate.error.actor.startGuest [userChangedMeanwhile]--> session.reconciling':
    'starting-guest-holds-nobody',
  'session.authenticated.deletingAccount --xstate.done.actor.deleteAccount--> session.reconciling':
    'deletion-signs-the-sdk-out',
  'session.sessionFailed --AUTH_CHANGED--> (no target)': 'nobody-to-nobody-is-no-change',
  'session.guest --AUTH_CHANGED--> session.guest': 'at-rest-every-change-is-seen',
  'session.authenticated --AUTH_CHANGED--> session.authenticated': 'at-rest-every-change-is-seen',
  'session.authenticated.reauthenticating --CANCEL--> session.authenticated.idle':
    'password-confirmation-has-no-cancel',
  'session.authenticated.reauthenticating --CANCEL--> session.reconciling':
    'password-confirmation-has-no-cancel',
  'session.authenticated.reauthenticating --xstate.done.actor.reauthenticate [isNotRegistered]--> session.reconciling':
    'reads-back-the-user-it-ran-for',
  'session.authenticated.refreshingSession --xstate.done.actor.refreshSession [isNotRegistered]--> session.reconciling':
    'reads-back-the-user-it-ran-for',
  'session.signingIn --xstate.done.actor.signIn--> session.reconciling': 'sign-in-saves-its-user',
  'session.switchingAccount --xstate.done.actor.switchAccount--> session.reconciling':
    'sign-in-saves-its-user',
  'session.startingGuest --xstate.done.actor.startGuest--> session.reconciling':
    'sign-in-saves-its-user',
  'session.signingIn --xstate.done.actor.signIn--> session.authenticated.offeringCarryOver':
    'guest-work-is-saved-outside-the-session',
  'session.switchingAccount --xstate.done.actor.switchAccount--> session.authenticated.offeringCarryOver':
    'guest-work-is-saved-outside-the-session',
  'session.authenticated.offeringCarryOver --CARRY_OVER--> session.authenticated.carryingOver':
    'guest-work-is-saved-outside-the-session',
  'session.authenticated.carryingOver --AUTH_CHANGED--> (no target)':
    'guest-work-is-saved-outside-the-session',
  'session.authenticated.carryingOver --xstate.done.actor.carryOver--> session.reconciling':
    'guest-work-is-saved-outside-the-session',
  'session.authenticated.carryingOver --xstate.done.actor.carryOver--> session.authenticated.idle':
    'guest-work-is-saved-outside-the-session',
  'session.authenticated.carryingOver --xstate.error.actor.carryOver [someoneElseMeanwhile]--> session.reconciling':
    'guest-work-is-saved-outside-the-session',
  'session.authenticated.carryingOver --xstate.error.actor.carryOver--> session.signingOut':
    'guest-work-is-saved-outside-the-session',
  'session.authenticated.carryingOver --xstate.error.actor.carryOver [userChangedMeanwhile]--> session.reconciling':
    'guest-work-is-saved-outside-the-session',
  'session.authenticated.carryingOver --xstate.error.actor.carryOver--> session.authenticated.offeringCarryOver':
    'guest-work-is-saved-outside-the-session',
  'session.authenticated.carryingOver --xstate.error.actor.carryOver--> session.authenticated.idle':
    'guest-work-is-saved-outside-the-session',
  'session.guest.idle --COMPLETE_SIGN_IN_LINK--> session.completingSignInLink':
    'sign-in-links-have-their-own-browser-test',
  'session.completingSignInLink --AUTH_CHANGED--> (no target)':
    'sign-in-links-have-their-own-browser-test',
  'session.completingSignInLink --xstate.done.actor.completeSignInLink--> session.reconciling':
    'sign-in-links-have-their-own-browser-test',
  'session.completingSignInLink --xstate.done.actor.completeSignInLink--> session.authenticated.offeringCarryOver':
    'sign-in-links-have-their-own-browser-test',
  'session.completingSignInLink --xstate.done.actor.completeSignInLink--> session.authenticated':
    'sign-in-links-have-their-own-browser-test',
  'session.completingSignInLink --xstate.error.actor.completeSignInLink [someoneElseMeanwhile]--> session.reconciling':
    'sign-in-links-have-their-own-browser-test',
  'session.completingSignInLink --xstate.error.actor.completeSignInLink--> session.signingOut':
    'sign-in-links-have-their-own-browser-test',
  'session.completingSignInLink --xstate.error.actor.completeSignInLink [userChangedMeanwhile]--> session.reconciling':
    'sign-in-links-have-their-own-browser-test',
  'session.completingSignInLink --xstate.error.actor.completeSignInLink--> session.guest':
    'sign-in-links-have-their-own-browser-test',
  'session.guest.applyingEmailAction --xstate.done.actor.applyEmailAction [userChangedMeanwhile]--> session.reconciling':
    'applying-reads-back-the-current-user',
  'session.authenticated.applyingEmailAction --xstate.done.actor.applyEmailAction [userChangedMeanwhile]--> session.reconciling':
    'applying-reads-back-the-current-user',
  'session.guest.sendingSignInLink --AUTH_CHANGED--> (no target)':
    'in-flight-rule-driven-elsewhere',
  'session.guest.sendingSignInLink --xstate.error.actor.sendSignInLink [someoneElseMeanwhile]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.guest.sendingSignInLink --xstate.error.actor.sendSignInLink [userChangedMeanwhile]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.guest.sendingSignInLink --xstate.done.actor.sendSignInLink--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.sendingEmailVerification --AUTH_CHANGED--> (no target)':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.sendingEmailVerification --xstate.error.actor.sendEmailVerification [someoneElseMeanwhile]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.sendingEmailVerification --xstate.error.actor.sendEmailVerification [userChangedMeanwhile]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.sendingEmailVerification --xstate.done.actor.sendEmailVerification--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.changingEmail --AUTH_CHANGED--> (no target)':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.changingEmail --xstate.error.actor.changeEmail [someoneElseMeanwhile]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.changingEmail --xstate.error.actor.changeEmail [userChangedMeanwhile]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.changingEmail --xstate.done.actor.changeEmail--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.guest.applyingEmailAction --AUTH_CHANGED--> (no target)':
    'in-flight-rule-driven-elsewhere',
  'session.guest.applyingEmailAction --xstate.error.actor.applyEmailAction [someoneElseMeanwhile]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.guest.applyingEmailAction --xstate.error.actor.applyEmailAction [userChangedMeanwhile]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.guest.applyingEmailAction --xstate.done.actor.applyEmailAction [otherwise]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.applyingEmailAction --AUTH_CHANGED--> (no target)':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.applyingEmailAction --xstate.error.actor.applyEmailAction [someoneElseMeanwhile]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.applyingEmailAction --xstate.error.actor.applyEmailAction [userChangedMeanwhile]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.authenticated.applyingEmailAction --xstate.done.actor.applyEmailAction [otherwise]--> session.reconciling':
    'in-flight-rule-driven-elsewhere',
  'session.linking --xstate.done.actor.createAccount [otherwise]--> session.authenticated':
    'verification-is-sent-with-the-sign-up',
});

/**
 * Outcomes of the restore the browser cannot produce. A restore's transition alone does not say
 * it: the same transition is producible on a first visit and not after RETRY.
 */
export const EXCLUDED_RESTORES = {
  /** The restore consumes a failed Google redirect. */
  withRedirectResult: 'restore-with-redirect-result',
  /** The restore after RETRY finds a saved user. */
  userAfterRetry: 'no-user-after-retry',
} as const satisfies Record<string, ExclusionRule>;

/** The rule that keeps a step out, if one of its transitions is excluded. */
export function excludedBy(transitionIds: readonly string[]): ExclusionRule | null {
  for (const id of transitionIds) {
    const rule = EXCLUDED_TRANSITIONS[id];
    if (rule) return rule;
  }
  return null;
}

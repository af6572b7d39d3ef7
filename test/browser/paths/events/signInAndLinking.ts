/**
 * How sign-up (linking the guest), sign-in, Google and the switch to an existing account happen
 * for real: the login form, the emulator's answers to held requests, Google's popup.
 */
import { disableUser } from '../../../support/emulatorAdmin';
import {
  addGoogleAccount,
  blockPopups,
  chooseGoogleAccount,
  closeGooglePopup,
  nextGooglePopup,
  skipPopupClosedDetection,
} from '../../support/googlePopup';
import { fillLoginForm, press } from '../../support/pageDriver';
import type { ModelStep } from '../pathModel';
import { PATH_PASSWORD, World } from '../world';
import {
  byOutcome,
  currentUid,
  droppedHeldRequest,
  eventTypeOf,
  isFailure,
  next,
  nothing,
  outcomeOf,
  POPUP_BLOCKED,
  POPUP_FAILED_UNEXPECTEDLY,
  reconciles,
  REFUSED_REQUEST,
  release,
  revokedWhileHeld,
  SESSION_LOG,
  DROPPED_REQUEST,
  settlementOf,
  WRONG_PASSWORD,
  type RealisationTable,
  type StepRealisation,
} from './realiser';
import { FAILS_AFTER_A_CHANGE_ELSEWHERE, guestRegisteredMeanwhile } from './twoTabs';

/** The sign-up fails because the e-mail already has an account (issue 9: it stays guest). */
function emailTakenAt(settlement: ModelStep | undefined): boolean {
  return (
    settlement !== undefined &&
    eventTypeOf(settlement) === 'xstate.error.actor.createAccount' &&
    outcomeOf(settlement) === 'session.guest' &&
    settlement.failure?.code === 'email-already-in-use'
  );
}

const popupClosed: StepRealisation = {
  how: 'the person closes the popup; the fake clock skips the SDK’s 10 s close detection',
  realCode: 'popup-closed-by-user',
  needsFakeClock: true,
  act: async (run) => {
    if (!run.popup) throw new Error('No Google popup is open.');
    await closeGooglePopup(run.popup);
    run.popup = null;
    await skipPopupClosedDetection(run.world.page);
  },
};

/** Sign-up, sign-in, the switch and Google. */
export const SIGN_IN_AND_LINKING_EVENTS: RealisationTable = {
  CREATE_ACCOUNT: {
    how: 'the person fills Email and Password and presses "Create account"',
    act: async (run, step) => {
      const emailTaken = emailTakenAt(settlementOf(run, step));
      const email = emailTaken ? run.existing.email : World.freshEmail('paths-sign-up');
      if (!emailTaken) run.own = { email, password: PATH_PASSWORD, uid: await currentUid(run) };
      await fillLoginForm(run.world.page, email, PATH_PASSWORD);
      await press(run.world.page, 'Create account');
    },
  },
  'xstate.done.actor.createAccount': (step) =>
    guestRegisteredMeanwhile(step)
      ? { kind: 'excluded', rule: 'registered-guest-refuses-the-old-token' }
      : {
          how: 'the emulator links the e-mail and password to the guest (same uid)',
          act: async (run, current) => {
            if (!reconciles(current)) run.expectedUid = await currentUid(run);
            await release('continue')(run, current);
          },
        },
  'xstate.error.actor.createAccount': byOutcome({
    'session.authenticated': {
      how:
        "the held link is answered: the other tab's registration invalidated the guest's token " +
        '(TOKEN_EXPIRED); this tab follows that account and offers its own address back',
      realCode: 'user-token-expired',
      expectedConsoleErrors: [REFUSED_REQUEST],
      act: async (run, step) => {
        run.expectedUid = await currentUid(run);
        await release('continue')(run, step);
      },
    },
    'session.signingOut': revokedWhileHeld(
      'the emulator disables the guest while the link request is held, then answers it',
      'user-disabled',
    ),
    'session.guest': (step) =>
      emailTakenAt(step)
        ? {
            how: 'the e-mail belongs to an existing account (the emulator says EMAIL_EXISTS): it stays guest',
            realCode: 'email-already-in-use',
            expectedConsoleErrors: [REFUSED_REQUEST],
            act: release('continue'),
          }
        : droppedHeldRequest('link request'),
    ...FAILS_AFTER_A_CHANGE_ELSEWHERE,
  }),

  SIGN_IN: {
    how: 'the person fills Email and Password of an existing account and presses "Sign in"',
    act: async (run, step) => {
      const fails = isFailure(settlementOf(run, step));
      const password = fails ? WRONG_PASSWORD : run.existing.password;
      await fillLoginForm(run.world.page, run.existing.email, password);
      await press(run.world.page, 'Sign in');
    },
  },
  'xstate.done.actor.signIn': {
    how: 'the emulator accepts the password',
    act: async (run, step) => {
      run.expectedUid = run.existing.uid;
      await release('continue')(run, step);
    },
  },
  'xstate.error.actor.signIn': byOutcome({
    'session.guest': {
      how: 'the emulator refuses the wrong password',
      realCode: 'wrong-password',
      expectedConsoleErrors: [REFUSED_REQUEST],
      act: release('continue'),
    },
    ...FAILS_AFTER_A_CHANGE_ELSEWHERE,
  }),

  'xstate.done.actor.switchAccount': {
    how: 'the emulator signs in to the existing account with the credential',
    act: async (run, step) => {
      const google = step.before.context.switchCredential?.providerId === 'google.com';
      const owner = google ? run.googleOwner : run.existing;
      if (!owner) throw new Error('No account to switch to.');
      run.expectedUid = owner.uid;
      await release('continue')(run, step);
    },
  },
  'xstate.error.actor.switchAccount': droppedHeldRequest('sign-in with the Google credential'),

  CONTINUE_WITH_GOOGLE: {
    how: 'the person presses "Continue with Google"; the popup opens (or is blocked, or gapi is unreachable)',
    act: async (run, step) => {
      const settlement = settlementOf(run, step);
      const outcome = settlement === next(run, step) ? outcomeOf(settlement) : null;
      const page = run.world.page;
      if (outcome === POPUP_BLOCKED) {
        await blockPopups(page);
        await press(page, 'Continue with Google');
        return;
      }
      if (outcome === POPUP_FAILED_UNEXPECTEDLY) {
        run.world.makeGapiUnreachable();
        await press(page, 'Continue with Google');
        return;
      }
      const popup = nextGooglePopup(run.world.context);
      await press(page, 'Continue with Google');
      run.popup = await popup;
    },
  },
  'xstate.done.actor.continueWithGoogle': {
    how: "the person adds a new Google account on the emulator's sign-in page (same uid)",
    act: async (run, step) => {
      if (!run.popup) throw new Error('No Google popup is open.');
      if (!reconciles(step)) run.expectedUid = await currentUid(run);
      await addGoogleAccount(run.popup, { email: World.freshEmail('popup') });
      run.popup = null;
    },
  },
  'xstate.error.actor.continueWithGoogle': byOutcome({
    'session.signingOut': {
      how: 'the emulator disables the guest while the popup is open; the person then picks a new Google account',
      realCode: 'user-disabled',
      leavesPassingState: true,
      expectedConsoleErrors: [REFUSED_REQUEST],
      act: async (run) => {
        if (!run.popup) throw new Error('No Google popup is open.');
        await disableUser(await currentUid(run));
        await addGoogleAccount(run.popup, { email: World.freshEmail('revoked') });
        run.popup = null;
      },
    },
    [POPUP_BLOCKED]: {
      how: 'window.open returns null (blockPopups) and the SDK reports popup-blocked',
      realCode: 'popup-blocked',
      act: nothing,
    },
    'session.switchingAccount': {
      how: 'the person picks a Google account already linked to another user',
      realCode: 'credential-already-in-use',
      needsGoogleOwner: true,
      expectedConsoleErrors: [REFUSED_REQUEST],
      act: async (run) => {
        if (!run.popup || !run.googleOwner)
          throw new Error('No Google popup or no linked Google account.');
        await chooseGoogleAccount(run.popup, run.googleOwner.email);
        run.popup = null;
      },
    },
    'session.guest [errorIsExpected]': popupClosed,
    'session.reconciling [someoneElseMeanwhile]': popupClosed,
    'session.reconciling [userChangedMeanwhile]': popupClosed,
    [POPUP_FAILED_UNEXPECTEDLY]: {
      how: "Google's gapi script is unreachable, so the SDK fails with internal-error (logged)",
      realCode: 'internal-error',
      expectedConsoleErrors: [SESSION_LOG, DROPPED_REQUEST],
      act: nothing,
    },
  }),
  'xstate.error.actor.redirectToGoogle': byOutcome({
    'session.signingOut': revokedWhileHeld(
      'the emulator disables the guest while the account lookup the redirect starts with is held',
      'user-disabled',
    ),
    'session.guest': droppedHeldRequest('account lookup the redirect starts with', true),
    ...FAILS_AFTER_A_CHANGE_ELSEWHERE,
  }),
};

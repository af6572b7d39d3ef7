/**
 * How the account page's operations happen for real: change the password, confirm it's you,
 * check for updates, delete the account.
 */
import {
  changePassword,
  confirmItsYou,
  confirmWithPassword,
  deleteAccount,
  press,
} from '../../support/pageDriver';
import { closeGooglePopup } from '../../support/googlePopup';
import { PATH_PASSWORD } from '../world';
import {
  BACKEND_REFUSED,
  byOutcome,
  bySource,
  droppedHeldRequest,
  isFailure,
  needsRecentLoginStub,
  NEW_PASSWORD,
  REFUSED_REQUEST,
  release,
  revokedWhileHeld,
  settlementOf,
  WRONG_PASSWORD,
  type RealisationTable,
  type Realiser,
  type StepRealisation,
} from './realiser';
import { FAILS_AFTER_A_CHANGE_ELSEWHERE } from './twoTabs';

/** reauthenticate and refreshSession return the user they started with, never another one. */
function readsBackItsUser(realisation: StepRealisation): Realiser {
  return (step) => {
    const output = 'output' in step.event ? (step.event.output as { uid?: string } | null) : null;
    return output?.uid === step.before.context.user?.uid
      ? { kind: 'realised', realisation }
      : { kind: 'excluded', rule: 'reads-back-the-user-it-ran-for' };
  };
}

/** The backend asks for a sign-in within its last 5 minutes (a path's sign-in is always newer). */
const deletionNeedsRecentLogin: StepRealisation = {
  how: 'STUBBED: the backend answers requires-recent-login (403), as it does for a sign-in older than 5 minutes',
  realCode: 'requires-recent-login',
  expectedConsoleErrors: [BACKEND_REFUSED],
  act: release({ apiError: 'requires-recent-login' }),
};

/** The account operations, and Cancel. */
export const ACCOUNT_OPERATION_EVENTS: RealisationTable = {
  CANCEL: bySource({
    'session.authenticated.reauthenticating': {
      kind: 'excluded',
      rule: 'password-confirmation-has-no-cancel',
    },
    'session.popupPending': {
      how: 'the person presses "Cancel" next to the busy Google button',
      act: async (run) => {
        await press(run.world.page, 'Cancel');
        if (run.popup) await closeGooglePopup(run.popup);
        run.popup = null;
      },
    },
    'session.authenticated.needsRecentLogin': {
      how: 'the person presses "Cancel" under "Confirm it’s you"',
      act: (run) => press(confirmItsYou(run.world.page), 'Cancel'),
    },
  }),
  CHANGE_PASSWORD: {
    how: 'the person fills "Current password" and "New password" and presses "Change password"',
    act: async (run) => {
      await changePassword(run.world.page, run.own?.password ?? PATH_PASSWORD, NEW_PASSWORD);
    },
  },
  'xstate.done.actor.changePassword': {
    how: 'the emulator changes the password',
    act: async (run, step) => {
      await release('continue')(run, step);
      if (run.own) run.own = { ...run.own, password: NEW_PASSWORD };
    },
  },
  'xstate.error.actor.changePassword': byOutcome({
    'session.signingOut': revokedWhileHeld(
      'the emulator disables the user while the update is held, then answers it',
      'user-disabled',
    ),
    'session.authenticated.needsRecentLogin': needsRecentLoginStub('update'),
    'session.authenticated.idle': droppedHeldRequest('update'),
    ...FAILS_AFTER_A_CHANGE_ELSEWHERE,
  }),

  REAUTHENTICATE: {
    how: 'the person fills "Current password" and presses "Confirm"',
    act: async (run, step) => {
      if (step.event.type !== 'REAUTHENTICATE' || step.event.password === undefined) {
        throw new Error(
          'Only re-authentication with a password is driven (the accounts have one).',
        );
      }
      const fails = isFailure(settlementOf(run, step));
      const password = run.own?.password ?? PATH_PASSWORD;
      await confirmWithPassword(run.world.page, fails ? WRONG_PASSWORD : password);
    },
  },
  'xstate.done.actor.reauthenticate': readsBackItsUser({
    how: 'the emulator accepts the password',
    act: release('continue'),
  }),
  'xstate.error.actor.reauthenticate': byOutcome({
    'session.signingOut': revokedWhileHeld(
      'the emulator disables the user while the re-authentication is held, then answers it',
      'user-disabled',
    ),
    'session.authenticated.needsRecentLogin': {
      how: 'the emulator refuses the wrong password',
      realCode: 'wrong-password',
      expectedConsoleErrors: [REFUSED_REQUEST],
      act: release('continue'),
    },
    ...FAILS_AFTER_A_CHANGE_ELSEWHERE,
  }),

  REFRESH_SESSION: {
    how: 'the person presses "Check for updates"',
    act: (run) => press(run.world.page, 'Check for updates'),
  },
  'xstate.done.actor.refreshSession': readsBackItsUser({
    how: 'the emulator reloads the user and issues a new token',
    act: release('continue'),
  }),
  'xstate.error.actor.refreshSession': byOutcome({
    'session.signingOut': revokedWhileHeld(
      "the emulator expires the user's tokens while the reload is held, then answers it",
      'user-token-expired',
    ),
    'session.authenticated.idle': droppedHeldRequest('reload'),
    ...FAILS_AFTER_A_CHANGE_ELSEWHERE,
  }),

  DELETE_ACCOUNT: {
    how: 'the person presses "Delete account…", types DELETE and presses "Delete account"',
    act: (run) => deleteAccount(run.world.page),
  },
  'xstate.done.actor.deleteAccount': {
    how: 'the backend deletes the account with its data (Admin SDK), then the SDK signs out',
    act: release('continue'),
  },
  'xstate.error.actor.deleteAccount': byOutcome({
    'session.signingOut': {
      ...revokedWhileHeld(
        'the emulator disables the user while the deletion is held; the backend refuses its token',
        'user-disabled',
      ),
      expectedConsoleErrors: [BACKEND_REFUSED],
    },
    'session.authenticated.needsRecentLogin': deletionNeedsRecentLogin,
    'session.authenticated.idle': {
      ...droppedHeldRequest('deletion'),
      realCode: 'backend-unavailable',
    },
    ...FAILS_AFTER_A_CHANGE_ELSEWHERE,
  }),
};

/**
 * How the e-mail actions happen for real: password reset, sign-in link, verification and change
 * of address sent by the emulator, and the e-mailed links opened in this tab.
 */
import {
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { latestOobCode, latestPasswordResetCode } from '../../../support/emulatorAdmin';
import { createTestAuth } from '../../../support/emulatorAuth';
import {
  changeEmail,
  fillLoginForm,
  navigateInApp,
  press,
  resetPasswordPath,
  saveNewPassword,
} from '../../support/pageDriver';
import type { ModelStep } from '../pathModel';
import { PATH_PASSWORD, World } from '../world';
import {
  bySource,
  byOutcome,
  droppedHeldRequest,
  eventTypeOf,
  heldFor,
  needsRecentLoginStub,
  NEW_PASSWORD,
  REFUSED_REQUEST,
  release,
  revokedWhileHeld,
  settlementOf,
  type RealisationTable,
  type RunState,
  type StepRealisation,
} from './realiser';

const emailSent: StepRealisation = {
  how: 'the emulator sends the e-mail',
  act: release('continue'),
};

const codeRefused: StepRealisation = {
  how: 'the emulator refuses the code (not valid)',
  realCode: 'invalid-action-code',
  expectedConsoleErrors: [REFUSED_REQUEST],
  act: release('continue'),
};

async function confirmReset(run: RunState, step: ModelStep, email: string): Promise<void> {
  const succeeds =
    eventTypeOf(settlementOf(run, step)) === 'xstate.done.actor.confirmPasswordReset';
  let oobCode = 'not-a-valid-code';
  if (succeeds) {
    await sendPasswordResetEmail(createTestAuth(), email);
    oobCode = await latestPasswordResetCode(email);
  }
  const page = run.world.page;
  await navigateInApp(page, resetPasswordPath(oobCode));
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  run.actionView = true;
  await saveNewPassword(page, NEW_PASSWORD);
}

/**
 * The e-mailed link that confirms an address, opened in this tab: for a step that succeeds, a
 * real code for this tab's account (or, for a guest, the existing account: the link may be opened
 * anywhere); otherwise one that was never issued.
 */
async function openVerificationLink(run: RunState, step: ModelStep): Promise<void> {
  const succeeds = eventTypeOf(settlementOf(run, step)) === 'xstate.done.actor.applyEmailAction';
  let oobCode = 'not-a-valid-code';
  if (succeeds) {
    const account = step.before.context.user?.isAnonymous === false ? run.own : null;
    const { email, password } = account ?? run.existing;
    const { user } = await signInWithEmailAndPassword(createTestAuth(), email, password);
    await sendEmailVerification(user);
    oobCode = (await latestOobCode(email, 'VERIFY_EMAIL')).oobCode;
  }
  await navigateInApp(run.world.page, `/login?mode=verifyEmail&oobCode=${oobCode}`);
  await run.world.page.getByRole('heading', { name: 'Confirm your email address' }).waitFor();
  run.actionView = true;
}

async function resetDone(run: RunState, step: ModelStep): Promise<void> {
  await heldFor(run, step).release('continue');
  run.actionView = false;
  if (run.own && step.before.context.user?.isAnonymous === false) {
    run.own = { ...run.own, password: NEW_PASSWORD };
  }
}

/** The e-mails sent and the e-mailed links opened. */
export const EMAIL_ACTION_EVENTS: RealisationTable = {
  SEND_PASSWORD_RESET: bySource({
    'session.guest.idle': {
      how: 'the person fills Email and presses "Forgot password?"',
      act: async (run) => {
        await fillLoginForm(run.world.page, run.existing.email, null);
        await press(run.world.page, 'Forgot password?');
      },
    },
    'session.authenticated.idle': {
      how: 'the person presses "Send password reset email"',
      act: (run) => press(run.world.page, 'Send password reset email'),
    },
  }),
  'xstate.done.actor.sendPasswordReset': emailSent,
  'xstate.error.actor.sendPasswordReset': droppedHeldRequest('reset e-mail request'),
  CONFIRM_PASSWORD_RESET: bySource({
    'session.guest.idle': {
      how: 'the person follows the e-mailed link and saves a new password',
      act: (run, step) => confirmReset(run, step, run.existing.email),
    },
    'session.authenticated.idle': {
      how: 'the person follows the e-mailed link and saves a new password',
      act: (run, step) => confirmReset(run, step, run.own?.email ?? run.existing.email),
    },
  }),
  'xstate.done.actor.confirmPasswordReset': {
    how: 'the emulator accepts the code',
    act: resetDone,
  },
  'xstate.error.actor.confirmPasswordReset': codeRefused,

  SEND_SIGN_IN_LINK: {
    how: 'the person fills Email and presses "Email me a sign-in link"',
    act: async (run) => {
      await fillLoginForm(run.world.page, World.freshEmail('paths-link'), null);
      await press(run.world.page, 'Email me a sign-in link');
    },
  },
  'xstate.done.actor.sendSignInLink': emailSent,
  'xstate.error.actor.sendSignInLink': droppedHeldRequest('sign-in link request'),

  SEND_EMAIL_VERIFICATION: {
    how: 'the person presses "Send verification email"',
    act: (run) => press(run.world.page, 'Send verification email'),
  },
  'xstate.done.actor.sendEmailVerification': emailSent,
  'xstate.error.actor.sendEmailVerification': byOutcome({
    'session.signingOut': revokedWhileHeld(
      'the emulator disables the user while the e-mail request is held, then answers it',
      'user-disabled',
    ),
    'session.authenticated.idle': droppedHeldRequest('verification e-mail request'),
  }),

  CHANGE_EMAIL: {
    how: 'the person fills "New email" and "Current password" and presses "Change email"',
    act: (run) =>
      changeEmail(
        run.world.page,
        World.freshEmail('paths-new-address'),
        run.own?.password ?? PATH_PASSWORD,
      ),
  },
  'xstate.done.actor.changeEmail': emailSent,
  'xstate.error.actor.changeEmail': byOutcome({
    'session.signingOut': revokedWhileHeld(
      'the emulator disables the user while the e-mail request is held, then answers it',
      'user-disabled',
    ),
    'session.authenticated.needsRecentLogin': needsRecentLoginStub('e-mail request'),
    'session.authenticated.idle': droppedHeldRequest('e-mail request'),
  }),

  APPLY_EMAIL_ACTION: {
    how: 'the person opens an e-mailed link that confirms an address (a valid code or a used one)',
    act: (run, step) => openVerificationLink(run, step),
  },
  'xstate.done.actor.applyEmailAction': {
    how: 'the emulator applies the code',
    act: release('continue'),
  },
  'xstate.error.actor.applyEmailAction': byOutcome({
    'session.guest.idle': codeRefused,
    'session.authenticated.idle': codeRefused,
  }),
};

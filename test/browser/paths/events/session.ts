/**
 * How a session starts and ends for real: the page (re)loaded for the restore, the guest the
 * emulator starts, "Retry", and the sign-out.
 */
import { press, waitForQuietNetwork } from '../../support/pageDriver';
import { guestMadeEarlier } from '../../../support/emulatorAuth';
import { EXCLUDED_RESTORES } from '../exclusions';
import type { ModelStep } from '../pathModel';
import { PATH_PASSWORD } from '../world';
import {
  droppedHeldRequest,
  nothing,
  release,
  type RealisationTable,
  type StepPlan,
  type StepRealisation,
} from './realiser';

// --- The restore: how the page is (re)loaded ----------------------------------------------------

function restoreRealisation(step: ModelStep): StepPlan {
  const restored = step.restored;
  if (!restored) throw new Error('not a restore step');
  if (restored.redirectError)
    return { kind: 'excluded', rule: EXCLUDED_RESTORES.withRedirectResult };
  const kind = restored.user === null ? 'none' : restored.user.isAnonymous ? 'guest' : 'registered';
  if (step.index > 0) {
    return kind === 'none'
      ? {
          kind: 'realised',
          realisation: { how: 'the restore after RETRY finds no saved user', act: nothing },
        }
      : { kind: 'excluded', rule: EXCLUDED_RESTORES.userAfterRetry };
  }
  const realisation: StepRealisation = {
    how:
      kind === 'none'
        ? 'a first visit to /login in a fresh browser context'
        : kind === 'guest'
          ? 'a returning guest opens /login (the SDK started the guest earlier, in this browser)'
          : 'a returning registered user opens /account (a guest who registered earlier, in this browser)',
    act: async (run) => {
      const { world } = run;
      const page = world.page;
      if (kind === 'none') {
        await page.goto(world.url('/login'));
        return;
      }
      // Made through the SDK, not the pages: the first visit and the sign-up form are steps of
      // their own paths (done:startGuest, CREATE_ACCOUNT); here they are only the past.
      const account =
        kind === 'registered' ? { email: run.ownEmail, password: PATH_PASSWORD } : undefined;
      const user = await guestMadeEarlier(account);
      if (account) run.own = { ...account, uid: user.uid };
      run.expectedUid = user.uid;
      await world.rememberUser(user);
      await page.goto(world.url(account ? '/account' : '/login'));
      // A person sees the account's sections (read from the backend with this token) before
      // acting; acting sooner races those reads against what the step does to the token.
      if (account) {
        await page.getByRole('button', { name: 'Sign out' }).waitFor();
        await waitForQuietNetwork(page);
      }
    },
  };
  return { kind: 'realised', realisation };
}

/** The restore, the guest, Retry and the sign-out. */
export const SESSION_EVENTS: RealisationTable = {
  'xstate.done.actor.restoreSession': restoreRealisation,

  'xstate.done.actor.startGuest': {
    how: 'the emulator answers the held anonymous sign-up',
    act: async (run, step) => {
      await release('continue')(run, step);
      run.expectedUid = null;
    },
  },
  'xstate.error.actor.startGuest': droppedHeldRequest('anonymous sign-up', true),

  RETRY: {
    how: 'the person presses "Retry"',
    leavesPassingState: true,
    act: (run) => press(run.world.page, 'Retry'),
  },

  SIGN_OUT: {
    how: 'the person presses "Sign out"',
    leavesPassingState: true,
    act: (run) => press(run.world.page, 'Sign out'),
  },
  USE_OWN_ADDRESS: {
    how: 'the person presses "Sign out and use my address"',
    leavesPassingState: true,
    act: (run) => press(run.world.page, 'Sign out and use my address'),
  },
  'xstate.done.actor.signOut': { how: 'the SDK signs out (locally, at once)', act: nothing },
};

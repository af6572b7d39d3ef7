/** Which request keeps each operation busy, so the driver can hold it and look at its state. */
import type { SessionSnapshot } from '../../../machine/sessionModel';
import type { SessionOperation } from '../../../../src/machines/session/sessionTypes';
import type { Endpoint } from '../../support/pageDriver';
import { actorOf, leafStateId, type ModelStep } from '../pathModel';
import {
  outcomeOf,
  POPUP_BLOCKED,
  POPUP_FAILED_UNEXPECTEDLY,
  runningOperation,
  type StepRealisation,
} from './realiser';

/** The request that keeps each operation busy, so the driver can look at its state. */
const HELD_REQUEST: Record<
  SessionOperation,
  Endpoint | ((snapshot: SessionSnapshot) => Endpoint) | null
> = {
  // Nothing to hold: the restore reads storage; the popup waits for the person; sign-out is local.
  restoreSession: null,
  continueWithGoogle: null,
  signOut: null,
  startGuest: 'accounts:signUp',
  createAccount: 'accounts:signUp',
  signIn: 'accounts:signInWithPassword',
  switchAccount: (snapshot) =>
    snapshot.context.switchCredential?.providerId === 'google.com'
      ? 'accounts:signInWithIdp'
      : 'accounts:signInWithPassword',
  sendPasswordReset: 'accounts:sendOobCode',
  confirmPasswordReset: 'accounts:resetPassword',
  changePassword: 'accounts:update',
  reauthenticate: 'accounts:signInWithPassword',
  refreshSession: 'accounts:lookup',
  deleteAccount: 'account',
  redirectToGoogle: 'accounts:lookup',
  carryOver: 'carry-over',
  sendSignInLink: 'accounts:sendOobCode',
  completeSignInLink: 'accounts:signInWithEmailLink',
  sendEmailVerification: 'accounts:sendOobCode',
  // Which action the code is for comes first (checkActionCode), so holding it holds the whole.
  applyEmailAction: 'accounts:resetPassword',
  changeEmail: 'accounts:sendOobCode',
};

/** The request that keeps the state a step entered busy, so the driver can look at it. */
export function holdableRequest(step: ModelStep): Endpoint | null {
  const { after, before } = step;
  const leaf = leafStateId(after);
  const entered = leaf !== leafStateId(before) || step.taken.some((taken) => taken.target === leaf);
  if (!entered) return null;
  const operation = runningOperation(after);
  const request = operation ? HELD_REQUEST[operation] : null;
  return typeof request === 'function' ? request(after) : request;
}

/** The step enters a state that settles by itself at once (nothing holds it). */
export function entersPassingState(
  steps: ModelStep[],
  step: ModelStep,
  realisation: StepRealisation,
): boolean {
  if (realisation.leavesPassingState) return true;
  const operation = runningOperation(step.after);
  if (operation === 'signOut' || operation === 'restoreSession') return true;
  if (operation === 'continueWithGoogle') {
    const outcome = outcomeOf(steps[step.index + 1]);
    return outcome === POPUP_BLOCKED || outcome === POPUP_FAILED_UNEXPECTEDLY;
  }
  return false;
}

export function isSettlementOf(step: ModelStep | undefined, previous: ModelStep): boolean {
  const actor = step ? actorOf(step.event) : null;
  return actor !== null && actor.actorId in previous.after.children;
}

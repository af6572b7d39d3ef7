/**
 * How another tab changes this tab's user for real (a second tab of the same browser, or the
 * shared storage emptied), at rest or while an operation of this tab is held.
 */
import type { Page } from 'playwright-core';
import { NOTICE_CATALOGUE } from '../../../../src/machines/session/noticeCatalogue';
import type { SessionOperation, SessionUser } from '../../../../src/machines/session/sessionTypes';
import {
  fillLoginForm,
  press,
  removePersistedUser,
  sessionLink,
  waitForPersistedUser,
  waitForStoragePolls,
} from '../../support/pageDriver';
import type { ModelStep } from '../pathModel';
import { PATH_PASSWORD, World } from '../world';
import {
  byOutcome,
  bySource,
  droppedHeldRequest,
  operationOfState,
  resolve,
  transitionOf,
  type RealisationTable,
  type RunState,
  type StepPlan,
  type StepRealisation,
} from './realiser';

/** Who the SDK's user becomes in an AUTH_CHANGED step, next to the user this tab holds. */
export type UserChange =
  | 'nobody'
  | 'the same user'
  | 'this guest registered'
  | 'another guest'
  | 'another registered user';

/** `next` is the guest `now`, registered (same uid). */
export function isGuestRegistered(now: SessionUser | null, next: SessionUser | null): boolean {
  return now?.isAnonymous === true && next !== null && !next.isAnonymous && next.uid === now.uid;
}

export function changeOf(step: ModelStep): UserChange {
  if (step.event.type !== 'AUTH_CHANGED') throw new Error('not an AUTH_CHANGED step');
  const now = step.before.context.user;
  const next = step.event.user;
  if (next === null) return now === null ? 'the same user' : 'nobody';
  if (now !== null && now.uid === next.uid && now.isAnonymous === next.isAnonymous) {
    return 'the same user';
  }
  if (isGuestRegistered(now, next)) return 'this guest registered';
  return next.isAnonymous ? 'another guest' : 'another registered user';
}

/** While this tab's link is held, another tab registered the same guest (issue 22). */
export function guestRegisteredMeanwhile(step: ModelStep): boolean {
  const { user, deferredAuthChange } = step.before.context;
  return isGuestRegistered(user, deferredAuthChange?.user ?? null);
}

/** This tab's SDK reads another tab's change from IndexedDB on its next poll (every 800 ms). */
export async function letThisTabSeeIt(run: RunState): Promise<void> {
  await waitForStoragePolls(run.world.page);
}

/** In a second tab (the same browser): sign in to the existing account, from the login page. */
export async function signInInSecondTab(run: RunState, tab: Page): Promise<void> {
  await sessionLink(tab, 'guest').waitFor();
  await fillLoginForm(tab, run.existing.email, run.existing.password);
  await press(tab, 'Sign in');
  await waitForPersistedUser(tab, (user) => user.uid === run.existing.uid);
}

/**
 * The session ended in another tab, as this tab's SDK sees it: the shared storage no longer holds
 * the user, and the other tab's next guest is not saved yet. That is all another tab's sign-out
 * does to this one (the SDK signs a password or Google user out locally, with no request), and no
 * page lets a guest sign out. (A second tab signing in and out again would show this tab the
 * account in between, on any of its storage polls, and the SDK stores back what it reads, so a
 * sign-out landing in between was undone: CI failed on it.)
 */
export async function sessionEndedElsewhere(run: RunState): Promise<void> {
  // A second tab still open would start its own guest at once, and this tab would follow it.
  await run.world.closeSecondTab();
  await removePersistedUser(run.world.page);
}

/** In a second tab: sign out, and wait for the fresh guest it starts. */
export async function signOutAndStartGuestInSecondTab(tab: Page): Promise<void> {
  await press(tab, 'Sign out');
  await sessionLink(tab, 'guest').waitFor();
  await waitForPersistedUser(tab, (user) => user.isAnonymous);
}

/**
 * Another tab changes the SDK's user while an operation of this tab is held. The operation defers
 * the change and reconciles when it settles, so only the user the other tab ends with counts.
 */
export function changedElsewhereDuring(operation: SessionOperation, step: ModelStep): StepPlan {
  const change = changeOf(step);
  const user = step.before.context.user;
  const kind = user === null ? 'nobody' : user.isAnonymous ? 'guest' : 'registered';
  const how = (what: string): string =>
    `while ${operation} is held, a second tab ${what}; this tab defers the change`;
  const realised = (what: string, act: StepRealisation['act']): StepPlan => ({
    kind: 'realised',
    realisation: {
      how: how(what),
      // The SDK holds the other tab's user; the machine keeps its own until the operation settles.
      persistedDiffers: true,
      act: async (run, current) => {
        await act(run, current);
        await letThisTabSeeIt(run);
      },
    },
  });
  if (change === 'nobody') {
    return realised(
      kind === 'registered'
        ? 'signs out (its new guest not saved yet)'
        : 'ends the guest session (its new guest not saved yet)',
      sessionEndedElsewhere,
    );
  }
  if (change === 'the same user') {
    if (kind === 'guest') return { kind: 'excluded', rule: 'guest-token-change-unobservable' };
    if (kind === 'nobody') return { kind: 'excluded', rule: 'nobody-to-nobody-is-no-change' };
    return realised('checks for updates (a new token for the same user)', async (run) => {
      const tab = await run.world.openSecondTab('/account');
      await press(tab, 'Check for updates');
      await tab.getByText(NOTICE_CATALOGUE['session-refreshed']).waitFor();
    });
  }
  if (change === 'this guest registered') {
    return realised('creates an account for this same guest (same uid)', async (run) => {
      const tab = await run.world.openSecondTab('/login');
      // The header shows the kind this browser saw last while the session is still restoring.
      await tab.locator('section.session-page:not([aria-busy="true"])').waitFor();
      await fillLoginForm(tab, World.freshEmail('paths-other-tab'), PATH_PASSWORD);
      await press(tab, 'Create account');
      await waitForPersistedUser(tab, (user) => !user.isAnonymous);
    });
  }
  if (change === 'another guest') {
    return realised(
      kind === 'nobody'
        ? 'opens the site and starts its guest'
        : kind === 'guest'
          ? 'ends the guest session, and a new tab starts a fresh guest'
          : 'signs out (a fresh guest)',
      async (run) => {
        if (kind === 'guest') await sessionEndedElsewhere(run);
        const tab = await run.world.openSecondTab(kind === 'registered' ? '/account' : '/login');
        if (kind === 'registered') await signOutAndStartGuestInSecondTab(tab);
        else await waitForPersistedUser(tab, (user) => user.isAnonymous);
      },
    );
  }
  return realised(
    kind === 'registered'
      ? 'signs out and signs in to an existing account'
      : 'signs in to an existing account',
    async (run) => {
      const tab = await run.world.openSecondTab(kind === 'registered' ? '/account' : '/login');
      if (kind === 'registered') await signOutAndStartGuestInSecondTab(tab);
      await signInInSecondTab(run, tab);
    },
  );
}

/**
 * An operation fails while another tab's user is deferred: whatever the failure, the machine
 * follows that user first (`someoneElseMeanwhile`, then `userChangedMeanwhile`), so the driver
 * drops the held request.
 */
export const FAILS_AFTER_A_CHANGE_ELSEWHERE = {
  'session.reconciling [someoneElseMeanwhile]': droppedHeldRequest(
    'request, after the change elsewhere,',
  ),
  'session.reconciling [userChangedMeanwhile]': droppedHeldRequest(
    'request, after the change elsewhere,',
  ),
};

/** Another tab's change of user (AUTH_CHANGED). */
export const TWO_TAB_EVENTS: RealisationTable = {
  AUTH_CHANGED: (step) => {
    // A state running an operation defers the change until the operation settles.
    const operation = operationOfState(transitionOf(step).source);
    if (operation) return changedElsewhereDuring(operation, step);
    return resolve(
      bySource({
        'session.sessionFailed': byOutcome({
          '(no target)': { kind: 'excluded', rule: 'nobody-to-nobody-is-no-change' },
          'session.guest': {
            how: 'a second tab opens the site and starts its guest, which this tab picks up',
            act: async (run) => {
              await run.world.openSecondTab('/login');
            },
          },
        }),
        'session.guest': byOutcome({
          'session.guest': { kind: 'excluded', rule: 'at-rest-every-change-is-seen' },
          'session.authenticated': {
            how: 'a second tab signs in to an existing account, which this tab picks up',
            act: async (run) => {
              const tab = await run.world.openSecondTab('/login');
              await fillLoginForm(tab, run.existing.email, run.existing.password);
              await press(tab, 'Sign in');
              run.expectedUid = run.existing.uid;
            },
          },
        }),
        'session.authenticated': byOutcome({
          'session.authenticated': { kind: 'excluded', rule: 'at-rest-every-change-is-seen' },
          'session.startingGuest': {
            how: 'a second tab signs out (its new guest not saved yet), which this tab picks up',
            act: sessionEndedElsewhere,
          },
          '(no target)': {
            how: 'a second tab refreshes the session (new token for the same user), which this tab picks up',
            act: async (run) => {
              const tab = await run.world.openSecondTab('/account');
              await press(tab, 'Check for updates');
              await tab.getByText(NOTICE_CATALOGUE['session-refreshed']).waitFor();
              await letThisTabSeeIt(run);
            },
          },
        }),
      }),
      step,
    );
  },
};

/**
 * How each step of a generated path happens for real, keyed by the step's event type: a user
 * event is what a person does in the page (by accessible name); an invoked actor's outcome is the
 * real world made to produce it (the emulator's accounts, a held / dropped / refused request, a
 * blocked or closed popup, a second tab). Where one event means different things, the realisation
 * picks by the transition's meaning: the state it leaves (its id or tags) and the state it enters,
 * never by a branch's position. Steps the browser cannot produce are kept out by ./exclusions.ts.
 */
import type { Page } from 'playwright-core';
import {
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { userMessageFor, type ClientCode } from '../../../src/machines/session/errorCatalogue';
import { NOTICE_CATALOGUE } from '../../../src/machines/session/noticeCatalogue';
import type { SessionFailureData } from '../../../src/machines/session/sessionTypes';
import { sessionMachine } from '../../../src/machines/session/sessionMachine';
import {
  SESSION_OPERATIONS,
  type SessionEvent,
  type SessionOperation,
  type SessionUser,
} from '../../../src/machines/session/sessionTypes';
import type {
  ModelEvent,
  SessionSnapshot,
  SessionStateId,
  SessionTarget,
} from '../../machine/sessionModel';
import {
  disableUser,
  expireTokens,
  latestOobCode,
  latestPasswordResetCode,
} from '../../support/emulatorAdmin';
import { createTestAuth } from '../../support/emulatorAuth';
import {
  addGoogleAccount,
  blockPopups,
  chooseGoogleAccount,
  closeGooglePopup,
  nextGooglePopup,
  skipPopupClosedDetection,
} from '../support/googlePopup';
import {
  changeEmail,
  changePassword,
  confirmItsYou,
  confirmWithPassword,
  deleteAccount,
  fillLoginForm,
  navigateInApp,
  press,
  resetPasswordPath,
  saveNewPassword,
  sessionLink,
  removePersistedUser,
  waitForPersistedUser,
  type Endpoint,
  type HeldRequest,
  type Release,
  waitForStoragePolls,
} from '../support/pageDriver';
import { EXCLUDED_RESTORES, excludedBy, type ExclusionRule } from './exclusions';
import { actorOf, leafStateId, type ModelStep } from './pathModel';
import { PATH_PASSWORD, World, type Account } from './world';

// --- The state of one run ------------------------------------------------------------------------

/** What the driver knows while it runs one path in one fresh browser context. */
export interface RunState {
  world: World;
  steps: ModelStep[];
  realisations: StepRealisation[];
  /** Requests held for the state each step entered, by step index. */
  holds: Map<number, HeldRequest>;
  /** An e-mail/password account registered before the path (sign in, e-mail already in use). */
  existing: Account;
  /** A Google account linked to another user (credential-already-in-use). */
  googleOwner: { email: string; uid: string } | null;
  /** The account this tab registered during the path (sign up, restore of a registered user). */
  own: Account | null;
  /** The e-mail this tab registers before a restore of a registered user. */
  ownEmail: string;
  popup: Page | null;
  /** An e-mailed link's view (/login?mode=resetPassword, verifyEmail) is on screen. */
  actionView: boolean;
  /** The persisted uid expected after the step (checked by the runner), if the step fixes one. */
  expectedUid: string | null;
}

export interface StepRealisation {
  /** In a sentence, how the real world produces the step. */
  how: string;
  /** The error code the real world produces (settlements that fail). */
  realCode?: ClientCode;
  /** The state the step enters stays until the next step (held request, open popup, resting). */
  leavesPassingState?: boolean;
  /** The state changed in the SDK but deliberately not in the machine: skip the persisted check. */
  persistedDiffers?: boolean;
  /** Console errors this step causes on purpose (logged failures, dropped requests). */
  expectedConsoleErrors?: RegExp[];
  /** Needs the fake clock installed before the page loads. */
  needsFakeClock?: boolean;
  /** Needs a Google account linked to another user. */
  needsGoogleOwner?: boolean;
  act: (run: RunState, step: ModelStep) => Promise<void>;
}

export type StepPlan =
  { kind: 'realised'; realisation: StepRealisation } | { kind: 'excluded'; rule: ExclusionRule };

const WRONG_PASSWORD = 'Wrong-Password-9';
const NEW_PASSWORD = 'Path-Password-2';
const SESSION_LOG = /^\[session\]/;
const DROPPED_REQUEST = /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/;
const REFUSED_REQUEST = /^Failed to load resource: the server responded with a status of 400/;
const BACKEND_REFUSED = /^Failed to load resource: the server responded with a status of 40[13]/;

// --- What a step means ---------------------------------------------------------------------------

/** The operation a snapshot runs (its operation tag), if any. */
export function runningOperation(snapshot: SessionSnapshot): SessionOperation | null {
  return SESSION_OPERATIONS.find((operation) => snapshot.hasTag(operation)) ?? null;
}

/** The operation the state `stateId` runs (its operation tag), if any. */
function operationOfState(stateId: string): SessionOperation | null {
  const { tags } = sessionMachine.getStateNodeById(stateId);
  return SESSION_OPERATIONS.find((operation) => tags.includes(operation)) ?? null;
}

function transitionOf(step: ModelStep) {
  const [taken] = step.taken;
  if (!taken) throw new Error(`Step ${step.index} (${step.event.type}) takes no transition.`);
  return taken;
}

/**
 * Where a step leads: the target state's id (`(no target)` when it stays), with the guard where
 * two outcomes of the event share the target.
 */
/** Where a step leads, and by which guard when several transitions could. */
export type Outcome = SessionTarget | `${SessionTarget} [${string}]`;

export function outcomeOf(step: ModelStep | undefined): Outcome | null {
  const taken = step?.taken[0];
  if (!taken) return null;
  const target = (taken.target ?? '(no target)') as SessionTarget;
  return taken.guard ? `${target} [${taken.guard}]` : target;
}

/** Where Google's popup fails at once, without the person: it never stays open to look at. */
const POPUP_BLOCKED: Outcome = 'session.redirecting';
const POPUP_FAILED_UNEXPECTEDLY: Outcome = 'session.guest [otherwise]';

function isFailure(step: ModelStep | undefined): boolean {
  return step !== undefined && actorOf(step.event)?.kind === 'error';
}

function next(run: RunState, step: ModelStep, offset = 1): ModelStep | undefined {
  return run.steps[step.index + offset];
}

/** How the operation a step starts settles: the next step that is an actor's outcome. */
function settlementOf(run: RunState, step: ModelStep): ModelStep | undefined {
  return run.steps.slice(step.index + 1).find((later) => actorOf(later.event) !== null);
}

// --- What a person does -------------------------------------------------------------------------

async function currentUid(run: RunState): Promise<string> {
  const user = await run.world.persistedUser();
  if (!user) throw new Error('The step needs a signed-in user, and none is persisted.');
  return user.uid;
}

function heldFor(run: RunState, step: ModelStep): HeldRequest {
  // The settled state was entered by the latest step that held a request (an AUTH_CHANGED
  // deferred meanwhile holds none).
  const entered = Math.max(-1, ...[...run.holds.keys()].filter((index) => index < step.index));
  const held = run.holds.get(entered);
  if (!held) throw new Error(`No request was held for the state that step ${step.index} settles.`);
  return held;
}

function release(how: Release): (run: RunState, step: ModelStep) => Promise<void> {
  return (run, step) => heldFor(run, step).release(how);
}

const nothing = async (): Promise<void> => undefined;

/** The step follows a user another tab left (through `reconciling`), not its operation's own. */
function reconciles(step: ModelStep): boolean {
  return step.passesThrough.states.length > 0;
}

/** The sign-up fails because the e-mail already has an account (issue 9: it stays guest). */
function emailTakenAt(settlement: ModelStep | undefined): boolean {
  return (
    settlement !== undefined &&
    (settlement.event.type as string) === 'xstate.error.actor.createAccount' &&
    outcomeOf(settlement) === 'session.guest' &&
    settlement.failure?.code === 'email-already-in-use'
  );
}

/** The emulator revokes the user (disables it, or expires its tokens) while the request is held. */
function revokedWhileHeld(
  how: string,
  realCode: 'user-disabled' | 'user-token-expired',
): StepRealisation {
  const revoke = realCode === 'user-disabled' ? disableUser : expireTokens;
  return {
    how,
    realCode,
    leavesPassingState: true,
    expectedConsoleErrors: [REFUSED_REQUEST],
    act: async (run, step) => {
      await revoke(await currentUid(run));
      await release('continue')(run, step);
    },
  };
}

/** Who the SDK's user becomes in an AUTH_CHANGED step, next to the user this tab holds. */
type UserChange =
  | 'nobody'
  | 'the same user'
  | 'this guest registered'
  | 'another guest'
  | 'another registered user';

/** `next` is the guest `now`, registered (same uid). */
function isGuestRegistered(now: SessionUser | null, next: SessionUser | null): boolean {
  return now?.isAnonymous === true && next !== null && !next.isAnonymous && next.uid === now.uid;
}

function changeOf(step: ModelStep): UserChange {
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
function guestRegisteredMeanwhile(step: ModelStep): boolean {
  const { user, deferredAuthChange } = step.before.context;
  return isGuestRegistered(user, deferredAuthChange?.user ?? null);
}

/** This tab's SDK reads another tab's change from IndexedDB on its next poll (every 800 ms). */
async function letThisTabSeeIt(run: RunState): Promise<void> {
  await waitForStoragePolls(run.world.page);
}

/** In a second tab (the same browser): sign in to the existing account, from the login page. */
async function signInInSecondTab(run: RunState, tab: Page): Promise<void> {
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
async function sessionEndedElsewhere(run: RunState): Promise<void> {
  // A second tab still open would start its own guest at once, and this tab would follow it.
  await run.world.closeSecondTab();
  await removePersistedUser(run.world.page);
}

/** In a second tab: sign out, and wait for the fresh guest it starts. */
async function signOutAndStartGuestInSecondTab(tab: Page): Promise<void> {
  await press(tab, 'Sign out');
  await sessionLink(tab, 'guest').waitFor();
  await waitForPersistedUser(tab, (user) => user.isAnonymous);
}

/**
 * Another tab changes the SDK's user while an operation of this tab is held. The operation defers
 * the change and reconciles when it settles, so only the user the other tab ends with counts.
 */
function changedElsewhereDuring(operation: SessionOperation, step: ModelStep): StepPlan {
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
const FAILS_AFTER_A_CHANGE_ELSEWHERE = {
  'session.reconciling [someoneElseMeanwhile]': droppedHeldRequest(
    'request, after the change elsewhere,',
  ),
  'session.reconciling [userChangedMeanwhile]': droppedHeldRequest(
    'request, after the change elsewhere,',
  ),
};

/** reauthenticate and refreshSession return the user they started with, never another one. */
function readsBackItsUser(realisation: StepRealisation): Realiser {
  return (step) => {
    const output = 'output' in step.event ? (step.event.output as { uid?: string } | null) : null;
    return output?.uid === step.before.context.user?.uid
      ? { kind: 'realised', realisation }
      : { kind: 'excluded', rule: 'reads-back-the-user-it-ran-for' };
  };
}

function droppedHeldRequest(what: string, logged = false): StepRealisation {
  return {
    how: `the driver drops the held ${what} (network cut)`,
    realCode: 'network-request-failed',
    expectedConsoleErrors: logged ? [SESSION_LOG, DROPPED_REQUEST] : [DROPPED_REQUEST],
    act: release('abort'),
  };
}

function needsRecentLoginStub(what: string): StepRealisation {
  return {
    how: `STUBBED: the ${what} answers CREDENTIAL_TOO_OLD_LOGIN_AGAIN (the emulator never asks for a recent login)`,
    realCode: 'requires-recent-login',
    expectedConsoleErrors: [REFUSED_REQUEST],
    act: release({ serverError: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN' }),
  };
}

/** The backend asks for a sign-in within its last 5 minutes (a path's sign-in is always newer). */
const deletionNeedsRecentLogin: StepRealisation = {
  how: 'STUBBED: the backend answers requires-recent-login (403), as it does for a sign-in older than 5 minutes',
  realCode: 'requires-recent-login',
  expectedConsoleErrors: [BACKEND_REFUSED],
  act: release({ apiError: 'requires-recent-login' }),
};

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
    (settlementOf(run, step)?.event.type as string | undefined) ===
    'xstate.done.actor.confirmPasswordReset';
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
  const succeeds =
    (settlementOf(run, step)?.event.type as string | undefined) ===
    'xstate.done.actor.applyEmailAction';
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
          ? 'a returning guest reloads /login'
          : 'a returning registered user reloads /account (registered through the form beforehand)',
    act: async (run) => {
      const { world } = run;
      const page = world.page;
      await page.goto(world.url('/login'));
      if (kind === 'none') return;
      await sessionLink(page, 'guest').waitFor();
      await waitForPersistedUser(page, (user) => user.isAnonymous);
      if (kind === 'registered') {
        const uid = await currentUid(run);
        run.own = { email: run.ownEmail, password: PATH_PASSWORD, uid };
        await fillLoginForm(page, run.ownEmail, PATH_PASSWORD);
        await press(page, 'Create account');
        await page.waitForURL(world.url('/account'));
        await sessionLink(page, 'registered').waitFor();
        await waitForPersistedUser(page, (user) => !user.isAnonymous);
        run.expectedUid = uid;
      } else {
        run.expectedUid = await currentUid(run);
      }
      await page.reload();
    },
  };
  return { kind: 'realised', realisation };
}

// --- The table: event type -> how it happens ---------------------------------------------------

/** A step's realisation, or how to pick it from what the step means. */
type Realiser = StepRealisation | StepPlan | ((step: ModelStep) => StepPlan | StepRealisation);

function resolve(realiser: Realiser, step: ModelStep): StepPlan {
  if (typeof realiser !== 'function') {
    return 'kind' in realiser ? realiser : { kind: 'realised', realisation: realiser };
  }
  const picked = realiser(step);
  return 'kind' in picked ? picked : { kind: 'realised', realisation: picked };
}

/** The realisation by where the step leads (see `outcomeOf`). */
function byOutcome(outcomes: Partial<Record<Outcome, Realiser>>): Realiser {
  return (step) => {
    const outcome = outcomeOf(step);
    const realiser = outcome === null ? undefined : outcomes[outcome];
    if (!realiser) throw new Error(`No realisation of ${step.event.type} leading to ${outcome}`);
    return resolve(realiser, step);
  };
}

/** The realisation by the state the transition leaves (the state declaring it). */
function bySource(sources: Partial<Record<SessionStateId, Realiser>>): Realiser {
  return (step) => {
    const { source } = transitionOf(step);
    const realiser = sources[source as SessionStateId];
    if (!realiser) throw new Error(`No realisation of ${step.event.type} from ${source}`);
    return resolve(realiser, step);
  };
}

/** Every event a generated step can carry: a person's, the SDK's, or an operation's outcome. */
type StepEventType = SessionEvent['type'] | `xstate.${'done' | 'error'}.actor.${SessionOperation}`;

const EVENTS: Partial<Record<StepEventType, Realiser>> = {
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

// --- Planning a path ----------------------------------------------------------------------------

export function planStep(step: ModelStep): StepPlan {
  const rule = excludedBy(step.transitions);
  if (rule) return { kind: 'excluded', rule };
  const realiser = EVENTS[step.event.type as StepEventType];
  if (!realiser) {
    throw new Error(
      `No realisation or exclusion rule for the step ${step.transitions.join(' + ')}`,
    );
  }
  return resolve(realiser, step);
}

/** The failure the real world produces for a step, to replay in the pure machine. */
function realFailure(step: ModelStep, realisation: StepRealisation): SessionFailureData | null {
  if (!step.failure) return null;
  const code = realisation.realCode ?? step.failure.code;
  return { ...step.failure, code, message: userMessageFor(code) };
}

/** The real event of the step: the model's, with the failure the real world produces. */
export function realEvent(step: ModelStep, realisation: StepRealisation): ModelEvent {
  const failure = realFailure(step, realisation);
  return failure ? ({ ...step.event, error: failure } as unknown as ModelEvent) : step.event;
}

// --- Holding the operations' requests -----------------------------------------------------------

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

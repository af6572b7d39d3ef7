/**
 * The vocabulary every realisation is written in: the state of one run, what a step means (where
 * it leads, how its operation settles), the held request it releases, and the tables that pick a
 * realisation by the step's event, source state or outcome.
 */
import type { Page } from 'playwright-core';
import type { ClientCode } from '../../../../src/machines/session/errorCatalogue';
import { sessionMachine } from '../../../../src/machines/session/sessionMachine';
import {
  SESSION_OPERATIONS,
  type SessionOperation,
} from '../../../../src/machines/session/sessionTypes';
import type {
  SessionGuardLabel,
  SessionSnapshot,
  SessionStateId,
  SessionStepEventType,
  SessionTarget,
} from '../../../machine/sessionModel';
import { disableUser, expireTokens } from '../../../support/emulatorAdmin';
import type { HeldRequest, Release } from '../../support/pageDriver';
import type { ExclusionRule } from '../exclusions';
import { actorOf, type ModelStep } from '../pathModel';
import type { Account, World } from '../world';

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

export const WRONG_PASSWORD = 'Wrong-Password-9';
export const NEW_PASSWORD = 'Path-Password-2';
export const SESSION_LOG = /^\[session\]/;
export const DROPPED_REQUEST = /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/;
export const REFUSED_REQUEST =
  /^Failed to load resource: the server responded with a status of 400/;
export const BACKEND_REFUSED =
  /^Failed to load resource: the server responded with a status of 40[13]/;

// --- What a step means ---------------------------------------------------------------------------

/** The operation a snapshot runs (its operation tag), if any. */
export function runningOperation(snapshot: SessionSnapshot): SessionOperation | null {
  return SESSION_OPERATIONS.find((operation) => snapshot.hasTag(operation)) ?? null;
}

/** The operation the state `stateId` runs (its operation tag), if any. */
export function operationOfState(stateId: string): SessionOperation | null {
  const { tags } = sessionMachine.getStateNodeById(stateId);
  return SESSION_OPERATIONS.find((operation) => tags.includes(operation)) ?? null;
}

export function transitionOf(step: ModelStep) {
  const [taken] = step.taken;
  if (!taken) throw new Error(`Step ${step.index} (${step.event.type}) takes no transition.`);
  return taken;
}

/**
 * Where a step leads: the target state's id (`(no target)` when it stays), with the guard where
 * two outcomes of the event share the target.
 */
export type Outcome = SessionTarget | `${SessionTarget} [${SessionGuardLabel}]`;

export function outcomeOf(step: ModelStep | undefined): Outcome | null {
  const taken = step?.taken[0];
  if (!taken) return null;
  const target = (taken.target ?? '(no target)') as SessionTarget;
  return taken.guard ? `${target} [${taken.guard as SessionGuardLabel}]` : target;
}

/** Where Google's popup fails at once, without the person: it never stays open to look at. */
export const POPUP_BLOCKED = 'session.redirecting' satisfies Outcome;
export const POPUP_FAILED_UNEXPECTEDLY = 'session.guest [otherwise]' satisfies Outcome;

export function isFailure(step: ModelStep | undefined): boolean {
  return step !== undefined && actorOf(step.event)?.kind === 'error';
}

export function next(run: RunState, step: ModelStep, offset = 1): ModelStep | undefined {
  return run.steps[step.index + offset];
}

/** How the operation a step starts settles: the next step that is an actor's outcome. */
export function settlementOf(run: RunState, step: ModelStep): ModelStep | undefined {
  return run.steps.slice(step.index + 1).find((later) => actorOf(later.event) !== null);
}

// --- What a person does -------------------------------------------------------------------------

export async function currentUid(run: RunState): Promise<string> {
  const user = await run.world.persistedUser();
  if (!user) throw new Error('The step needs a signed-in user, and none is persisted.');
  return user.uid;
}

export function heldFor(run: RunState, step: ModelStep): HeldRequest {
  // The settled state was entered by the latest step that held a request (an AUTH_CHANGED
  // deferred meanwhile holds none).
  const entered = Math.max(-1, ...[...run.holds.keys()].filter((index) => index < step.index));
  const held = run.holds.get(entered);
  if (!held) throw new Error(`No request was held for the state that step ${step.index} settles.`);
  return held;
}

export function release(how: Release): (run: RunState, step: ModelStep) => Promise<void> {
  return (run, step) => heldFor(run, step).release(how);
}

export const nothing = async (): Promise<void> => undefined;

/** The step follows a user another tab left (through `reconciling`), not its operation's own. */
export function reconciles(step: ModelStep): boolean {
  return step.passesThrough.states.length > 0;
}

/** The emulator revokes the user (disables it, or expires its tokens) while the request is held. */
export function revokedWhileHeld(
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

export function droppedHeldRequest(what: string, logged = false): StepRealisation {
  return {
    how: `the driver drops the held ${what} (network cut)`,
    realCode: 'network-request-failed',
    expectedConsoleErrors: logged ? [SESSION_LOG, DROPPED_REQUEST] : [DROPPED_REQUEST],
    act: release('abort'),
  };
}

export function needsRecentLoginStub(what: string): StepRealisation {
  return {
    how: `STUBBED: the ${what} answers CREDENTIAL_TOO_OLD_LOGIN_AGAIN (the emulator never asks for a recent login)`,
    realCode: 'requires-recent-login',
    expectedConsoleErrors: [REFUSED_REQUEST],
    act: release({ serverError: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN' }),
  };
}

// --- The table: event type -> how it happens ---------------------------------------------------

/** A step's realisation, or how to pick it from what the step means. */
export type Realiser =
  StepRealisation | StepPlan | ((step: ModelStep) => StepPlan | StepRealisation);

export function resolve(realiser: Realiser, step: ModelStep): StepPlan {
  if (typeof realiser !== 'function') {
    return 'kind' in realiser ? realiser : { kind: 'realised', realisation: realiser };
  }
  const picked = realiser(step);
  return 'kind' in picked ? picked : { kind: 'realised', realisation: picked };
}

/** The realisation by where the step leads (see `outcomeOf`). */
export function byOutcome(outcomes: Partial<Record<Outcome, Realiser>>): Realiser {
  return (step) => {
    const outcome = outcomeOf(step);
    const realiser = outcome === null ? undefined : outcomes[outcome];
    if (!realiser) throw new Error(`No realisation of ${step.event.type} leading to ${outcome}`);
    return resolve(realiser, step);
  };
}

/** The realisation by the state the transition leaves (the state declaring it). */
export function bySource(sources: Partial<Record<SessionStateId, Realiser>>): Realiser {
  return (step) => {
    const { source } = transitionOf(step);
    const realiser = sources[source as SessionStateId];
    if (!realiser) throw new Error(`No realisation of ${step.event.type} from ${source}`);
    return resolve(realiser, step);
  };
}

/** Every event a generated step can carry: a person's, the SDK's, or an operation's outcome. */
export type StepEventType = SessionStepEventType;

/** The step's event type, the outcomes of invoked actors included. */
export function eventTypeOf(step: ModelStep | undefined): StepEventType | undefined {
  return step?.event.type as StepEventType | undefined;
}

/** Realisations by event type, for one family of states. */
export type RealisationTable = Partial<Record<StepEventType, Realiser>>;

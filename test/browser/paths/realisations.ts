/**
 * How each step of a generated path happens for real, keyed by the step's event type: a user
 * event is what a person does in the page (by accessible name); an invoked actor's outcome is the
 * real world made to produce it (the emulator's accounts, a held / dropped / refused request, a
 * blocked or closed popup, a second tab). Where one event means different things, the realisation
 * picks by the transition's meaning: the state it leaves (its id or tags) and the state it enters,
 * never by a branch's position. Steps the browser cannot produce are kept out by ./exclusions.ts.
 *
 * The table is written by family of states, one file each under ./events/: the session's start
 * and end (session.ts), sign-up, sign-in and Google (signInAndLinking.ts), the e-mail actions
 * (emailActions.ts), the account page's operations (accountOperations.ts) and another tab's
 * change (twoTabs.ts), in the words of ./events/realiser.ts; ./events/holds.ts says which request
 * keeps each operation busy.
 */
import { userMessageFor } from '../../../src/machines/session/errorCatalogue';
import type { SessionFailureData } from '../../../src/machines/session/sessionTypes';
import type { ModelEvent } from '../../machine/sessionModel';
import { excludedBy } from './exclusions';
import type { ModelStep } from './pathModel';
import { ACCOUNT_OPERATION_EVENTS } from './events/accountOperations';
import { EMAIL_ACTION_EVENTS } from './events/emailActions';
import {
  resolve,
  type RealisationTable,
  type StepEventType,
  type StepPlan,
  type StepRealisation,
} from './events/realiser';
import { SESSION_EVENTS } from './events/session';
import { SIGN_IN_AND_LINKING_EVENTS } from './events/signInAndLinking';
import { TWO_TAB_EVENTS } from './events/twoTabs';

export { entersPassingState, holdableRequest, isSettlementOf } from './events/holds';
export {
  outcomeOf,
  runningOperation,
  type Outcome,
  type RunState,
  type StepPlan,
  type StepRealisation,
} from './events/realiser';

/** The families' tables as one; an event realised by two families is a mistake. */
function joinTables(...tables: RealisationTable[]): RealisationTable {
  const joined: RealisationTable = {};
  for (const table of tables) {
    for (const type of Object.keys(table) as StepEventType[]) {
      if (type in joined) throw new Error(`Two families realise ${type}.`);
      joined[type] = table[type];
    }
  }
  return joined;
}

const EVENTS = joinTables(
  SESSION_EVENTS,
  SIGN_IN_AND_LINKING_EVENTS,
  EMAIL_ACTION_EVENTS,
  ACCOUNT_OPERATION_EVENTS,
  TWO_TAB_EVENTS,
);

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

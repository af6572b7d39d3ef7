/**
 * The generated paths (test/machine/sessionModel.ts, the same graph as the machine-level tests),
 * read step by step: which declared transitions each step takes, from which snapshot.
 */
import { initialTransition, transition, type StateValue } from 'xstate';
import { sessionMachine } from '../../../src/machines/session/sessionMachine';
import type { SessionFailureData } from '../../../src/machines/session/sessionTypes';
import type { RestoreResult } from '../../../src/machines/session/sessionTypes';
import {
  stateKey,
  takenTransitions,
  transitionMeaning,
  type ModelEvent,
  type SessionPath,
  type SessionSnapshot,
  type SessionStepEventType,
  type TransitionMeaning,
} from '../../machine/sessionModel';

export interface ModelStep {
  /** Position in the path (the `xstate.init` step is left out). */
  index: number;
  event: ModelEvent;
  before: SessionSnapshot;
  after: SessionSnapshot;
  /** The declared transitions the step takes, by meaning. */
  taken: TransitionMeaning[];
  /** Their ids (`transitionId`). */
  transitions: string[];
  /**
   * The transient states the step passes through (`reconciling`) and the `always` transitions it
   * takes out of them: counted when the step is checked, as its own transitions are.
   */
  passesThrough: { states: string[]; transitions: string[] };
  /** The restore's outcome, when the step is `xstate.done.actor.restoreSession`. */
  restored: RestoreResult | null;
  /** The failure, when the step is `xstate.error.actor.<id>`. */
  failure: SessionFailureData | null;
}

export function actorOf(event: ModelEvent): { kind: 'done' | 'error'; actorId: string } | null {
  const [, kind, actorId] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
  return (kind === 'done' || kind === 'error') && actorId ? { kind, actorId } : null;
}

function failureOf(event: ModelEvent): SessionFailureData | null {
  return 'error' in event ? (event.error as SessionFailureData) : null;
}

function restoredOf(event: ModelEvent): RestoreResult | null {
  return (event.type as SessionStepEventType) === 'xstate.done.actor.restoreSession' &&
    'output' in event
    ? ((event as { output: unknown }).output as RestoreResult)
    : null;
}

export function modelSteps(path: SessionPath): ModelStep[] {
  return stepsOf(
    path.steps
      .map((step) => step.event)
      .filter((event) => (event.type as string) !== 'xstate.init'),
  );
}

/** The steps of a sequence of events from the machine's initial state. */
export function stepsOf(events: ModelEvent[]): ModelStep[] {
  let [snapshot] = initialTransition(sessionMachine);
  const steps: ModelStep[] = [];
  for (const event of events) {
    const taken = takenTransitions(snapshot, event).map(transitionMeaning);
    const [after] = transition(sessionMachine, snapshot, event);
    steps.push({
      index: steps.length,
      event,
      before: snapshot,
      after,
      taken,
      transitions: taken.map((meaning) => meaning.id),
      passesThrough: transientsOf(taken, after),
      restored: restoredOf(event),
      failure: failureOf(event),
    });
    snapshot = after;
  }
  return steps;
}

/**
 * The transient states (only `always` transitions) a step's transitions enter, and the `always`
 * branch that leads on to the state the step ends in.
 */
function transientsOf(
  taken: TransitionMeaning[],
  after: SessionSnapshot,
): ModelStep['passesThrough'] {
  const ended = stateIds(after.value);
  const states: string[] = [];
  const transitions: string[] = [];
  let targets = taken.flatMap((meaning) => (meaning.target ? [meaning.target] : []));
  while (targets.length > 0) {
    const next: string[] = [];
    for (const target of targets) {
      const node = sessionMachine.getStateNodeById(target);
      if (node.always === undefined || ended.includes(target)) continue;
      const branch = node.always.find((always) =>
        (always.target ?? []).some((entered) => ended.includes(entered.id)),
      );
      if (!branch) throw new Error(`No always branch of ${target} leads to ${ended.join(', ')}`);
      states.push(target);
      transitions.push(transitionMeaning(branch).id);
      next.push(...(branch.target ?? []).map((entered) => entered.id));
    }
    targets = next;
  }
  return { states, transitions };
}

/** What the machine's guards depend on: the graph's vertices apart from the transition taken. */
export const vertexKey = stateKey;

/** `{ authenticated: 'idle' }` -> `['session', 'session.authenticated', 'session.authenticated.idle']`. */
export function stateIds(value: StateValue, prefix = 'session'): string[] {
  if (typeof value === 'string') return [prefix, `${prefix}.${value}`];
  return [
    prefix,
    ...Object.entries(value).flatMap(([key, child]) =>
      child === undefined ? [] : stateIds(child, `${prefix}.${key}`),
    ),
  ];
}

/** The innermost state: `authenticated.idle` -> `session.authenticated.idle`. */
export function leafStateId(snapshot: SessionSnapshot): string {
  return stateIds(snapshot.value).at(-1) ?? 'session';
}

export function describeSteps(steps: ModelStep[]): string {
  const events = steps.map((step) => {
    const actor = actorOf(step.event);
    if (!actor) return step.event.type;
    const code = step.failure ? `(${step.failure.code})` : '';
    const restored = step.restored
      ? `(${step.restored.user ? (step.restored.user.isAnonymous ? 'guest' : 'registered') : 'none'}` +
        `${step.restored.redirectError ? `, redirect ${step.restored.redirectError.code}` : ''})`
      : '';
    return `${actor.kind}:${actor.actorId}${code}${restored}`;
  });
  const last = steps.at(-1)?.after.value ?? 'restoring';
  return `${events.join(' → ') || '(start)'} ⇒ ${JSON.stringify(last)}`;
}

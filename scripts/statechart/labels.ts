import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { candidatesPerEventOf, stateNodesOf } from './walk';

/** Readable names for a machine's events, guards, actions and invokes, as the docs show them. */

/** One transition as the docs show it; `targets` is empty for a targetless transition. */
export interface DocumentedTransition {
  source: AnyStateNode;
  /** The raw event descriptor; '' for an `always` transition. */
  eventType: string;
  event: string;
  guard: string | null;
  /** Unguarded, after other candidates for the same event: taken when none of them is. */
  isFallback: boolean;
  targets: readonly AnyStateNode[];
  actions: readonly string[];
  reenter: boolean;
}

/** The node's own transitions: its `on`, invoke `onDone`/`onError`, `after`, then `always`. */
export function transitionsOf(node: AnyStateNode): DocumentedTransition[] {
  return candidatesPerEventOf(node).flatMap((candidates) =>
    candidates.map((transition, index) => describeTransition(transition, index > 0)),
  );
}

export function allTransitionsOf(machine: AnyStateMachine): DocumentedTransition[] {
  return stateNodesOf(machine).flatMap(transitionsOf);
}

function describeTransition(
  transition: AnyTransitionDefinition,
  hasEarlierCandidates: boolean,
): DocumentedTransition {
  const eventType = transition.eventType;
  const guard = transition.guard === undefined ? null : readableGuard(transition.guard);
  return {
    source: transition.source,
    eventType,
    event: readableEvent(eventType, transition.source),
    guard,
    isFallback: guard === null && hasEarlierCandidates,
    targets: transition.target ?? [],
    actions: transition.actions.map(readableAction),
    reenter: transition.reenter,
  };
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const SNAPSHOT_ACTOR = 'xstate.snapshot.';
const DONE_STATE = 'xstate.done.state.';
const AFTER = 'xstate.after.';

/** `xstate.done.actor.createAccount` -> `done: createAccount`, and so on. */
export function readableEvent(eventType: string, source: AnyStateNode): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith(DONE_ACTOR)) return `done: ${actorName(eventType, DONE_ACTOR, source)}`;
  if (eventType.startsWith(ERROR_ACTOR)) {
    return `error: ${actorName(eventType, ERROR_ACTOR, source)}`;
  }
  if (eventType.startsWith(SNAPSHOT_ACTOR)) {
    return `snapshot: ${actorName(eventType, SNAPSHOT_ACTOR, source)}`;
  }
  if (eventType.startsWith(DONE_STATE)) return `done: #${eventType.slice(DONE_STATE.length)}`;
  if (eventType.startsWith(AFTER)) return `after ${delayOf(eventType, source.id)}`;
  return eventType;
}

/** The invoke's id; for an invoke without one, XState's `0.<state id>`, so its src instead. */
function actorName(eventType: string, prefix: string, source: AnyStateNode): string {
  const id = eventType.slice(prefix.length);
  const invoke = source.invoke.find((candidate) => candidate.id === id);
  const isGenerated =
    invoke !== undefined && id === `${source.invoke.indexOf(invoke)}.${source.id}`;
  return isGenerated && typeof invoke.src === 'string' ? invoke.src : id;
}

/** `xstate.after.500.session.x` -> `500 ms`; a named delay keeps its name. */
function delayOf(eventType: string, sourceId: string): string {
  const rest = eventType.slice(AFTER.length);
  const delay = rest.endsWith(`.${sourceId}`) ? rest.slice(0, -(sourceId.length + 1)) : rest;
  return /^\d+$/.test(delay) ? `${delay} ms` : delay;
}

/** A guard by its name: `'isSessionRevoked'`, `{ type: 'isRegistered', params }`, and/or/not. */
export function readableGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return readableInlineGuard(guard);
  if (isRecord(guard) && typeof guard.type === 'string') return guard.type;
  return 'inline guard';
}

function readableInlineGuard(guard: object): string {
  const parts = (guard as { guards?: unknown }).guards;
  const name = (guard as { name?: unknown }).name;
  if (Array.isArray(parts) && (name === 'and' || name === 'or' || name === 'not')) {
    return `${name}(${parts.map(readableGuard).join(', ')})`;
  }
  const stateValue = (guard as { stateValue?: unknown }).stateValue;
  if (stateValue !== undefined) return `stateIn(${JSON.stringify(stateValue)})`;
  return typeof name === 'string' && name !== '' ? name : 'inline guard';
}

/**
 * An action by its name, with static params as compact JSON (they say which notice, which
 * operation); params computed from the event show as `(…)`.
 */
export function readableAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') return readableInlineAction(action);
  if (!isRecord(action) || typeof action.type !== 'string') return 'inline action';
  if (action.params === undefined) return action.type;
  if (typeof action.params === 'function') return `${action.type}(…)`;
  return `${action.type}(${JSON.stringify(action.params)})`;
}

/** Built-ins such as `assign(...)` written inline carry `type: 'xstate.assign'`. */
function readableInlineAction(action: object): string {
  const type = (action as { type?: unknown }).type;
  if (typeof type === 'string') return `${type.replace(/^xstate\./, '')} (inline)`;
  const name = (action as { name?: unknown }).name;
  return typeof name === 'string' && name !== '' ? `${name} (inline)` : 'inline action';
}

/** `id (src)`, or one name when they agree or the id is XState's generated `0.<state id>`. */
export function readableInvoke(invoke: { id: string; src: unknown }, generatedId: string): string {
  const src = typeof invoke.src === 'string' ? invoke.src : 'inline logic';
  // Inline logic gets a generated source name too: then only the id says anything.
  const isInline = src.startsWith('xstate.invoke.');
  if (invoke.id === generatedId) return isInline ? 'inline logic' : src;
  if (src === invoke.id) return invoke.id;
  return `${invoke.id} (${isInline ? 'inline logic' : src})`;
}

export function invokesOf(node: AnyStateNode): string[] {
  return node.invoke.map((invoke, index) => readableInvoke(invoke, `${index}.${node.id}`));
}

/** `EVENT [guard]`, or `EVENT [else]` for a fallback: the label a transition gets in the diagram. */
export function triggerLabel(transition: DocumentedTransition): string {
  const guard = guardCellOf(transition);
  return guard === null ? transition.event : `${transition.event} [${guard}]`;
}

function guardCellOf(transition: DocumentedTransition): string | null {
  return transition.guard ?? (transition.isFallback ? 'else' : null);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import { sessionMachine } from '../../src/machines/session/sessionMachine';
import { createFakeSessionService } from '../support/fakeSessionService';
import {
  declaredStates,
  declaredTransitions,
  sessionPaths,
  stateIds,
  transitionId,
  type ModelEvent,
  type SessionPath,
  type SessionSnapshot,
} from './sessionModel';

const RESTING_STATES = [
  'sessionFailed',
  { guest: 'idle' },
  { authenticated: 'idle' },
  { authenticated: 'needsRecentLogin' },
  { authenticated: 'offeringCarryOver' },
] as const;
const ALWAYS_RUNNING = ['authWatcher', 'passwordPolicy'];

function describePath(path: SessionPath): string {
  const events = path.steps
    .map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'))
    .filter((type) => type !== 'xstate.init');
  return `${events.join(' → ') || '(start)'} ⇒ ${JSON.stringify(path.state.value)}`;
}

function expectInvariants(snapshot: SessionSnapshot, running: string[]) {
  expect(snapshot.status).toBe('active');
  const { user } = snapshot.context;
  if (snapshot.matches('guest')) expect(user?.isAnonymous).toBe(true);
  if (snapshot.matches('authenticated')) expect(user?.isAnonymous).toBe(false);
  // A discarded guest's proof is kept only while the person chooses what happens to its work.
  expect(snapshot.context.discardedGuest !== null).toBe(snapshot.hasTag('carryOverOffered'));
  if (snapshot.context.discardedGuest)
    expect(user?.uid).not.toBe(snapshot.context.discardedGuest.uid);
  if (snapshot.matches('sessionFailed')) {
    expect(snapshot.context.error?.message).toBe('Failed to create session');
  }
  if (RESTING_STATES.some((state) => snapshot.matches(state))) {
    expect(running.filter((id) => !ALWAYS_RUNNING.includes(id))).toEqual([]);
    expect(Object.keys(snapshot.children).filter((id) => !ALWAYS_RUNNING.includes(id))).toEqual([]);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const paths = sessionPaths();
const takenTransitions = new Set<string>();
const visitedStates = new Set<string>();

async function runPath(path: SessionPath) {
  const service = createFakeSessionService();
  const actor = createActor(sessionMachine.provide({ actors: service.actors }), {
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep') {
        inspection._transitions.forEach((t) => takenTransitions.add(transitionId(t)));
        // Transient states (reconciling) are entered and left within one macrostep.
        const { value } = inspection.snapshot as SessionSnapshot;
        stateIds(value).forEach((id) => visitedStates.add(id));
      }
    },
  });
  actor.start();
  let [expected] = initialTransition(sessionMachine);

  for (const step of path.steps) {
    const event: ModelEvent = step.event;
    if ((event.type as string) === 'xstate.init') continue;
    [expected] = transition(sessionMachine, expected, event);
    const [, kind, actorId] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    if (kind === 'done' && actorId)
      service.resolve(actorId, 'output' in event ? event.output : undefined);
    else if (kind === 'error' && actorId)
      service.reject(actorId, 'error' in event ? event.error : undefined);
    else actor.send(event);
    await settle();

    const after = actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    expect(after.value).toEqual(expected.value);
    expect(after.context).toEqual(expected.context);
    expectInvariants(after, service.running());
    stateIds(after.value).forEach((id) => visitedStates.add(id));
  }
  actor.stop();
}

describe(`session statechart: ${paths.length} paths generated from its graph`, () => {
  beforeAll(() => {
    // Paths through "show and log" failures log on purpose; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(() => vi.restoreAllMocks());

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await runPath(path);
  });

  it('takes every state and every declared transition (100%)', () => {
    const states = declaredStates();
    const transitions = declaredTransitions();
    const missingStates = states.filter((id) => !visitedStates.has(id));
    const missingTransitions = transitions.filter((id) => !takenTransitions.has(id));
    console.info(
      `session statechart: ${paths.length} paths; ` +
        `states ${states.length - missingStates.length}/${states.length}, ` +
        `transitions ${transitions.length - missingTransitions.length}/${transitions.length}`,
    );
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
  });
});

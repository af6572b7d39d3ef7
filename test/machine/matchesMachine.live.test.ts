import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AlertMatch } from '../../src/backendApi';
import { BackendFailure } from '../../src/machines/backendClient';
import {
  matchesMachine,
  type MatchesEvent,
  type MatchesResult,
} from '../../src/machines/matchesMachine';
import { CHECKED_AT, frontendAlert, frontendMatch } from '../support/matchFixtures';

afterEach(() => {
  vi.useRealTimers();
});

const loaded: MatchesResult = {
  profileMissing: false,
  matches: [frontendMatch],
  newAlerts: [],
  watching: null,
  checkedAt: CHECKED_AT,
};

/** The machine with a fake load, a fake mark-as-seen and a stream the test drives. */
function liveMachine(answer: MatchesResult = loaded) {
  const connections: { uid: string; sendBack: (event: MatchesEvent) => void; stopped: boolean }[] =
    [];
  const seen = vi.fn<(ids: number[]) => void>();
  const actor = createActor(
    matchesMachine.provide({
      actors: {
        loadMatches: fromPromise(async () => answer),
        markAlertsSeen: fromPromise<void, { alertIds: number[] }>(async ({ input }) =>
          seen(input.alertIds),
        ),
        streamAlerts: fromCallback<MatchesEvent, { uid: string }>(({ input, sendBack }) => {
          const connection = { uid: input.uid, sendBack, stopped: false };
          connections.push(connection);
          return () => {
            connection.stopped = true;
          };
        }),
      },
    }),
  ).start();
  const current = () => {
    const open = connections.filter((connection) => !connection.stopped);
    expect(open).toHaveLength(1);
    return open[0]!;
  };
  return { actor, connections, current, seen };
}

const alert = (fields: Partial<AlertMatch>): AlertMatch => ({ ...frontendAlert, ...fields });

describe('the matches machine’s live alerts', () => {
  it('opens the stream for the user on LOAD, none before', async () => {
    vi.useFakeTimers();
    const { actor, connections, current } = liveMachine();
    expect(connections).toHaveLength(0);
    actor.send({ type: 'LOAD', uid: 'alice' });
    await vi.advanceTimersByTimeAsync(0);
    expect(current().uid).toBe('alice');
    expect(actor.getSnapshot().matches({ open: { live: 'streaming' } })).toBe(true);
  });

  it('adds an arriving alert at the top, once per job, announces it and marks it seen', async () => {
    vi.useFakeTimers();
    const { actor, current, seen } = liveMachine();
    actor.send({ type: 'LOAD', uid: 'alice' });
    await vi.advanceTimersByTimeAsync(0);
    current().sendBack({ type: 'ALERT_ARRIVED', alert: frontendAlert });
    // A posting already among the matches moves up, and a second alert for it replaces the first.
    const again = alert({ alertId: 102, jobId: frontendMatch.jobId, title: frontendMatch.title });
    current().sendBack({ type: 'ALERT_ARRIVED', alert: again });
    const later = alert({ alertId: 103, jobId: frontendMatch.jobId, title: 'Renamed' });
    current().sendBack({ type: 'ALERT_ARRIVED', alert: later });
    await vi.advanceTimersByTimeAsync(0);
    const { context } = actor.getSnapshot();
    expect(context.newAlerts.map((shown) => shown.alertId)).toEqual([103, 101]);
    expect(context.matches).toEqual([]);
    expect(context.arrived).toEqual(later);
    expect(seen.mock.calls).toEqual([[[101]], [[102]], [[103]]]);
  });

  it('keeps alerts that arrived during a refresh above the refreshed matches', async () => {
    vi.useFakeTimers();
    const { actor, current } = liveMachine({
      ...loaded,
      matches: [frontendMatch, { ...frontendMatch, jobId: frontendAlert.jobId }],
    });
    actor.send({ type: 'LOAD', uid: 'alice' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'REFRESH' });
    current().sendBack({ type: 'ALERT_ARRIVED', alert: frontendAlert });
    await vi.advanceTimersByTimeAsync(0);
    const { context } = actor.getSnapshot();
    expect(context.newAlerts).toEqual([frontendAlert]);
    expect(context.matches.map((match) => match.jobId)).toEqual([frontendMatch.jobId]);
  });

  it('shows the unseen alerts of the load as new and marks them seen', async () => {
    vi.useFakeTimers();
    const { actor, seen } = liveMachine({ ...loaded, newAlerts: [frontendAlert] });
    actor.send({ type: 'LOAD', uid: 'alice' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.newAlerts).toEqual([frontendAlert]);
    expect(actor.getSnapshot().context.arrived).toBeNull();
    expect(seen).toHaveBeenCalledWith([frontendAlert.alertId]);
  });

  it('connects again after failures, 1 s doubling to 30 s, and from 1 s once connected', async () => {
    vi.useFakeTimers();
    const { actor, connections, current } = liveMachine();
    actor.send({ type: 'LOAD', uid: 'alice' });
    await vi.advanceTimersByTimeAsync(0);
    const waits: number[] = [];
    for (let failure = 0; failure < 7; failure += 1) {
      const before = connections.length;
      current().sendBack({ type: 'STREAM_FAILED', error: new BackendFailure('network-error') });
      let waited = 0;
      while (connections.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    current().sendBack({ type: 'STREAM_OPENED' });
    current().sendBack({ type: 'STREAM_FAILED', error: new BackendFailure('network-error') });
    await vi.advanceTimersByTimeAsync(999);
    expect(actor.getSnapshot().matches({ open: { live: 'waiting' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ open: { live: 'streaming' } })).toBe(true);
  });

  it('connects again 1 s after the server ended the stream (its token expired)', async () => {
    vi.useFakeTimers();
    const { actor, connections, current } = liveMachine();
    actor.send({ type: 'LOAD', uid: 'alice' });
    await vi.advanceTimersByTimeAsync(0);
    current().sendBack({ type: 'STREAM_ENDED' });
    await vi.advanceTimersByTimeAsync(999);
    expect(connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(connections).toHaveLength(2);
  });

  it('closes the stream of the previous user and when stopped', async () => {
    vi.useFakeTimers();
    const { actor, connections, current } = liveMachine();
    actor.send({ type: 'LOAD', uid: 'alice' });
    await vi.advanceTimersByTimeAsync(0);
    current().sendBack({ type: 'ALERT_ARRIVED', alert: frontendAlert });
    actor.send({ type: 'LOAD', uid: 'bob' });
    await vi.advanceTimersByTimeAsync(0);
    expect(connections[0]?.stopped).toBe(true);
    expect(current().uid).toBe('bob');
    expect(actor.getSnapshot().context.newAlerts).toEqual([]);
    actor.stop();
    expect(connections.every((connection) => connection.stopped)).toBe(true);
  });
});

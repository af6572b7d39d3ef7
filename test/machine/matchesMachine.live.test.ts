import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AlertMatch } from '../../contract';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import {
  matchesMachine,
  type MatchesEvent,
  type MatchesResult,
} from '../../src/machines/matches/matchesMachine';
import { CHECKED_AT, frontendAlert, frontendMatch } from '../support/matchFixtures';

afterEach(() => {
  vi.useRealTimers();
});

const loaded: MatchesResult = {
  active: true,
  profileMissing: false,
  matches: [frontendMatch],
  newAlerts: [],
  watching: null,
  profiles: [],
  checkedAt: CHECKED_AT,
};

/**
 * The machine with a fake load, a fake mark-as-seen, a stream the test drives and a fake backend's
 * recent alerts (what `GET /v1/alerts` answers, newest first), which the catch-up reads.
 */
function liveMachine(answer: MatchesResult = loaded) {
  const server = { recent: [] as AlertMatch[], failing: false };
  const catchUps = vi.fn<(uid: string) => void>();
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
        catchUpAlerts: fromPromise<AlertMatch[], { uid: string }>(async ({ input }) => {
          catchUps(input.uid);
          if (server.failing) throw new BackendFailure('network-error');
          return server.recent;
        }),
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
  return { actor, connections, current, seen, server, catchUps };
}

const alert = (fields: Partial<AlertMatch>): AlertMatch => ({ ...frontendAlert, ...fields });
const idsOf = (alerts: readonly AlertMatch[]) => alerts.map((shown) => shown.alertId);

describe('the matches machine’s live alerts', () => {
  it('opens the stream for the user on LOAD, none before', async () => {
    vi.useFakeTimers();
    const { actor, connections, current } = liveMachine();
    expect(connections).toHaveLength(0);
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(current().uid).toBe('alice');
    expect(actor.getSnapshot().matches({ open: { live: 'streaming' } })).toBe(true);
  });

  it('adds an arriving alert at the top, once per job, announces it and marks it seen', async () => {
    vi.useFakeTimers();
    const { actor, current, seen } = liveMachine();
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
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
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
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
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.newAlerts).toEqual([frontendAlert]);
    expect(actor.getSnapshot().context.arrived).toBeNull();
    expect(seen).toHaveBeenCalledWith([frontendAlert.alertId]);
  });

  it('connects again after failures, 1 s doubling to 30 s, and from 1 s once connected', async () => {
    vi.useFakeTimers();
    const { actor, connections, current } = liveMachine();
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
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
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
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
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await vi.advanceTimersByTimeAsync(0);
    current().sendBack({ type: 'ALERT_ARRIVED', alert: frontendAlert });
    actor.send({ type: 'LOAD', uid: 'bob', slot: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(connections[0]?.stopped).toBe(true);
    expect(current().uid).toBe('bob');
    expect(actor.getSnapshot().context.newAlerts).toEqual([]);
    actor.stop();
    expect(connections.every((connection) => connection.stopped)).toBe(true);
  });
  /** Drops the open stream and waits for the next connection (1 s after a first failure). */
  async function reconnect(live: ReturnType<typeof liveMachine>) {
    const before = live.connections.length;
    live.current().sendBack({ type: 'STREAM_FAILED', error: new BackendFailure('network-error') });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(live.connections).toHaveLength(before + 1);
    live.current().sendBack({ type: 'STREAM_OPENED' });
    await vi.advanceTimersByTimeAsync(0);
  }

  it('catches up when the stream opens again: an alert made while it was down shows once', async () => {
    vi.useFakeTimers();
    const live = liveMachine();
    const { actor, current, seen, server, catchUps } = live;
    const seenLongAgo = alert({ alertId: 90, jobId: 90, new: false });
    server.recent = [seenLongAgo];
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await vi.advanceTimersByTimeAsync(0);
    current().sendBack({ type: 'STREAM_OPENED' });
    await vi.advanceTimersByTimeAsync(0);
    expect(catchUps).toHaveBeenCalledWith('alice');
    expect(actor.getSnapshot().matches({ open: { live: { streaming: 'open' } } })).toBe(true);
    const pushed = alert({ alertId: 91, jobId: 91 });
    current().sendBack({ type: 'ALERT_ARRIVED', alert: pushed });
    await vi.advanceTimersByTimeAsync(0);
    // The stream drops; meanwhile the server makes an alert nobody pushes.
    const duringGap = alert({ alertId: 92, jobId: 92, title: 'Made during the gap' });
    // `pushed` may still read as unseen (its mark in flight): it is shown already, by job.
    server.recent = [duringGap, pushed, seenLongAgo];
    await reconnect(live);
    const { context } = actor.getSnapshot();
    expect(idsOf(context.newAlerts)).toEqual([92, 91]);
    expect(context.arrived).toEqual(duringGap);
    expect(seen.mock.calls).toEqual([[[91]], [[92]]]);
    // Another reconnect reads the same alerts: nothing doubles, nothing is announced again.
    current().sendBack({ type: 'ALERT_ARRIVED', alert: alert({ alertId: 93, jobId: 93 }) });
    await reconnect(live);
    expect(idsOf(actor.getSnapshot().context.newAlerts)).toEqual([93, 92, 91]);
    expect(actor.getSnapshot().context.arrived?.alertId).toBe(93);
    expect(seen.mock.calls).toEqual([[[91]], [[92]], [[93]]]);
    expect(catchUps).toHaveBeenCalledTimes(3);
  });

  it('takes an alert made during the gap even when another tab saw it first', async () => {
    vi.useFakeTimers();
    const live = liveMachine();
    live.server.recent = [alert({ alertId: 90, jobId: 90, new: false })];
    live.actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await vi.advanceTimersByTimeAsync(0);
    live.current().sendBack({ type: 'STREAM_OPENED' });
    await vi.advanceTimersByTimeAsync(0);
    const seenElsewhere = alert({ alertId: 95, jobId: 95, new: false });
    live.server.recent = [seenElsewhere, ...live.server.recent];
    await reconnect(live);
    expect(live.actor.getSnapshot().context.newAlerts).toEqual([seenElsewhere]);
  });

  it('at the first connection adds only unseen alerts, unannounced (as the load shows them)', async () => {
    vi.useFakeTimers();
    const unseen = alert({ alertId: 96, jobId: 96 });
    const live = liveMachine({ ...loaded, newAlerts: [unseen] });
    live.server.recent = [
      alert({ alertId: 97, jobId: 97 }),
      unseen,
      alert({ alertId: 80, jobId: 80, new: false }),
    ];
    live.actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await vi.advanceTimersByTimeAsync(0);
    live.current().sendBack({ type: 'STREAM_OPENED' });
    await vi.advanceTimersByTimeAsync(0);
    const { context } = live.actor.getSnapshot();
    expect(idsOf(context.newAlerts)).toEqual([97, 96]);
    expect(context.arrived).toBeNull();
    expect(context.lastAlertId).toBe(97);
  });

  it('keeps streaming when catching up fails, and catches up at the next connection', async () => {
    vi.useFakeTimers();
    const live = liveMachine();
    live.server.failing = true;
    live.actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await vi.advanceTimersByTimeAsync(0);
    live.current().sendBack({ type: 'STREAM_OPENED' });
    await vi.advanceTimersByTimeAsync(0);
    expect(live.actor.getSnapshot().matches({ open: { live: { streaming: 'open' } } })).toBe(true);
    expect(live.actor.getSnapshot().context.error).toBeNull();
    live.server.failing = false;
    live.server.recent = [alert({ alertId: 98, jobId: 98 })];
    await reconnect(live);
    expect(idsOf(live.actor.getSnapshot().context.newAlerts)).toEqual([98]);
  });
});

import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type { AlertMatch, ProfileSlot } from '../../../contract';
import type { BackendClient } from '../backend/backendClient';
import { backendErrorOf } from '../backend/backendErrors';
import {
  caughtUpAlerts,
  EMPTY_MATCHES_CONTEXT,
  newestAlertPerJob,
  streamRetryDelayMs,
  withoutAlerted,
  type MatchesContext,
  type MatchesEvent,
  type MatchesResult,
  type MatchesTag,
} from './matchesTypes';

export type { MatchesContext, MatchesEvent, MatchesResult, MatchesTag } from './matchesTypes';

interface UidInput {
  uid: string;
}

/** The user and the profile whose matches a call reads. */
interface SlotInput extends UidInput {
  slot: ProfileSlot;
}

interface AlertIdsInput {
  alertIds: number[];
}

/** What the live stream's actor sends the machine. */
type StreamEvent = Extract<
  MatchesEvent,
  { type: 'STREAM_OPENED' | 'ALERT_ARRIVED' | 'STREAM_ENDED' | 'STREAM_FAILED' }
>;

/** The actors a running app gives the machine; the uid is the user the call is for. */
export function createMatchesActors(client: BackendClient) {
  return {
    loadMatches: fromPromise<MatchesResult, SlotInput>(async ({ input }) => {
      const [answer, alerts, profiles] = await Promise.all([
        client.getMatches(input.slot),
        // Only a nicety on top of the matches: without it, none is marked new.
        client.alerts().then(
          ({ alerts: found }) => found,
          () => [],
        ),
        // Only a nicety too: without it, no other profile is offered and alerts name none.
        client.listProfiles().then(
          ({ profiles: found }) => found,
          () => [],
        ),
      ]);
      const empty = !answer.profileMissing && answer.matches.length === 0;
      // For the empty page: what this profile watches (without the list, what is watched in general).
      const watching = empty
        ? (profiles.find((entry) => entry.slot === input.slot)?.profile ?? null)
        : null;
      return {
        active: answer.active,
        profileMissing: answer.profileMissing,
        matches: answer.matches,
        newAlerts: alerts.filter((alert) => alert.new),
        watching,
        profiles,
        checkedAt: new Date().toISOString(),
      };
    }),
    // The recent alerts, read each time the stream opens: those made while none was open.
    catchUpAlerts: fromPromise<AlertMatch[], UidInput>(async () => (await client.alerts()).alerts),
    // Seen once shown; a failure only leaves them new for the next visit.
    markAlertsSeen: fromPromise<void, AlertIdsInput>(async ({ input }) => {
      await client.markAlertsSeen(input.alertIds).catch(() => undefined);
    }),
    streamAlerts: fromCallback<MatchesEvent, UidInput>(({ sendBack }) => {
      const stopped = new AbortController();
      const report = (event: StreamEvent) => {
        if (!stopped.signal.aborted) sendBack(event);
      };
      client
        .streamAlerts(
          stopped.signal,
          (alert) => report({ type: 'ALERT_ARRIVED', alert }),
          () => report({ type: 'STREAM_OPENED' }),
        )
        .then(
          () => report({ type: 'STREAM_ENDED' }),
          (error: unknown) => report({ type: 'STREAM_FAILED', error }),
        );
      return () => stopped.abort();
    }),
  };
}

function uidOf(context: MatchesContext): string {
  if (context.uid === null) throw new Error('The matches machine has no user yet.');
  return context.uid;
}

const idsOf = (alerts: readonly AlertMatch[]) => alerts.map((alert) => alert.alertId);

/** The cursor after `alerts` were read: the newest id of all, when a cursor is known at all. */
const newestIdOf = (lastAlertId: number, alerts: readonly AlertMatch[]) =>
  Math.max(lastAlertId, ...idsOf(alerts));

/**
 * The matches of one of the current user's profiles (`slot`) among open jobs, and the user's new
 * alerts (for any profile) as they are alerted. LOAD with another uid or slot drops the matches
 * shown (and any call in flight for them); REFRESH asks
 * again while the list stays shown. While a user's page is open, the live stream (`streamAlerts`)
 * adds each new alert at the top, one per job; after a failure it connects again after 1 s,
 * doubling to 30 s; when the server ends it (its token expired), after 1 s with a fresh token. Each
 * time it opens, the page catches up (`catchUpAlerts`: the recent alerts, merged by job), so alerts
 * made while no stream was open show without a reload, once.
 */
export const matchesMachine = setup({
  types: {
    context: {} as MatchesContext,
    events: {} as MatchesEvent,
    tags: {} as MatchesTag,
  },
  actors: {
    loadMatches: fromPromise<MatchesResult, SlotInput>(() =>
      Promise.reject(new Error('The matches actor "loadMatches" was not provided.')),
    ),
    markAlertsSeen: fromPromise<void, AlertIdsInput>(() =>
      Promise.reject(new Error('The matches actor "markAlertsSeen" was not provided.')),
    ),
    catchUpAlerts: fromPromise<AlertMatch[], UidInput>(() =>
      Promise.reject(new Error('The matches actor "catchUpAlerts" was not provided.')),
    ),
    streamAlerts: fromCallback<MatchesEvent, UidInput>(() => {
      throw new Error('The matches actor "streamAlerts" was not provided.');
    }),
  },
  actions: {
    forgetAndTake: assign(({ event }) => {
      assertEvent(event, 'LOAD');
      return { ...EMPTY_MATCHES_CONTEXT, uid: event.uid, slot: event.slot };
    }),
    clearError: assign({ error: null }),
    takeResult: assign(({ context }, result: MatchesResult) => {
      // Alerts that arrived while loading stay on top, with the answer's unseen ones.
      const newAlerts = newestAlertPerJob([...context.newAlerts, ...result.newAlerts]);
      return {
        ...result,
        newAlerts,
        matches: withoutAlerted(result.matches, newAlerts),
        error: null,
      };
    }),
    recordFailure: assign((_, params: { error: unknown }) => ({
      error: backendErrorOf(params.error),
    })),
    addAlert: assign(({ context }, alert: AlertMatch) => {
      const newAlerts = newestAlertPerJob([alert, ...context.newAlerts]);
      return {
        newAlerts,
        matches: withoutAlerted(context.matches, newAlerts),
        arrived: alert,
        lastAlertId: context.lastAlertId === null ? null : newestIdOf(context.lastAlertId, [alert]),
      };
    }),
    takeCaughtUp: assign(({ context }, recent: AlertMatch[]) => {
      const added = caughtUpAlerts(context, recent);
      const newAlerts = newestAlertPerJob([...added, ...context.newAlerts]);
      return {
        newAlerts,
        matches: withoutAlerted(context.matches, newAlerts),
        // The first catch-up only finds what the load shows unannounced; later ones, news.
        arrived: context.lastAlertId === null ? context.arrived : (added[0] ?? context.arrived),
        lastAlertId: newestIdOf(context.lastAlertId ?? 0, recent),
      };
    }),
    markSeen: enqueueActions(({ enqueue }, params: AlertIdsInput) => {
      if (params.alertIds.length > 0) enqueue.spawnChild('markAlertsSeen', { input: params });
    }),
    countStreamFailure: assign({ streamFailures: ({ context }) => context.streamFailures + 1 }),
    resetStreamFailures: assign({ streamFailures: 0 }),
  },
  delays: {
    streamRetryDelay: ({ context }) => streamRetryDelayMs(context.streamFailures),
  },
  guards: {
    isAnotherUserOrSlot: ({ context, event }) => {
      assertEvent(event, 'LOAD');
      return event.uid !== context.uid || event.slot !== context.slot;
    },
  },
}).createMachine({
  id: 'matches',
  initial: 'idle',
  context: EMPTY_MATCHES_CONTEXT,
  on: {
    LOAD: {
      guard: 'isAnotherUserOrSlot',
      target: '.open',
      reenter: true,
      actions: 'forgetAndTake',
    },
  },
  states: {
    idle: {},
    open: {
      type: 'parallel',
      states: {
        list: {
          initial: 'fetching',
          states: {
            // One call, two ways to show it: the first load, or a refresh with the list still shown.
            fetching: {
              tags: ['busy'],
              entry: 'clearError',
              initial: 'loading',
              states: {
                loading: { tags: ['loading'] },
                refreshing: { tags: ['refreshing'] },
              },
              invoke: {
                id: 'loadMatches',
                src: 'loadMatches',
                input: ({ context }) => ({ uid: uidOf(context), slot: context.slot }),
                onDone: {
                  target: 'loaded',
                  actions: [
                    { type: 'takeResult', params: ({ event }) => event.output },
                    {
                      type: 'markSeen',
                      params: ({ event }) => ({ alertIds: idsOf(event.output.newAlerts) }),
                    },
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'recordFailure',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
            loaded: {
              on: { REFRESH: { target: 'fetching.refreshing' } },
            },
            failed: {
              // The matches of an earlier load stay shown under the error.
              on: { RETRY: { target: 'fetching' }, REFRESH: { target: 'fetching' } },
            },
          },
        },
        live: {
          initial: 'streaming',
          states: {
            streaming: {
              invoke: {
                id: 'streamAlerts',
                src: 'streamAlerts',
                input: ({ context }) => ({ uid: uidOf(context) }),
              },
              initial: 'connecting',
              states: {
                connecting: {
                  on: { STREAM_OPENED: { target: 'catchingUp', actions: 'resetStreamFailures' } },
                },
                // Alerts made while no stream was open (before this one, since the last dropped).
                catchingUp: {
                  invoke: {
                    id: 'catchUpAlerts',
                    src: 'catchUpAlerts',
                    input: ({ context }) => ({ uid: uidOf(context) }),
                    onDone: {
                      target: 'open',
                      actions: [
                        // Before taking them: the params read what was shown until now.
                        {
                          type: 'markSeen',
                          params: ({ context, event }) => ({
                            alertIds: idsOf(caughtUpAlerts(context, event.output)),
                          }),
                        },
                        { type: 'takeCaughtUp', params: ({ event }) => event.output },
                      ],
                    },
                    // The next connection (or load) catches up instead.
                    onError: { target: 'open' },
                  },
                },
                open: {},
              },
              on: {
                ALERT_ARRIVED: {
                  actions: [
                    { type: 'addAlert', params: ({ event }) => event.alert },
                    {
                      type: 'markSeen',
                      params: ({ event }) => ({ alertIds: [event.alert.alertId] }),
                    },
                  ],
                },
                STREAM_ENDED: { target: 'waiting', actions: 'resetStreamFailures' },
                STREAM_FAILED: { target: 'waiting', actions: 'countStreamFailure' },
              },
            },
            waiting: {
              after: { streamRetryDelay: 'streaming' },
            },
          },
        },
      },
    },
  },
});

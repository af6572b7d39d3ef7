import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type { AlertMatch, MatchActionsResponse } from '../../../contract';
import { backendErrorOf } from '../backend/backendErrors';
import { isJobChange, requestOf, withAnswer, withChange, withHides } from './matchActionsTypes';
import type { AlertIdsInput, PutActionInput, SlotInput, UidInput } from './matchesActors';
import {
  needsRefresh,
  withCompanyHidden,
  withCompanyShown,
  withDismissal,
  withRuleFailure,
  withUndoneHide,
} from './matchRuleChanges';
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
export { createMatchesActors } from './matchesActors';

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
 * made while no stream was open show without a reload, once. Beside them, what the seeker did with
 * the matches (saved, applied, hidden: `actions`), read once per LOAD; SAVE, APPLY and HIDE queue a
 * change, sent one at a time with the job's whole state, so answers cannot overtake each other. A
 * hide takes the job out of the list at once and offers UNDO_HIDE; a refused change is dropped, the
 * job shows as the backend keeps it, with the error. Rule changes share that queue: HIDE_COMPANY
 * (one rule, every job of the company now and later), SHOW_COMPANY and DISMISS_SUGGESTION.
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
    loadActions: fromPromise<MatchActionsResponse, SlotInput>(() =>
      Promise.reject(new Error('The matches actor "loadActions" was not provided.')),
    ),
    putAction: fromPromise<MatchActionsResponse, PutActionInput>(() =>
      Promise.reject(new Error('The matches actor "putAction" was not provided.')),
    ),
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
    takeActions: assign((_, answer: MatchActionsResponse) => withAnswer(answer)),
    recordActionsFailure: assign((_, params: { error: unknown }) => ({
      actionsError: backendErrorOf(params.error),
    })),
    askForChange: assign(({ context, event }) => {
      assertEvent(event, ['SAVE', 'APPLY', 'HIDE']);
      const { jobId } = event;
      if (event.type === 'SAVE') {
        return withChange(context, { jobId, kind: 'save', patch: { saved: event.saved } });
      }
      if (event.type === 'APPLY') {
        return withChange(context, { jobId, kind: 'apply', patch: { appliedOn: event.appliedOn } });
      }
      const job = [...context.newAlerts, ...context.matches].find((at) => at.jobId === jobId);
      const what = job ? `${job.title} at ${job.company}` : 'the job';
      return withHides(context, [jobId], event.reason, what);
    }),
    undoHide: assign(({ context }) => withUndoneHide(context)),
    changeRule: assign(({ context, event }) => {
      assertEvent(event, ['HIDE_COMPANY', 'SHOW_COMPANY', 'DISMISS_SUGGESTION']);
      if (event.type === 'DISMISS_SUGGESTION') return withDismissal(context, event.suggestion);
      return event.type === 'HIDE_COMPANY'
        ? withCompanyHidden(context, event.company)
        : withCompanyShown(context, event.company);
    }),
    takeChangeAnswer: enqueueActions(({ context, enqueue }, answer: MatchActionsResponse) => {
      const [change, ...queue] = context.queue;
      enqueue.assign({ ...withAnswer(answer), queue });
      if (change && needsRefresh(context, change, false)) enqueue.raise({ type: 'REFRESH' });
    }),
    // The change is dropped, so the job shows as the backend keeps it, with the error beside it.
    recordChangeFailure: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const [change, ...queue] = context.queue;
      if (change === undefined) return;
      const error = backendErrorOf(params.error);
      if (needsRefresh(context, change, true)) enqueue.raise({ type: 'REFRESH' });
      if (!isJobChange(change)) {
        enqueue.assign({ queue, ...withRuleFailure(context, change, error) });
        return;
      }
      const { jobId, kind } = change;
      const offer = context.hiddenOffer;
      if (kind === 'hide' && change.patch.hidden === null) {
        // A failed Undo: the job stays hidden, and Undo is offered again with the error.
        const kept = context.actions.find((action) => action.jobId === jobId);
        const what = kept ? `${kept.title} at ${kept.company}` : 'the job';
        enqueue.assign({ queue, hiddenOffer: { jobIds: [jobId], what, error } });
        return;
      }
      // A failed hide: the job is back, so Undo is no longer offered for it.
      const jobIds = offer?.jobIds.filter((id) => kind !== 'hide' || id !== jobId) ?? [];
      enqueue.assign({
        queue,
        failures: [...context.failures, { jobId, kind, error }],
        hiddenOffer: offer && jobIds.length > 0 ? { ...offer, jobIds } : null,
      });
    }),
  },
  delays: {
    streamRetryDelay: ({ context }) => streamRetryDelayMs(context.streamFailures),
  },
  guards: {
    hasQueuedChange: ({ context }) => context.queue.length > 0,
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
        // What the seeker did with the matches: read once, then changed one job at a time, in order.
        actions: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadActions',
                src: 'loadActions',
                input: ({ context }) => ({ uid: uidOf(context), slot: context.slot }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'takeActions', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'recordActionsFailure',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
            // Nothing can change before the actions are known: a change sends the job's whole state.
            failed: { on: { RETRY_ACTIONS: { target: 'loading' } } },
            ready: {
              tags: ['actionsReady'],
              initial: 'idle',
              on: {
                SAVE: { actions: 'askForChange' },
                APPLY: { actions: 'askForChange' },
                HIDE: { actions: 'askForChange' },
                UNDO_HIDE: { actions: 'undoHide' },
                HIDE_COMPANY: { actions: 'changeRule' },
                SHOW_COMPANY: { actions: 'changeRule' },
                DISMISS_SUGGESTION: { actions: 'changeRule' },
              },
              states: {
                idle: { always: { guard: 'hasQueuedChange', target: 'writing' } },
                writing: {
                  invoke: {
                    id: 'putAction',
                    src: 'putAction',
                    input: ({ context }): PutActionInput => {
                      const [change] = context.queue;
                      if (change === undefined) throw new Error('No change to send.');
                      const to = { uid: uidOf(context), slot: context.slot };
                      if (!isJobChange(change)) return { ...to, rule: change };
                      return { ...to, jobId: change.jobId, action: requestOf(context, change) };
                    },
                    onDone: {
                      target: 'idle',
                      actions: { type: 'takeChangeAnswer', params: ({ event }) => event.output },
                    },
                    onError: {
                      target: 'idle',
                      actions: {
                        type: 'recordChangeFailure',
                        params: ({ event }) => ({ error: event.error }),
                      },
                    },
                  },
                },
              },
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

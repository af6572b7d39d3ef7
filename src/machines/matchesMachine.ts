import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { backendErrorOf, type BackendClient } from './backendClient';
import {
  EMPTY_MATCHES_CONTEXT,
  type MatchesContext,
  type MatchesEvent,
  type MatchesResult,
  type MatchesTag,
} from './matchesTypes';

export type { MatchesContext, MatchesEvent, MatchesResult, MatchesTag } from './matchesTypes';

interface UidInput {
  uid: string;
}

/** The actor a running app gives the machine; the uid is the user the call is for. */
export function createMatchesActors(client: BackendClient) {
  return {
    loadMatches: fromPromise<MatchesResult, UidInput>(async () => {
      const answer = await client.getMatches();
      const empty = !answer.profileMissing && answer.matches.length === 0;
      // Only a nicety for the empty page: without it, the page says what is watched in general.
      const watching = empty
        ? await client.getProfile().then(
            ({ profile }) => profile,
            () => null,
          )
        : null;
      return { ...answer, watching, checkedAt: new Date().toISOString() };
    }),
  };
}

function uidOf(context: MatchesContext): string {
  if (context.uid === null) throw new Error('The matches machine has no user yet.');
  return context.uid;
}

/**
 * The current user's matches among open jobs. LOAD with another uid drops the previous user's
 * matches (and any call in flight for them); REFRESH asks again while the list stays shown.
 */
export const matchesMachine = setup({
  types: {
    context: {} as MatchesContext,
    events: {} as MatchesEvent,
    tags: {} as MatchesTag,
  },
  actors: {
    loadMatches: fromPromise<MatchesResult, UidInput>(() =>
      Promise.reject(new Error('The matches actor "loadMatches" was not provided.')),
    ),
  },
  actions: {
    forgetUserAndTake: assign(({ event }) => {
      assertEvent(event, 'LOAD');
      return { ...EMPTY_MATCHES_CONTEXT, uid: event.uid };
    }),
    clearError: assign({ error: null }),
    takeResult: assign((_, result: MatchesResult) => ({ ...result, error: null })),
    recordFailure: assign((_, params: { error: unknown }) => ({
      error: backendErrorOf(params.error),
    })),
  },
  guards: {
    isAnotherUser: ({ context, event }) => {
      assertEvent(event, 'LOAD');
      return event.uid !== context.uid;
    },
  },
}).createMachine({
  id: 'matches',
  initial: 'idle',
  context: EMPTY_MATCHES_CONTEXT,
  on: {
    LOAD: {
      guard: 'isAnotherUser',
      target: '.fetching',
      reenter: true,
      actions: 'forgetUserAndTake',
    },
  },
  states: {
    idle: {},
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
        input: ({ context }) => ({ uid: uidOf(context) }),
        onDone: {
          target: 'loaded',
          actions: { type: 'takeResult', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
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
});

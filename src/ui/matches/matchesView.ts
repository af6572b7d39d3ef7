import type { SnapshotFrom } from 'xstate';
import type { matchesMachine } from '../../machines/matches/matchesMachine';
import { EMPTY_MATCHES_CONTEXT, type MatchesContext } from '../../machines/matches/matchesTypes';

export type MatchesStatus = 'idle' | 'loading' | 'refreshing' | 'loaded' | 'failed';

/** Whether the seeker's saved, applied and hidden jobs are read: only then can they change. */
export type ActionsStatus = 'loading' | 'ready' | 'failed';

/** What components read of the matches machine: where it is and what it holds. */
export interface MatchesView extends MatchesContext {
  status: MatchesStatus;
  actionsStatus: ActionsStatus;
}

/** Before the runtime has loaded (and while server rendering): nothing known yet. */
export const IDLE_MATCHES_VIEW: MatchesView = Object.freeze({
  ...EMPTY_MATCHES_CONTEXT,
  status: 'idle',
  actionsStatus: 'loading',
});

function statusOf(snapshot: SnapshotFrom<typeof matchesMachine>): MatchesStatus {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('refreshing')) return 'refreshing';
  if (snapshot.matches({ open: { list: 'loaded' } })) return 'loaded';
  if (snapshot.matches({ open: { list: 'failed' } })) return 'failed';
  return 'idle';
}

export function toMatchesView(snapshot: SnapshotFrom<typeof matchesMachine>): MatchesView {
  const actionsStatus: ActionsStatus = snapshot.hasTag('actionsReady')
    ? 'ready'
    : snapshot.matches({ open: { actions: 'failed' } })
      ? 'failed'
      : 'loading';
  return { ...snapshot.context, status: statusOf(snapshot), actionsStatus };
}

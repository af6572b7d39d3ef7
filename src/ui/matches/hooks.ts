import { useCallback, useContext, useSyncExternalStore } from 'react';
import type { MatchesEvent } from '../../machines/matchesMachine';
import { MatchesStoreContext, type MatchesStore } from './matchesStore';
import { IDLE_MATCHES_VIEW, type MatchesView } from './matchesView';

function useMatchesStore(): MatchesStore {
  const store = useContext(MatchesStoreContext);
  if (!store) throw new Error('Matches hooks need a <MatchesProvider> above them.');
  return store;
}

/** The matches machine's current view; the server render and hydration see it idle. */
export function useMatchesView(): MatchesView {
  const store = useMatchesStore();
  return useSyncExternalStore(store.subscribe, store.getView, () => IDLE_MATCHES_VIEW);
}

/** The only way components change the matches. Stable across renders. */
export function useMatchesSend(): (event: MatchesEvent) => void {
  const store = useMatchesStore();
  return useCallback((event: MatchesEvent) => store.send(event), [store]);
}

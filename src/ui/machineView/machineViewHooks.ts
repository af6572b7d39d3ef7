import { useCallback, useContext, useSyncExternalStore, type Context } from 'react';
import type { ViewStore } from './viewStore';

/**
 * The two hooks components use with a provider's store: its current view (the server render and
 * hydration see `idleView`), and the only way to send it events (stable across renders).
 */
export function machineViewHooks<View, Event>(
  context: Context<ViewStore<View, Event> | null>,
  idleView: View,
  providerName: string,
) {
  function useStore(): ViewStore<View, Event> {
    const store = useContext(context);
    if (!store) throw new Error(`These hooks need a <${providerName}> above them.`);
    return store;
  }
  return {
    useView(): View {
      const store = useStore();
      return useSyncExternalStore(store.subscribe, store.getView, () => idleView);
    },
    useSend(): (event: Event) => void {
      const store = useStore();
      return useCallback((event: Event) => store.send(event), [store]);
    },
  };
}

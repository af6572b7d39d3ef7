import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while hydrating prerendered HTML (and on the server), true from the first render after.
 * The prerendered /login knows no query string, so anything that depends on it waits for this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

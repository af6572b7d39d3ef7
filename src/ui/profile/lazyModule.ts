import { useSyncExternalStore } from 'react';

export interface LazyModule<T> {
  /** Starts loading (once; again after a failure) and resolves to the module, or null on failure. */
  load: () => Promise<T | null>;
  /** The module once loaded, else null; the server render and hydration always see null. */
  useLoaded: () => T | null;
}

/** Resolves in a task of its own: evaluating a chunk and rendering with it then block apart. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A module loaded on demand that components read without suspending: until it is there they
 * render their own stand-in, so nothing is replaced by a Suspense fallback while someone types.
 */
export function lazyModule<T>(importer: () => Promise<T>, what: string): LazyModule<T> {
  let loaded: T | null = null;
  let loading: Promise<T | null> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const load = () =>
    (loading ??= importer().then(
      async (module) => {
        await nextTask();
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        // The stand-in keeps working; a later call tries again (the network may be back).
        loading = null;
        console.warn(`${what} did not load; the plain version stays.`, error);
        return null;
      },
    ));
  return {
    load,
    useLoaded: () =>
      useSyncExternalStore(
        subscribe,
        () => loaded,
        () => null,
      ),
  };
}

import { useSyncExternalStore } from 'react';

export interface LazyModule<T> {
  /** Starts loading (once; again after a failure) and resolves to the module, or null on failure. */
  load: () => Promise<T | null>;
  /** Loads it once the page has loaded and the browser is idle, unless something asked sooner. */
  loadWhenIdle: () => void;
  /** The module once loaded, else null; the server render and hydration always see null. */
  useLoaded: () => T | null;
}

/** How long an idle callback may wait for the browser to be idle before it runs anyway. */
const IDLE_TIMEOUT_MS = 3_000;
/** Where there is no requestIdleCallback (Safari): this long after the page's load event. */
const NO_IDLE_CALLBACK_DELAY_MS = 1_000;

/** Runs `run` once the page has loaded and then the browser is idle (or the time limit passed). */
function afterLoadWhenIdle(run: () => void): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, NO_IDLE_CALLBACK_DELAY_MS);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
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
  let idleLoadScheduled = false;
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
    loadWhenIdle: () => {
      if (idleLoadScheduled) return;
      idleLoadScheduled = true;
      afterLoadWhenIdle(() => void load());
    },
    useLoaded: () =>
      useSyncExternalStore(
        subscribe,
        () => loaded,
        () => null,
      ),
  };
}

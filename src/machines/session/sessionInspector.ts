import type { createBrowserInspector, StatelyInspectionEvent } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';
import { redactSecrets } from './inspectionRedaction';

/**
 * Live inspection of the session actor in the Stately inspector, for development only: the
 * session provider passes `createSessionInspector()` as the actor's `inspect` option when
 * `config.inspect` (`VITE_INSPECT=true`) and `import.meta.env.DEV` are both true.
 */

type CreateBrowserInspector = typeof createBrowserInspector;

export type SessionInspect = (event: InspectionEvent) => void;

export interface SessionInspectorOptions {
  /** The window that opens the inspector; the global `window` by default. */
  window?: Window;
  /** Where the inspector lives; the library's default is https://stately.ai/inspect. */
  url?: string;
  /** Loads the library's `createBrowserInspector`; tests pass a stand-in. */
  load?: () => Promise<CreateBrowserInspector>;
}

/** The actor starts before the library has loaded; its first events wait, up to this many. */
export const MAX_EVENTS_BEFORE_LOAD = 500;

/**
 * An `inspect` callback for `createActor`. It returns at once and loads `@statelyai/inspect` on
 * the side (a dynamic import, so the library is a separate chunk only development fetches).
 * Every event passes through `redactInspectionEvent` before it is posted to the inspector.
 * Outside a browser it does nothing.
 */
export function createSessionInspector(options: SessionInspectorOptions = {}): SessionInspect {
  const hostWindow = options.window ?? (typeof window === 'undefined' ? undefined : window);
  if (!hostWindow) return () => undefined;

  let forward: SessionInspect | null = null;
  let waiting: InspectionEvent[] | null = [];
  const load = options.load ?? loadBrowserInspector;
  load().then(
    (create) => {
      const inspector = create({
        window: hostWindow,
        ...(options.url === undefined ? {} : { url: options.url }),
        serialize: redactInspectionEvent,
      });
      const send: SessionInspect = (event) => inspector.inspect.next?.(event);
      waiting?.forEach(send);
      waiting = null;
      forward = send;
    },
    (error: unknown) => {
      waiting = null;
      console.warn('[session] Live inspection is unavailable:', error);
    },
  );

  return (event) => {
    if (forward) forward(event);
    else if (waiting && waiting.length < MAX_EVENTS_BEFORE_LOAD) waiting.push(event);
  };
}

async function loadBrowserInspector(): Promise<CreateBrowserInspector> {
  const inspect = await import('@statelyai/inspect');
  return inspect.createBrowserInspector;
}

/**
 * The library's `serialize` hook: it sees every event (actor registrations with their first
 * snapshot, events with their payload, snapshots with their context) just before it is posted.
 * It replaces the library's default serializer, so it must also leave data a window can receive.
 */
export function redactInspectionEvent(event: StatelyInspectionEvent): StatelyInspectionEvent {
  // The same shape comes back: only secrets, actor refs, functions and cycles are replaced.
  return redactSecrets(event) as StatelyInspectionEvent;
}

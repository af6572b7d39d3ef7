import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventObject, Snapshot } from 'xstate';
import type { MachineActor, StartActor } from './machineBinding';

interface Started<Actor> {
  /** The running actor; none until it has loaded and started after hydration. */
  actor: Actor | undefined;
  /** Its code could not be loaded (logged). */
  loadFailed: boolean;
}

export interface StartedActor<Actor, Event> extends Started<Actor> {
  /** Sends to the actor, stable across renders; dropped while there is none. */
  send(event: Event): void;
}

const NOT_STARTED = { actor: undefined, loadFailed: false } as const;

/**
 * Starts a provider's one actor once the provider has mounted (never while server rendering or
 * hydrating) and stops it on unmount; `name` is what the logs call the machine. With `restartOn`,
 * that event, sent when the code did not load or the actor stopped on an error, starts afresh.
 */
export function useStartedActor<S extends Snapshot<unknown>, Event extends EventObject>(
  start: StartActor<MachineActor<S, Event>>,
  name: string,
  restartOn?: Event['type'],
): StartedActor<MachineActor<S, Event>, Event> {
  type Actor = MachineActor<S, Event>;
  const startRef = useRef(start);
  const current = useRef<Started<Actor>>(NOT_STARTED);
  const [attempt, setAttempt] = useState(0);
  const [started, setStarted] = useState<Started<Actor>>(NOT_STARTED);

  useEffect(() => {
    let cancelled = false;
    let running: Actor | null = null;
    let unsubscribe = () => {};
    const settle = (next: Started<Actor>) => {
      current.current = next;
      setStarted(next);
    };
    // A microtask later, so a StrictMode remount (effect, cleanup, effect) starts only one actor.
    Promise.resolve()
      .then(() => (cancelled ? null : startRef.current()))
      .then(
        (actor) => {
          if (cancelled || !actor) return;
          running = actor;
          unsubscribe = actor.subscribe({
            error: (error: unknown) => {
              console.error(`[${name}] The ${name} machine stopped on an error.`, String(error));
            },
          }).unsubscribe;
          actor.start();
          settle({ actor, loadFailed: false });
        },
        (error: unknown) => {
          if (cancelled) return;
          console.error(`[${name}] The ${name} code could not be loaded.`, String(error));
          settle({ actor: undefined, loadFailed: true });
        },
      );
    return () => {
      cancelled = true;
      current.current = NOT_STARTED;
      unsubscribe();
      running?.stop();
    };
  }, [attempt, name]);

  const send = useCallback(
    (event: Event) => {
      const { actor, loadFailed } = current.current;
      const stopped = actor ? actor.getSnapshot().status !== 'active' : loadFailed;
      if (event.type === restartOn && stopped) {
        current.current = NOT_STARTED;
        setStarted(NOT_STARTED);
        setAttempt((count) => count + 1);
      } else actor?.send(event);
    },
    [restartOn],
  );
  return { ...started, send };
}

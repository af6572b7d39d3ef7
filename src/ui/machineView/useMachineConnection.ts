import { useEffect, useRef, useState } from 'react';
import type { MachineConnection, StartMachine } from './machineConnection';
import type { ViewStore } from './viewStore';

/**
 * Starts a machine for `store` once the provider mounts and stops it on unmount; `failedView` is
 * published when its code cannot be loaded. Answers whether it is connected (events reach it).
 */
export function useMachineConnection<View, Event>(
  store: ViewStore<View, Event>,
  start: StartMachine<View, Event>,
  name: string,
  failedView: View,
): boolean {
  const startRef = useRef(start);
  const failedViewRef = useRef(failedView);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let connection: MachineConnection<View, Event> | null = null;
    // A microtask later, so a StrictMode remount (effect, cleanup, effect) starts only one machine.
    Promise.resolve()
      .then(() => (cancelled ? null : startRef.current()))
      .then(
        (started) => {
          if (cancelled || !started) return;
          connection = started;
          store.setSender((event) => started.send(event));
          started.start((view) => store.publish(view));
          setConnected(true);
        },
        (error: unknown) => {
          if (cancelled) return;
          console.error(`[${name}] The ${name} code could not be loaded.`, String(error));
          store.publish(failedViewRef.current);
        },
      );
    return () => {
      cancelled = true;
      store.setSender(null);
      connection?.stop();
      setConnected(false);
    };
  }, [store, name]);

  return connected;
}

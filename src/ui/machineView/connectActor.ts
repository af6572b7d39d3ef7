import { createActor, type AnyStateMachine, type EventFrom, type SnapshotFrom } from 'xstate';
import type { MachineConnection } from './machineConnection';

/** Creates one actor of `logic` (its actors provided with `.provide`) and connects it as views. */
export function connectActor<Logic extends AnyStateMachine, View>(
  logic: Logic,
  toView: (snapshot: SnapshotFrom<Logic>) => View,
  name: string,
): MachineConnection<View, EventFrom<Logic>> {
  const actor = createActor(logic);
  return {
    start(onView) {
      actor.subscribe({
        next: (snapshot) => onView(toView(snapshot)),
        error: (error: unknown) => {
          console.error(`[${name}] The ${name} machine stopped on an error.`, String(error));
        },
      });
      actor.start();
    },
    send: (event) => actor.send(event),
    stop: () => actor.stop(),
  };
}

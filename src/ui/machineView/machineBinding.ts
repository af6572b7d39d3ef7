import type { ActorRef, EventObject, Snapshot } from 'xstate';

/** A machine's one actor as React sees it (`createActor(logic)` of the runtime, or of a test). */
export type MachineActor<S extends Snapshot<unknown>, Event extends EventObject> = ActorRef<
  S,
  Event
>;

/** How a provider gets its actor, not started yet: the browser runtime by default, fakes in tests. */
export type StartActor<Actor> = () => Actor | Promise<Actor>;

/** What a provider gives its hooks through its context. */
export interface MachineBinding<Actor, View, Event> {
  /** The running actor; none while server rendering, hydrating and loading the runtime. */
  actor: Actor | undefined;
  /** What readers see while there is no actor: the idle view, or why the code did not load. */
  idleView: View;
  /** The only way components change the machine; dropped while there is no actor. */
  send(event: Event): void;
}

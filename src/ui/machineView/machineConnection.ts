/** A running machine as its provider sees it: views out, events in. */
export interface MachineConnection<View, Event> {
  /** Starts the machine; `onView` gets every view from then on, the current one first. */
  start(onView: (view: View) => void): void;
  send(event: Event): void;
  stop(): void;
}

/** How a provider gets its connection: the browser runtime by default, fakes in tests. */
export type StartMachine<View, Event> = () =>
  MachineConnection<View, Event> | Promise<MachineConnection<View, Event>>;

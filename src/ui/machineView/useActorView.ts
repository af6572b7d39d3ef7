import { useCallback, useContext, useMemo, useSyncExternalStore, type Context } from 'react';
import type { EventObject, Snapshot } from 'xstate';
import type { MachineActor, MachineBinding } from './machineBinding';

const noActor = () => () => {};

/**
 * Reads `select(toView(snapshot))` of a provider's one actor, again whenever the actor emits a
 * snapshot (or stops on an error, which its view shows). Without an actor (the server render and
 * hydration) it reads `idleView`, so both see what the prerender wrote.
 */
export function useActorView<S extends Snapshot<unknown>, Event extends EventObject, View, T>(
  { actor, idleView }: MachineBinding<MachineActor<S, Event>, View, Event>,
  toView: (snapshot: S) => View,
  select: (view: View) => T,
): T {
  const subscribe = useCallback(
    (onChange: () => void) =>
      actor ? actor.subscribe({ next: onChange, error: onChange }).unsubscribe : noActor(),
    [actor],
  );
  const getSnapshot = useCallback(() => actor?.getSnapshot(), [actor]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return useMemo(
    () => select(snapshot ? toView(snapshot) : idleView),
    [snapshot, toView, select, idleView],
  );
}

/** A provider's binding from its context; `providerName` says which provider is missing. */
export function useBinding<Binding>(
  context: Context<Binding | null>,
  providerName: string,
): Binding {
  const binding = useContext(context);
  if (!binding) throw new Error(`These hooks need a <${providerName}> above them.`);
  return binding;
}

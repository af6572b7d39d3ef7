import { useSelector } from '@xstate/react';
import { useCallback, useContext, useMemo, type Context } from 'react';
import type { EventObject, Snapshot } from 'xstate';
import type { MachineActor, MachineBinding } from './machineBinding';

/**
 * Reads `select(toView(snapshot))` of a provider's one actor through @xstate/react's
 * `useSelector`. Without an actor (the server render and hydration) it reads `idleView`, so both
 * see what the prerender wrote. An actor that stopped on an error is read as its view (which says
 * so), not thrown into React as `useSelector` would.
 */
export function useActorView<S extends Snapshot<unknown>, Event extends EventObject, View, T>(
  { actor, idleView }: MachineBinding<MachineActor<S, Event>, View, Event>,
  toView: (snapshot: S) => View,
  select: (view: View) => T,
): T {
  const now = actor?.getSnapshot();
  const crashed = now?.status === 'error' ? now : undefined;
  const fallback = useMemo(
    () => (crashed ? toView(crashed) : idleView),
    [crashed, toView, idleView],
  );
  const selector = useCallback(
    (snapshot: S | undefined) => select(snapshot ? toView(snapshot) : fallback),
    [select, toView, fallback],
  );
  return useSelector(crashed ? undefined : actor, selector);
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

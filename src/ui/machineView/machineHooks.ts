import type { Context } from 'react';
import type { EventObject, Snapshot } from 'xstate';
import type { MachineActor, MachineBinding } from './machineBinding';
import { useActorView, useBinding } from './useActorView';

const wholeView = <View>(view: View): View => view;

/**
 * The two hooks components use with a provider of one machine: its current view (the server
 * render and hydration see the idle view), and the only way to send it events.
 */
export function machineHooks<S extends Snapshot<unknown>, Event extends EventObject, View>(
  context: Context<MachineBinding<MachineActor<S, Event>, View, Event> | null>,
  toView: (snapshot: S) => View,
  providerName: string,
) {
  return {
    useView(): View {
      return useActorView(useBinding(context, providerName), toView, wholeView<View>);
    },
    useSend(): (event: Event) => void {
      return useBinding(context, providerName).send;
    },
  };
}

import { useEffect, useMemo } from 'react';
import type { EventObject, Snapshot } from 'xstate';
import type { ProfileSlot } from '../../../contract';
import { useCarryOverOffer, useSessionUser } from '../session';
import { useStartedActor } from './useStartedActor';
import type { MachineActor, MachineBinding, StartActor } from './machineBinding';

/**
 * What a machine of the session user's data is told when the user is known or changes, and which
 * of the user's alert profiles (`slot`, from the page's address) it is about.
 */
export interface LoadUserEvent {
  type: 'LOAD';
  uid: string;
  slot: ProfileSlot;
}

/**
 * Runs a machine of the session user's data (`useStartedActor`) and sends it LOAD for the
 * current user, again when the session changes hands. While the person chooses what happens to a
 * replaced guest's work, the account's data is about to change: it loads once the choice is made.
 * Another `slot` is sent as another LOAD. Answers the provider's binding, whose idle view is
 * `views.failed` once the machine's code could not be loaded.
 */
export function useUserMachine<S extends Snapshot<unknown>, Event extends EventObject, View>(
  start: StartActor<MachineActor<S, Event | LoadUserEvent>>,
  name: string,
  views: { idle: View; failed: View },
  slot: ProfileSlot,
): MachineBinding<MachineActor<S, Event | LoadUserEvent>, View, Event | LoadUserEvent> {
  const { actor, loadFailed, send } = useStartedActor(start, name);
  const uid = useSessionUser()?.uid ?? null;
  const choosingCarryOver = useCarryOverOffer() !== null;

  useEffect(() => {
    if (actor && uid !== null && !choosingCarryOver) actor.send({ type: 'LOAD', uid, slot });
  }, [actor, uid, choosingCarryOver, slot]);

  const idleView = loadFailed ? views.failed : views.idle;
  return useMemo(() => ({ actor, idleView, send }), [actor, idleView, send]);
}

import { useEffect } from 'react';
import type { ProfileSlot } from '../../../contract';
import { useCarryOverOffer, useSessionUser } from '../session';
import type { StartMachine } from './machineConnection';
import { useMachineConnection } from './useMachineConnection';
import type { ViewStore } from './viewStore';

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
 * Runs a machine of the session user's data (`useMachineConnection`) and sends it LOAD for the
 * current user, again when the session changes hands. While the person chooses what happens to a
 * replaced guest's work, the account's data is about to change: it loads once the choice is made.
 * Another `slot` is sent as another LOAD.
 */
export function useUserMachine<View, Event>(
  store: ViewStore<View, Event | LoadUserEvent>,
  start: StartMachine<View, Event | LoadUserEvent>,
  name: string,
  failedView: View,
  slot: ProfileSlot,
): void {
  const connected = useMachineConnection(store, start, name, failedView);
  const uid = useSessionUser()?.uid ?? null;
  const choosingCarryOver = useCarryOverOffer() !== null;

  useEffect(() => {
    if (connected && uid !== null && !choosingCarryOver) store.send({ type: 'LOAD', uid, slot });
  }, [store, connected, uid, choosingCarryOver, slot]);
}

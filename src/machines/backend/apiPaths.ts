import type { ProfileSlot } from '../../../contract';

/** `path` for one slot (`?slot=N`); without a slot, the path as it is (the backend reads slot 1). */
export function apiSlotPath(path: string, slot: ProfileSlot | undefined): string {
  return slot === undefined ? path : `${path}?slot=${slot}`;
}

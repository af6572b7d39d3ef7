import { PROFILE_SLOTS, type GetProfileResponse, type ProfileSlot } from '../../../contract';
import { PATHS } from '../../paths';

/** The slot a page's `?slot=N` names; slot 1 when absent or not a slot. */
export function slotFromParam(value: string | null): ProfileSlot {
  return PROFILE_SLOTS.find((slot) => String(slot) === value) ?? 1;
}

/** A page for one slot: slot 1 is the plain path, as every link before slots wrote it. */
export function slotPath(path: typeof PATHS.profile | typeof PATHS.matches, slot: ProfileSlot) {
  return slot === 1 ? path : `${path}?slot=${slot}`;
}

/** "Profile 1: Backend engineer", "Profile 2: CV only", "Profile 3: empty". */
export function slotName(slot: ProfileSlot, held: GetProfileResponse | undefined): string {
  const what = held?.profile ? held.profile.targetRoles.join(', ') : held?.cv ? 'CV only' : 'empty';
  return `Profile ${slot}: ${what}`;
}

/**
 * The slots a profile list shows: those the plan covers, and any above it that still hold
 * something (kept after Pro ended), in order.
 */
export function slotsShown(limit: number, held: readonly GetProfileResponse[]): ProfileSlot[] {
  return PROFILE_SLOTS.filter((slot) => slot <= limit || held.some((entry) => entry.slot === slot));
}

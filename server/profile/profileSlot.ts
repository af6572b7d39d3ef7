import { PROFILE_SLOTS, type ProfileSlot } from '../../contract';

/** `?slot=N` on the profile, CV and matches paths, as a string (the query is not coerced). */
export interface SlotQuery {
  slot?: string;
}

/**
 * The JSON schema of `?slot=N`: one of the slots written out; absent is slot 1. Other parameters
 * are ignored, as they always were on these paths (never a uid: that comes from the token alone).
 */
export const slotQuerySchema = {
  type: 'object',
  properties: { slot: { type: 'string', enum: PROFILE_SLOTS.map(String) } },
} as const;

/** The slot a query names (validated by `slotQuerySchema`), 1 when it names none. */
export function slotOf(query: SlotQuery): ProfileSlot {
  const slot = PROFILE_SLOTS.find((candidate) => String(candidate) === query.slot);
  return slot ?? 1;
}

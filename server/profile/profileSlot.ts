import { PROFILE_SLOTS, type ProfileSlot, type SlotQuery } from '../../contract';

/** The schema and type of `?slot=N` are the contract's; re-exported for the routes that use them. */
export { slotQuerySchema, type SlotQuery } from '../../contract';

/** The slot a query names (validated by `slotQuerySchema`), 1 when it names none. */
export function slotOf(query: SlotQuery): ProfileSlot {
  const slot = PROFILE_SLOTS.find((candidate) => String(candidate) === query.slot);
  return slot ?? 1;
}

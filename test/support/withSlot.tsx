import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProfileSlot } from '../../contract';
import { slotFromParam } from '../../src/ui/profile/profileSlots';

/** As the profile and matches routes do: the slot read from the address, passed down. */
export function WithSlot({ children }: { children: (slot: ProfileSlot) => ReactNode }) {
  const [params] = useSearchParams();
  return children(slotFromParam(params.get('slot')));
}

import { Link } from 'react-router-dom';
import type { ProfileSlot } from '../../../contract';
import { PATHS, PRICING_PATH } from '../../paths';
import { useProfileView } from './hooks';
import { slotName, slotPath, slotsShown } from './profileSlots';
import { SlotNav } from './SlotNav';

/** What a Free user is told, once, beside their one profile. */
export function ProGivesThree() {
  return (
    <p className="slot-note">
      Pro gives you three alert profiles, each with its own CV.{' '}
      <Link to={PRICING_PATH}>See Pro</Link>
    </p>
  );
}

/**
 * Which of the user's profiles is shown, and the way to the others: a list of them when the plan
 * covers more than one or some are kept from an ended Pro plan, else the line about Pro.
 */
export function ProfileSlots({ slot, loading }: { slot: ProfileSlot; loading: boolean }) {
  const { limit, slots, changing } = useProfileView();
  const shown = slotsShown(limit, slots);
  // While another slot loads, the list stays; before the first answer, nothing is known yet.
  if (shown.length <= 1) return loading ? null : <ProGivesThree />;
  const items = shown.map((each) => ({
    slot: each,
    name: slotName(
      each,
      slots.find((entry) => entry.slot === each),
    ),
    note: each > limit ? 'not in your plan' : undefined,
    to: slotPath(PATHS.profile, each),
  }));
  return (
    <>
      <SlotNav label="Your alert profiles" items={items} current={slot} held={changing} />
      {limit <= 1 && <ProGivesThree />}
    </>
  );
}

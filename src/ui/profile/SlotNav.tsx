import { Link } from 'react-router-dom';
import type { ProfileSlot } from '../../backendApi';
import './slotNav.css';

export interface SlotNavItem {
  slot: ProfileSlot;
  /** "Profile 1: Backend engineer". */
  name: string;
  /** Said after the name, e.g. "not in your plan". */
  note?: string | undefined;
  to: string;
}

/** A small navigation between the user's profiles; the current one is marked for everyone. */
export function SlotNav({
  label,
  items,
  current,
}: {
  label: string;
  items: readonly SlotNavItem[];
  current: ProfileSlot;
}) {
  return (
    <nav className="slot-nav" aria-label={label}>
      <ul className="slot-nav__list">
        {items.map((item) => (
          <li key={item.slot}>
            <Link
              className="slot-nav__link"
              to={item.to}
              aria-current={item.slot === current ? 'page' : undefined}
            >
              {item.name}
              {item.note && <span className="slot-nav__note"> ({item.note})</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

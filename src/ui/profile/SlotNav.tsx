import { Link } from 'react-router-dom';
import type { ProfileSlot } from '../../../contract';
import './slotNav.css';

export interface SlotNavItem {
  slot: ProfileSlot;
  /** "Profile 1: Backend engineer". */
  name: string;
  /** Said after the name, e.g. "not in your plan". */
  note?: string | undefined;
  to: string;
}

/**
 * A small navigation between the user's profiles; the current one is marked for everyone. While
 * `held`, the others are shown but cannot be followed (a change to the current one is running).
 */
export function SlotNav({
  label,
  items,
  current,
  held = false,
}: {
  label: string;
  items: readonly SlotNavItem[];
  current: ProfileSlot;
  held?: boolean;
}) {
  return (
    <nav className="slot-nav" aria-label={label}>
      <ul className="wrapping-list slot-nav__list">
        {items.map((item) => {
          const content = (
            <>
              {item.name}
              {item.note && <span className="slot-nav__note"> ({item.note})</span>}
            </>
          );
          const isCurrent = item.slot === current;
          return (
            <li key={item.slot}>
              {held && !isCurrent ? (
                <span className="slot-nav__link" role="link" aria-disabled="true">
                  {content}
                </span>
              ) : (
                <Link
                  className="slot-nav__link"
                  to={item.to}
                  aria-current={isCurrent ? 'page' : undefined}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

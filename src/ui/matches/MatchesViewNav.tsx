import { Link } from 'react-router-dom';
import type { ProfileSlot } from '../../../contract';
import { PATHS } from '../../paths';
import { slotPath } from '../profile/profileSlots';
import type { ActedView } from './ActedList';
import { useMatchesView } from './hooks';
import '../profile/slotNav.css';

export type MatchesPageView = 'matches' | ActedView;

/** The page's `?view=`: the matches unless it names the Saved or the Applied view. */
export function pageViewOf(param: string | null): MatchesPageView {
  return param === 'saved' || param === 'applied' ? param : 'matches';
}

/** The address of one view of one profile's matches. */
export function pageViewPath(slot: ProfileSlot, which: MatchesPageView): string {
  const path = slotPath(PATHS.matches, slot);
  if (which === 'matches') return path;
  return `${path}${path.includes('?') ? '&' : '?'}view=${which}`;
}

/** Matches, Saved and Applied: links, so each view has its address and survives a reload. */
export function MatchesViewNav({ slot, current }: { slot: ProfileSlot; current: MatchesPageView }) {
  const { actions } = useMatchesView();
  const counts = {
    saved: actions.filter((action) => action.saved).length,
    applied: actions.filter((action) => action.appliedOn !== null).length,
  };
  const items: { which: MatchesPageView; name: string }[] = [
    { which: 'matches', name: 'Matches' },
    { which: 'saved', name: `Saved (${counts.saved})` },
    { which: 'applied', name: `Applied (${counts.applied})` },
  ];
  return (
    <nav className="slot-nav" aria-label="Which jobs to show">
      <ul className="wrapping-list slot-nav__list">
        {items.map(({ which, name }) => (
          <li key={which}>
            <Link
              className="slot-nav__link"
              to={pageViewPath(slot, which)}
              aria-current={which === current ? 'page' : undefined}
            >
              {name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

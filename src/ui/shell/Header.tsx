import { Link } from 'react-router-dom';
import { AccountLink } from './AccountLink';
import { BrandLink } from './BrandLink';
import { PATHS, PRICING_PATH } from '../../paths';

const PAGE_LINKS: readonly (readonly [to: string, label: string])[] = [
  [PRICING_PATH, 'Pricing'],
  [PATHS.blog, 'Blog'],
  [PATHS.profile, 'Job alerts'],
  [PATHS.matches, 'Matches'],
];

const MENU_ID = 'site-menu';

/** A link followed inside the open menu moves to another page in place: the menu closes. */
const closeMenu = () =>
  // Browsers without popovers show the list inline and have no togglePopover.
  document.getElementById(MENU_ID)?.togglePopover?.(false);

/**
 * The site header: the brand, the pages, the session link. On a phone the pages are in a menu
 * (a popover the Menu button opens without JavaScript), so the brand, the session link and the
 * button keep one row; wider, the same list shows inline.
 */
export function Header() {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <BrandLink />
        <nav aria-label="Main" className="header-nav">
          <ul id={MENU_ID} className="nav-links nav-pages" popover="auto">
            {PAGE_LINKS.map(([to, label]) => (
              <li key={to}>
                <Link to={to} onClick={closeMenu}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
          <AccountLink />
          <button type="button" className="nav-menu-button" popoverTarget={MENU_ID}>
            <span className="nav-menu-button__label">Menu</span>
          </button>
        </nav>
      </div>
    </header>
  );
}

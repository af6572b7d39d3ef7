import { Link } from 'react-router-dom';
import { AccountLink } from './AccountLink';
import { BrandLink } from './BrandLink';
import { PATHS, PRICING_PATH } from '../paths';

export function Header() {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <BrandLink />
        <nav aria-label="Main">
          <ul className="nav-links">
            <li>
              <Link to={PRICING_PATH}>Pricing</Link>
            </li>
            <li>
              <Link to={PATHS.blog}>Blog</Link>
            </li>
            <li>
              <Link to={PATHS.profile}>Job alerts</Link>
            </li>
            <li>
              <Link to={PATHS.matches}>Matches</Link>
            </li>
            <li>
              <AccountLink />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

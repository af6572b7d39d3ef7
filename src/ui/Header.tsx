import { Link } from 'react-router-dom';
import { AccountLink } from './AccountLink';
import { BrandLink } from './BrandLink';

export function Header() {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <BrandLink />
        <nav aria-label="Main">
          <ul className="nav-links">
            <li>
              <Link to="/#pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
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

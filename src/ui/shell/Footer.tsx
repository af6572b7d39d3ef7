import { Link } from 'react-router-dom';
import { config } from '../../config';
import { COPYRIGHT_YEAR } from '../../machines/session/sessionConstants';
import { BrandLink } from './BrandLink';
import { PATHS, PRICING_PATH } from '../../paths';

const FOOTER_LINKS = [
  { to: PRICING_PATH, label: 'Pricing' },
  { to: PATHS.blog, label: 'Blog' },
  { to: PATHS.refund, label: 'Refund' },
  { to: PATHS.privacy, label: 'Privacy' },
  { to: PATHS.terms, label: 'Terms' },
  { to: PATHS.imprint, label: 'Imprint' },
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <BrandLink large />
          <p className="footer-tagline">
            Real-time alerts for new US and remote tech jobs that match your CV.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            {FOOTER_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="copyright">{`© ${COPYRIGHT_YEAR} ${config.siteName}`}</p>
      </div>
    </footer>
  );
}

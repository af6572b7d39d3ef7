import { Link } from 'react-router-dom';
import { config } from '../config';
import { COPYRIGHT_YEAR } from '../machines/sessionConstants';
import { BrandLink } from './BrandLink';

const FOOTER_LINKS = [
  { to: '/#pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/refund', label: 'Refund' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/imprint', label: 'Imprint' },
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

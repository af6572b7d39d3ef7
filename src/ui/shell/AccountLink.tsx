import { Link } from 'react-router-dom';
import { useDisplayedSessionKind } from '../session';
import './accountLink.css';
import { PATHS } from '../../paths';

/**
 * The header's session link: "Account" for a registered user, "Login" otherwise. Both words sit
 * in one grid cell, so the link is always as wide as the longer one and never shifts the layout.
 * Until the session kind is known (prerendered HTML, first visit) neither word is visible; a
 * returning visitor gets last visit's word at once from a hint read after hydration.
 */
export function AccountLink({ className }: { className?: string }) {
  const kind = useDisplayedSessionKind();
  const registered = kind === 'registered';
  return (
    <Link
      to={registered ? PATHS.account : PATHS.login}
      className={['account-link', className].filter(Boolean).join(' ')}
      data-session-kind={kind ?? 'unknown'}
    >
      <span className="account-link__word" data-shown={registered} aria-hidden={!registered}>
        Account
      </span>
      {/* While unknown, "Login" stays in the accessibility tree (invisible) so the link has a name. */}
      <span className="account-link__word" data-shown={kind === 'guest'} aria-hidden={registered}>
        Login
      </span>
    </Link>
  );
}

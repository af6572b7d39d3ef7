import { useId } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { parseEmailActionLink, type EmailLinkMode } from './emailActionLink';
import { EmailLinkView } from './EmailLinkView';
import { LoginForm } from './LoginForm';
import { safeNextPath } from './safeNextPath';
import { useHydrated } from './useHydrated';
import { useSessionOperation, useSessionStatus } from '../session';
import { SessionFailedAlert } from '../session/SessionFailedAlert';
import '../forms/forms.css';

const TITLES: Record<EmailLinkMode | 'login', string> = {
  login: 'Sign in or create an account',
  resetPassword: 'Reset your password',
  signIn: 'Signing you in',
  verifyEmail: 'Confirm your email address',
  verifyAndChangeEmail: 'Change your email address',
  recoverEmail: 'Undo the email address change',
};

/** Links that work for a registered user too: the page stays to show how it went. */
const FOR_ANYONE: ReadonlySet<EmailLinkMode> = new Set([
  'resetPassword',
  'verifyEmail',
  'verifyAndChangeEmail',
  'recoverEmail',
]);

/**
 * `/login`: sign in, create an account, or continue with Google; also the one page every e-mailed
 * link opens (`?mode=...&oobCode=...`). A registered user goes on to `?next=` (same site only) or
 * `/account`, except from the links that are for anyone.
 */
export function LoginPage() {
  const status = useSessionStatus();
  const operation = useSessionOperation();
  const [params] = useSearchParams();
  const titleId = useId();
  const hydrated = useHydrated();
  // The prerendered page knows no query string: a link is read once hydrated.
  const link = hydrated ? parseEmailActionLink(params) : null;

  if (status === 'registered' && !(link && FOR_ANYONE.has(link.mode))) {
    return <Navigate to={safeNextPath(params.get('next'), window.location.origin)} replace />;
  }

  const busy =
    status === 'restoring' ||
    operation === 'completeSignInLink' ||
    operation === 'applyEmailAction';
  return (
    <section className="session-page" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h1 id={titleId} className="session-page__title">
        {TITLES[link?.mode ?? 'login']}
      </h1>
      {!link && (
        <p className="session-page__intro">
          Save your CV and alerts to an account. Creating one keeps everything you did as a guest.
        </p>
      )}
      <SessionFailedAlert />
      {link ? <EmailLinkView link={link} /> : <LoginForm />}
    </section>
  );
}

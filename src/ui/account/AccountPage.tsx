import { lazy, Suspense, useId } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoading } from '../forms/PageLoading';
import { useOwnRegistration, useSessionNotice, useSessionStatus, useSessionUser } from '../session';
import { SessionFailedAlert } from '../session/SessionFailedAlert';
import { loginPath, PATHS } from '../../paths';
import '../forms/forms.css';

const LOGIN_THEN_BACK = loginPath({ next: PATHS.account });

// Only a registered user's page has them: no part of the first load, which every visitor gets.
const AccountSections = lazy(async () => ({
  default: (await import('./AccountSections')).AccountSections,
}));

/** `/account`: the registered user's details and actions. Guests are sent to sign in first. */
export function AccountPage() {
  const status = useSessionStatus();
  const user = useSessionUser();
  const notice = useSessionNotice();
  const ownRegistration = useOwnRegistration();
  const titleId = useId();

  // Signed out here: the login page says so (or has the person's own address back to register).
  // Any other guest signs in first, then comes back.
  if (status === 'guest') {
    const toLogin = notice?.code === 'you-signed-out' || ownRegistration !== null;
    return <Navigate to={toLogin ? PATHS.login : LOGIN_THEN_BACK} replace />;
  }

  return (
    <section
      className="session-page session-page--wide"
      aria-labelledby={titleId}
      aria-busy={status === 'restoring' || undefined}
    >
      <h1 id={titleId} className="session-page__title">
        Your account
      </h1>
      {/* The page's largest text, painted from the prerendered HTML for every visitor (a guest is
          sent on to sign in): nothing shown once the session is known may outgrow it. */}
      <p className="session-page__intro lead">
        Your sign-in details, your job alert profile and plan, the devices that get your alerts, and
        the ways to change your e-mail address or password, or to delete your account.
      </p>
      {status === 'restoring' && <PageLoading what="account" />}
      <SessionFailedAlert />
      {status === 'registered' && user && (
        <Suspense fallback={<PageLoading what="account" />}>
          <AccountSections user={user} />
        </Suspense>
      )}
    </section>
  );
}

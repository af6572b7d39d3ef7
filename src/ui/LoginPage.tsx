import { useId } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { LoginForm } from './login/LoginForm';
import { ResetPasswordForm } from './login/ResetPasswordForm';
import { safeNextPath } from './login/safeNextPath';
import { useHydrated } from './login/useHydrated';
import { useSessionStatus } from './session';
import { SessionFailure } from './session/SessionFailure';
import './forms.css';
import { PATHS } from '../paths';

/**
 * `/login`: sign in, create an account, or continue with Google; also completes the e-mailed
 * password-reset link. A registered user goes on to `?next=` (same site only) or `/account`.
 */
export function LoginPage() {
  const status = useSessionStatus();
  const [params] = useSearchParams();
  const titleId = useId();
  const hydrated = useHydrated();
  const resettingPassword = hydrated && params.get('mode') === 'resetPassword';

  if (status === 'registered' && !resettingPassword) {
    return <Navigate to={safeNextPath(params.get('next'), window.location.origin)} replace />;
  }

  return (
    <section
      className="session-page"
      aria-labelledby={titleId}
      aria-busy={status === 'restoring' || undefined}
    >
      <h1 id={titleId} className="session-page__title">
        {resettingPassword ? 'Reset your password' : 'Sign in or create an account'}
      </h1>
      {!resettingPassword && (
        <p className="session-page__intro">
          Save your CV and alerts to an account. Creating one keeps everything you did as a guest.
        </p>
      )}
      <SessionFailure />
      {resettingPassword ? <ResetPasswordView oobCode={params.get('oobCode')} /> : <LoginForm />}
    </section>
  );
}

function ResetPasswordView({ oobCode }: { oobCode: string | null }) {
  if (!oobCode) {
    return (
      <p role="alert" className="form-message form-message--error">
        This reset link is incomplete. <Link to={PATHS.login}>Ask for a new one</Link> with “Forgot
        password?”.
      </p>
    );
  }
  return <ResetPasswordForm oobCode={oobCode} />;
}

import { useId } from 'react';
import { Navigate } from 'react-router-dom';
import { AccountDetails } from './AccountDetails';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccount } from './DeleteAccount';
import { EmailVerification } from './EmailVerification';
import { PasswordResetAction } from './PasswordResetAction';
import { SessionActions } from './SessionActions';
import { useAccountActions } from './useAccountActions';
import { PlanSection } from '../plan/PlanSummary';
import { LazyPushControl } from '../push/LazyPushControl';
import { ProfileProvider } from '../profile/ProfileProvider';
import { ProfileSummary } from '../profile/ProfileSummary';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { OwnAddressOffer } from '../login/OwnAddressOffer';
import { PageLoading } from '../forms/PageLoading';
import {
  useOwnRegistration,
  useReauthenticationFor,
  useSessionNotice,
  useSessionOperation,
  useSessionStatus,
  useSessionUser,
} from '../session';
import { SessionFailure } from '../session/SessionFailure';
import type { SessionUser } from '../../machines/session/sessionTypes';
import { loginPath, PATHS } from '../../paths';
import '../forms/forms.css';

const LOGIN_THEN_BACK = loginPath({ next: PATHS.account });

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
      {status === 'restoring' && <PageLoading what="account" />}
      <SessionFailure />
      {status === 'registered' && user && <AccountSections user={user} />}
    </section>
  );
}

function AccountSections({ user }: { user: SessionUser }) {
  const actions = useAccountActions();
  const operation = useSessionOperation();
  const reauthenticationFor = useReauthenticationFor();
  const unavailable = operation !== null || reauthenticationFor !== null;
  const pageFeedback = actions.feedbackFor(null);

  return (
    <>
      <ErrorMessage message={pageFeedback.error?.message} />
      <StatusMessage message={pageFeedback.notice?.message} />
      <OwnAddressOffer unavailable={unavailable} />
      <AccountDetails
        user={user}
        afterVerified={
          user.email &&
          !user.emailVerified && <EmailVerification unavailable={unavailable} {...actions} />
        }
      />
      <ProfileProvider>
        <ProfileSummary />
      </ProfileProvider>
      <PlanSection />
      <LazyPushControl showDevices />
      <SessionActions unavailable={unavailable} {...actions} />
      <ChangeEmailForm user={user} unavailable={unavailable} {...actions} />
      <ChangePasswordForm user={user} unavailable={unavailable} {...actions} />
      {user.email && (
        <PasswordResetAction email={user.email} unavailable={unavailable} {...actions} />
      )}
      <DeleteAccount user={user} unavailable={unavailable} {...actions} />
    </>
  );
}

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
import { useReauthenticationFor, useSessionOperation } from '../session';
import type { SessionUser } from '../../machines/session/sessionTypes';

/** What a registered user's account page holds: their details, plan, devices and every action. */
export function AccountSections({ user }: { user: SessionUser }) {
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

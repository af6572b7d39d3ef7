import { useId, useRef, useState, type FormEvent } from 'react';
import { AccountUsername } from '../forms/EmailField';
import type { SessionUser } from '../../machines/session/sessionTypes';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { NewPasswordField, useNewPassword } from '../forms/NewPasswordField';
import { PasswordField } from '../forms/PasswordField';
import { currentPasswordProblem, isPasswordError } from '../forms/validation';
import { useReauthenticationFor } from '../session';
import { SensitiveChangeCard } from './SensitiveChangeCard';
import type { AccountActions } from './useAccountActions';

interface ChangePasswordFormProps extends AccountActions {
  user: SessionUser;
  /** Another operation is running. */
  unavailable: boolean;
}

export function ChangePasswordForm({
  user,
  unavailable,
  act,
  feedbackFor,
}: ChangePasswordFormProps) {
  const reauthenticationFor = useReauthenticationFor();
  const { error, notice } = feedbackFor('password');
  const newPassword = useNewPassword();
  const { setPassword } = newPassword;
  const errorId = useId();

  const [currentPassword, setCurrentPassword] = useState('');
  const [currentProblem, setCurrentProblem] = useState<string | null>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const reauthenticating = reauthenticationFor === 'changePassword';
  const message =
    currentProblem ?? newPassword.problem ?? (reauthenticating ? null : error?.message) ?? null;
  // An account with a password proves it is its holder before changing it; a Google-only account
  // adds its first password after confirming with Google when the provider asks.
  const hasPassword = user.providerIds.includes('password');

  // Once the change is confirmed, the fields empty (adjusting state while rendering, as React
  // recommends over an effect).
  const [confirmedNotice, setConfirmedNotice] = useState(notice);
  if (notice !== confirmedNotice) {
    setConfirmedNotice(notice);
    if (notice?.code === 'password-changed') {
      setPassword('');
      setCurrentPassword('');
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (unavailable) return;
    const issue = hasPassword ? currentPasswordProblem(currentPassword) : null;
    setCurrentProblem(issue);
    if (issue) {
      currentRef.current?.focus();
      return;
    }
    if (!newPassword.validate()) return;
    act('password', {
      type: 'CHANGE_PASSWORD',
      newPassword: newPassword.password,
      ...(hasPassword ? { currentPassword } : {}),
    });
  }

  return (
    <SensitiveChangeCard
      user={user}
      change="changePassword"
      title={hasPassword ? 'Change password' : 'Add a password'}
      submitLabel={hasPassword ? 'Change password' : 'Add password'}
      busyLabel="Changing password…"
      unavailable={unavailable}
      onSubmit={handleSubmit}
      act={act}
      feedbackFor={feedbackFor}
    >
      {user.email && (
        // Lets password managers save the new password for the right account.
        <AccountUsername email={user.email} />
      )}
      <ErrorMessage id={errorId} message={message} />
      <StatusMessage message={notice?.message} />
      {hasPassword && (
        <PasswordField
          ref={currentRef}
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={currentPassword}
          onValueChange={setCurrentPassword}
          invalid={currentProblem !== null || (!reauthenticating && isPasswordError(error?.code))}
          describedBy={message ? errorId : undefined}
        />
      )}
      <NewPasswordField
        newPassword={newPassword}
        errorId={message ? errorId : null}
        rejected={!reauthenticating && error?.code === 'password-does-not-meet-requirements'}
      />
    </SensitiveChangeCard>
  );
}

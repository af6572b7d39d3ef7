import { useId, useRef, useState, type FormEvent } from 'react';
import { AccountUsername } from '../forms/EmailField';
import type { SessionUser } from '../../machines/session/sessionTypes';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { NewPasswordField, useNewPassword } from '../forms/NewPasswordField';
import { PasswordField } from '../forms/PasswordField';
import { currentPasswordProblem, isPasswordError } from '../forms/validation';
import { useReauthenticationFor, useSessionOperation } from '../session';
import { SafeForm } from '../forms/SafeForm';
import { ReauthenticateForm } from './ReauthenticateForm';
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
  const operation = useSessionOperation();
  const reauthenticationFor = useReauthenticationFor();
  const { error, notice } = feedbackFor('password');
  const newPassword = useNewPassword();
  const { setPassword } = newPassword;
  const titleId = useId();
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
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {hasPassword ? 'Change password' : 'Add a password'}
      </h2>
      <SafeForm className="form" onSubmit={handleSubmit}>
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
        {!reauthenticating && (
          <div className="form__actions">
            <BusyButton
              type="submit"
              variant="primary"
              busy={operation === 'changePassword'}
              busyLabel="Changing password…"
              unavailable={unavailable}
            >
              {hasPassword ? 'Change password' : 'Add password'}
            </BusyButton>
          </div>
        )}
      </SafeForm>
      {reauthenticating && (
        <ReauthenticateForm
          user={user}
          reason="changePassword"
          busy={operation === 'reauthenticate'}
          error={error}
          onConfirm={(event) => act('password', event)}
          onCancel={() => act('password', { type: 'CANCEL' })}
        />
      )}
    </section>
  );
}

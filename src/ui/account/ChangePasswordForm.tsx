import { useEffect, useId, type FormEvent } from 'react';
import type { SessionUser } from '../../machines/sessionTypes';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { NewPasswordField, useNewPassword } from '../forms/NewPasswordField';
import { SafeForm } from '../forms/SafeForm';
import { isPasswordError } from '../forms/validation';
import { useReauthenticationFor, useSessionActivity } from '../session';
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
  const activity = useSessionActivity();
  const reauthenticationFor = useReauthenticationFor();
  const { error, notice } = feedbackFor('password');
  const newPassword = useNewPassword();
  const { setPassword } = newPassword;
  const titleId = useId();
  const errorId = useId();

  const reauthenticating = reauthenticationFor === 'updatePassword';
  const message = newPassword.problem ?? (reauthenticating ? null : error?.message) ?? null;
  const hasPassword = user.providerIds.includes('password');

  useEffect(() => {
    if (notice?.code === 'password-updated') setPassword('');
  }, [notice, setPassword]);

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (unavailable || !newPassword.validate()) return;
    act('password', { type: 'UPDATE_PASSWORD', newPassword: newPassword.password });
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {hasPassword ? 'Change password' : 'Add a password'}
      </h2>
      <SafeForm className="form" onSubmit={handleSubmit}>
        {user.email && (
          // Lets password managers save the new password for the right account.
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={user.email}
            readOnly
            hidden
          />
        )}
        <ErrorMessage id={errorId} message={message} />
        <StatusMessage message={notice?.message} />
        <NewPasswordField
          newPassword={newPassword}
          errorId={message ? errorId : null}
          rejected={!reauthenticating && isPasswordError(error?.code)}
        />
        {!reauthenticating && (
          <div className="form__actions">
            <BusyButton
              type="submit"
              variant="primary"
              busy={activity === 'updatingPassword'}
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
          busy={activity === 'reauthenticating'}
          error={error}
          onConfirm={(current) =>
            act(
              'password',
              current === undefined
                ? { type: 'REAUTHENTICATE' }
                : { type: 'REAUTHENTICATE', password: current },
            )
          }
          onCancel={() => act('password', { type: 'CANCEL' })}
        />
      )}
    </section>
  );
}

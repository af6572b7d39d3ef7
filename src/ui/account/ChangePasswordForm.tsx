import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { checkPassword } from '../../machines/passwordPolicy';
import type { SessionUser } from '../../machines/sessionTypes';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { PasswordField } from '../forms/PasswordField';
import { PasswordRequirements } from '../forms/PasswordRequirements';
import { isPasswordError, newPasswordProblem } from '../forms/validation';
import { usePasswordPolicy, useReauthenticationFor, useSessionActivity } from '../session';
import { ReauthenticateForm } from './ReauthenticateForm';
import type { AccountActions } from './useAccountActions';

interface ChangePasswordFormProps extends AccountActions {
  user: SessionUser;
  /** Another operation is running. */
  unavailable: boolean;
}

export function ChangePasswordForm({ user, unavailable, act, feedbackFor }: ChangePasswordFormProps) {
  const activity = useSessionActivity();
  const reauthenticationFor = useReauthenticationFor();
  const policy = usePasswordPolicy();
  const { error, notice } = feedbackFor('password');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const errorId = useId();
  const requirementsId = useId();

  const check = checkPassword(policy, password);
  const reauthenticating = reauthenticationFor === 'updatePassword';
  const message = problem ?? (reauthenticating ? null : error?.message) ?? null;
  const hasPassword = user.providerIds.includes('password');

  useEffect(() => {
    if (notice?.code === 'password-updated') setPassword('');
  }, [notice]);

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (unavailable) return;
    const issue = newPasswordProblem(password, check);
    setProblem(issue);
    if (issue) {
      passwordRef.current?.focus();
      return;
    }
    act('password', { type: 'UPDATE_PASSWORD', newPassword: password });
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {hasPassword ? 'Change password' : 'Add a password'}
      </h2>
      <form className="form" noValidate onSubmit={handleSubmit}>
        {user.email && (
          // Lets password managers save the new password for the right account.
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        )}
        <ErrorMessage id={errorId} message={message} />
        <StatusMessage message={notice?.message} />
        <PasswordField
          ref={passwordRef}
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          invalid={problem !== null || (!reauthenticating && isPasswordError(error?.code))}
          describedBy={`${message ? errorId : ''} ${requirementsId}`}
        />
        <PasswordRequirements id={requirementsId} title="Your new password needs:" check={check} />
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
      </form>
      {reauthenticating && (
        <ReauthenticateForm
          user={user}
          busy={activity === 'reauthenticating'}
          error={error}
          onConfirm={(current) =>
            act('password', current === undefined ? { type: 'REAUTHENTICATE' } : { type: 'REAUTHENTICATE', password: current })
          }
          onCancel={() => act('password', { type: 'CANCEL' })}
        />
      )}
    </section>
  );
}

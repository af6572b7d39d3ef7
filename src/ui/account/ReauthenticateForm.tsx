import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AccountUsername } from '../forms/EmailField';
import type {
  SessionError,
  SessionUser,
  SessionUserEvent,
} from '../../machines/session/sessionTypes';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage } from '../forms/FormMessages';
import { PasswordField } from '../forms/PasswordField';
import { SafeForm } from '../forms/SafeForm';
import { currentPasswordProblem, isPasswordError } from '../forms/validation';
import type { ReauthenticationReason } from '../session';

interface ReauthenticateFormProps {
  user: SessionUser;
  /** The operation waiting for the confirmation; the form says what it is for. */
  reason: ReauthenticationReason;
  /** The re-authentication is running. */
  busy: boolean;
  error: SessionError | null;
  /** The confirmation: with the password for an e-mail account, without one for Google. */
  onConfirm: (event: Extract<SessionUserEvent, { type: 'REAUTHENTICATE' }>) => void;
  onCancel: () => void;
}

function purposeOf(reason: ReauthenticationReason, user: SessionUser): string {
  switch (reason) {
    case 'changePassword':
      return user.providerIds.includes('password')
        ? 'Confirm it’s you to change your password.'
        : 'Confirm it’s you to add a password.';
    case 'changeEmail':
      return 'Confirm it’s you to change your email address.';
    case 'deleteAccount':
      return 'Confirm it’s you to delete your account.';
  }
}

/** The provider wants a recent sign-in before it allows the operation: confirm, or give up. */
export function ReauthenticateForm({
  user,
  reason,
  busy,
  error,
  onConfirm,
  onCancel,
}: ReauthenticateFormProps) {
  const hasGoogle = user.providerIds.includes('google.com');
  // Google-only accounts confirm with Google; every other account has a password.
  const hasPassword = user.providerIds.includes('password') || !hasGoogle;
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [method, setMethod] = useState<'password' | 'google'>('password');
  const passwordRef = useRef<HTMLInputElement>(null);
  const googleRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const purposeId = useId();
  const errorId = useId();
  const formId = useId();
  const message = problem ?? error?.message ?? null;
  // The provider's "sign in again" message explains the form; only a wrong password marks the field.
  const passwordInvalid = problem !== null || isPasswordError(error?.code);

  useEffect(() => {
    (passwordRef.current ?? googleRef.current)?.focus();
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (busy) return;
    const issue = currentPasswordProblem(password);
    setProblem(issue);
    if (issue) {
      passwordRef.current?.focus();
      return;
    }
    setMethod('password');
    onConfirm({ type: 'REAUTHENTICATE', password });
  }

  return (
    <div
      className="reauthenticate"
      role="group"
      aria-labelledby={titleId}
      aria-describedby={purposeId}
    >
      <h3 id={titleId} className="reauthenticate__title">
        Confirm it’s you
      </h3>
      <p id={purposeId}>{purposeOf(reason, user)}</p>
      <ErrorMessage id={errorId} message={message} />
      {hasPassword && (
        <SafeForm id={formId} className="form" onSubmit={handleSubmit}>
          {user.email && (
            // Lets password managers fill the right account's password.
            <AccountUsername email={user.email} />
          )}
          <PasswordField
            ref={passwordRef}
            label="Current password"
            name="current-password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            invalid={passwordInvalid}
            describedBy={message ? errorId : undefined}
          />
        </SafeForm>
      )}
      <div className="form__actions">
        {hasPassword && (
          <BusyButton
            type="submit"
            form={formId}
            variant="primary"
            busy={busy && method === 'password'}
            busyLabel="Confirming…"
            unavailable={busy}
          >
            Confirm
          </BusyButton>
        )}
        {hasGoogle && (
          <BusyButton
            ref={googleRef}
            variant={hasPassword ? 'secondary' : 'primary'}
            busy={busy && method === 'google'}
            busyLabel="Waiting for Google…"
            unavailable={busy}
            onClick={() => {
              setMethod('google');
              setProblem(null);
              onConfirm({ type: 'REAUTHENTICATE' });
            }}
          >
            Confirm with Google
          </BusyButton>
        )}
        <BusyButton variant="quiet" unavailable={busy} onClick={onCancel}>
          Cancel
        </BusyButton>
      </div>
    </div>
  );
}

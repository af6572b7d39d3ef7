import { useId } from 'react';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { useSessionOperation } from '../session';
import type { AccountActions } from './useAccountActions';

interface PasswordResetActionProps extends AccountActions {
  email: string;
  unavailable: boolean;
}

/** Sends a password-reset link to the account's own address. */
export function PasswordResetAction({
  email,
  unavailable,
  act,
  feedbackFor,
}: PasswordResetActionProps) {
  const operation = useSessionOperation();
  const { error, notice } = feedbackFor('reset');
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Reset password by email
      </h2>
      <p>We will send a link to {email} that lets you choose a new password.</p>
      <ErrorMessage message={error?.message} />
      <StatusMessage message={notice?.message} />
      <div className="form__actions">
        <BusyButton
          busy={operation === 'sendPasswordReset'}
          busyLabel="Sending…"
          unavailable={unavailable}
          onClick={() => act('reset', { type: 'SEND_PASSWORD_RESET', email })}
        >
          Send password reset email
        </BusyButton>
      </div>
    </section>
  );
}

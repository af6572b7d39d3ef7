import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { NewPasswordField, useNewPassword } from '../forms/NewPasswordField';
import { SafeForm } from '../forms/SafeForm';
import { isPasswordError } from '../forms/validation';
import {
  useSessionOperation,
  useSessionError,
  useSessionNotice,
  useSessionSend,
  useSessionStatus,
} from '../session';
import { PATHS } from '../../paths';

/** The e-mailed reset link lands here (`/login?mode=resetPassword&oobCode=...`). */
export function ResetPasswordForm({ oobCode }: { oobCode: string }) {
  const status = useSessionStatus();
  const operation = useSessionOperation();
  const error = useSessionError();
  const notice = useSessionNotice();
  const send = useSessionSend();
  const navigate = useNavigate();
  const newPassword = useNewPassword();
  const [submitted, setSubmitted] = useState(false);
  const errorId = useId();

  const ready = (status === 'guest' || status === 'registered') && operation === null;
  const message = newPassword.problem ?? (submitted ? error?.message : null) ?? null;

  useEffect(() => {
    // Done: the sign-in form shows the machine's "password has been reset" notice.
    if (submitted && notice?.code === 'password-reset-done')
      navigate(PATHS.login, { replace: true });
  }, [submitted, notice, navigate]);

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!ready || !newPassword.validate()) return;
    setSubmitted(true);
    send({ type: 'CONFIRM_PASSWORD_RESET', oobCode, newPassword: newPassword.password });
  }

  return (
    <SafeForm className="form" onSubmit={handleSubmit}>
      <h2 className="form__title">Choose a new password</h2>
      <ErrorMessage id={errorId} message={message} />
      {/* Another tab (or the provider) may sign this session out meanwhile: say so here too. */}
      <StatusMessage message={notice?.code === 'password-reset-done' ? null : notice?.message} />
      <NewPasswordField
        newPassword={newPassword}
        errorId={message ? errorId : null}
        rejected={submitted && isPasswordError(error?.code)}
      />
      <div className="form__actions">
        <BusyButton
          type="submit"
          variant="primary"
          busy={operation === 'confirmPasswordReset'}
          busyLabel="Saving…"
          unavailable={!ready}
        >
          Save new password
        </BusyButton>
      </div>
    </SafeForm>
  );
}

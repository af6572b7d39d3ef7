import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkPassword } from '../../machines/passwordPolicy';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage } from '../forms/FormMessages';
import { PasswordField } from '../forms/PasswordField';
import { PasswordRequirements } from '../forms/PasswordRequirements';
import { isPasswordError, newPasswordProblem } from '../forms/validation';
import {
  usePasswordPolicy,
  useSessionActivity,
  useSessionError,
  useSessionNotice,
  useSessionSend,
  useSessionStatus,
} from '../session';

/** The e-mailed reset link lands here (`/login?mode=resetPassword&oobCode=...`). */
export function ResetPasswordForm({ oobCode }: { oobCode: string }) {
  const status = useSessionStatus();
  const activity = useSessionActivity();
  const error = useSessionError();
  const notice = useSessionNotice();
  const policy = usePasswordPolicy();
  const send = useSessionSend();
  const navigate = useNavigate();

  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const requirementsId = useId();

  const ready = (status === 'guest' || status === 'registered') && activity === null;
  const check = checkPassword(policy, password);
  const message = problem ?? (submitted ? error?.message : null) ?? null;

  useEffect(() => {
    // Done: the sign-in form shows the machine's "password has been reset" notice.
    if (submitted && notice?.code === 'password-reset-done') navigate('/login', { replace: true });
  }, [submitted, notice, navigate]);

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!ready) return;
    const issue = newPasswordProblem(password, check);
    if (issue) {
      setProblem(issue);
      passwordRef.current?.focus();
      return;
    }
    setProblem(null);
    setSubmitted(true);
    send({ type: 'CONFIRM_PASSWORD_RESET', oobCode, newPassword: password });
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <h2 className="form__title">Choose a new password</h2>
      <ErrorMessage id={errorId} message={message} />
      <PasswordField
        ref={passwordRef}
        label="New password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        invalid={problem !== null || (submitted && isPasswordError(error?.code))}
        describedBy={`${message ? errorId : ''} ${requirementsId}`}
      />
      <PasswordRequirements id={requirementsId} title="Your new password needs:" check={check} />
      <div className="form__actions">
        <BusyButton
          type="submit"
          variant="primary"
          busy={activity === 'confirmingPasswordReset'}
          busyLabel="Saving…"
          unavailable={!ready}
        >
          Save new password
        </BusyButton>
      </div>
    </form>
  );
}

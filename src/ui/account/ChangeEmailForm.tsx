import { useId, useRef, useState, type FormEvent } from 'react';
import { EmailField, AccountUsername } from '../forms/EmailField';
import type { ClientCode } from '../../machines/session/errorCatalogue';
import type { SessionUser } from '../../machines/session/sessionTypes';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { PasswordField } from '../forms/PasswordField';
import { currentPasswordProblem, isPasswordError } from '../forms/validation';
import { useReauthenticationFor } from '../session';
import { newEmailProblem } from './newEmailProblem';
import { SensitiveChangeCard } from './SensitiveChangeCard';
import type { AccountActions } from './useAccountActions';

/** The provider's refusals that are about the new address (the others are about the password). */
const NEW_EMAIL_ERRORS: ReadonlySet<ClientCode> = new Set([
  'invalid-email',
  'email-already-in-use',
]);

interface Problem {
  field: 'email' | 'password';
  message: string;
}

interface ChangeEmailFormProps extends AccountActions {
  user: SessionUser;
  /** Another operation is running. */
  unavailable: boolean;
}

/** E-mails a link to a new address; the address changes only when that link is opened. */
export function ChangeEmailForm({ user, unavailable, act, feedbackFor }: ChangeEmailFormProps) {
  const reauthenticationFor = useReauthenticationFor();
  const { error, notice } = feedbackFor('email');
  const errorId = useId();

  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const reauthenticating = reauthenticationFor === 'changeEmail';
  // While re-authenticating, the provider's "sign in again" belongs to the confirmation below.
  const shownError = reauthenticating ? null : error;
  const message = problem?.message ?? shownError?.message ?? null;
  const emailInvalid =
    problem?.field === 'email' || (shownError !== null && NEW_EMAIL_ERRORS.has(shownError.code));
  const passwordInvalid = problem?.field === 'password' || isPasswordError(shownError?.code);
  // An account with a password proves it is its holder first; a Google-only account confirms
  // with Google when the provider asks.
  const hasPassword = user.providerIds.includes('password');

  // Once the link is sent, the password is no longer kept in the page (adjusting state while
  // rendering, as React recommends over an effect). The address stays, to show where it went.
  const [sentNotice, setSentNotice] = useState(notice);
  if (notice !== sentNotice) {
    setSentNotice(notice);
    if (notice?.code === 'email-change-sent') setCurrentPassword('');
  }

  function check(): Problem | null {
    const emailIssue = newEmailProblem(newEmail, user.email);
    if (emailIssue) return { field: 'email', message: emailIssue };
    const passwordIssue = hasPassword ? currentPasswordProblem(currentPassword) : null;
    return passwordIssue ? { field: 'password', message: passwordIssue } : null;
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (unavailable) return;
    const issue = check();
    setProblem(issue);
    if (issue) {
      (issue.field === 'email' ? emailRef : passwordRef).current?.focus();
      return;
    }
    act('email', {
      type: 'CHANGE_EMAIL',
      newEmail: newEmail.trim(),
      ...(hasPassword ? { currentPassword } : {}),
    });
  }

  return (
    <SensitiveChangeCard
      user={user}
      change="changeEmail"
      title="Change email"
      intro={
        <p>We will send a link to the new address; your address changes only when you open it.</p>
      }
      submitLabel="Change email"
      busyLabel="Sending link…"
      unavailable={unavailable}
      onSubmit={handleSubmit}
      act={act}
      feedbackFor={feedbackFor}
    >
      {hasPassword && user.email && (
        // Lets password managers fill the right account's password.
        <AccountUsername email={user.email} />
      )}
      <ErrorMessage id={errorId} message={message} />
      <StatusMessage message={notice?.message} />
      <EmailField
        ref={emailRef}
        label="New email"
        name="new-email"
        autoComplete="email"
        value={newEmail}
        onValueChange={setNewEmail}
        invalid={emailInvalid}
        describedBy={emailInvalid && message ? errorId : undefined}
      />
      {hasPassword && (
        <PasswordField
          ref={passwordRef}
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={currentPassword}
          onValueChange={setCurrentPassword}
          invalid={passwordInvalid}
          describedBy={passwordInvalid && message ? errorId : undefined}
        />
      )}
    </SensitiveChangeCard>
  );
}

import { useId, useRef, useState, type RefObject } from 'react';
import { checkPassword, type PasswordCheck } from '../../machines/session/passwordPolicy';
import { usePasswordPolicy } from '../session';
import { PasswordField } from './PasswordField';
import { PasswordRequirements } from './PasswordRequirements';
import { maxPasswordLength, newPasswordProblem } from './validation';

export interface NewPassword {
  password: string;
  setPassword: (password: string) => void;
  check: PasswordCheck;
  /** What the last `validate()` found wrong, for people; null when it passed. */
  problem: string | null;
  /** Checks the password against the policy; on a problem, says so and focuses the field. */
  validate: () => boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The longest password the field takes. */
  maxLength: number;
}

/** A new password checked live against the provider's policy. */
export function useNewPassword(): NewPassword {
  const policy = usePasswordPolicy();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const check = checkPassword(policy, password);

  function validate(): boolean {
    const issue = newPasswordProblem(password, check, policy);
    setProblem(issue);
    if (issue) inputRef.current?.focus();
    return issue === null;
  }

  return {
    password,
    setPassword,
    check,
    problem,
    validate,
    inputRef,
    maxLength: maxPasswordLength(policy),
  };
}

interface NewPasswordFieldProps {
  newPassword: NewPassword;
  /** The form's error message element, when it shows a message. */
  errorId: string | null;
  /** The provider refused this password. */
  rejected: boolean;
}

/** "New password" with show/hide and the policy's rules ticked off as the person types. */
export function NewPasswordField({ newPassword, errorId, rejected }: NewPasswordFieldProps) {
  const requirementsId = useId();
  const { inputRef, password, setPassword, problem, check } = newPassword;
  return (
    <>
      <PasswordField
        ref={inputRef}
        label="New password"
        name="new-password"
        autoComplete="new-password"
        maxLength={newPassword.maxLength}
        value={password}
        onValueChange={setPassword}
        invalid={problem !== null || rejected}
        describedBy={`${errorId ?? ''} ${requirementsId}`}
      />
      <PasswordRequirements id={requirementsId} title="Your new password needs:" check={check} />
    </>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import { EmailField } from '../forms/EmailField';
import { checkPassword } from '../../machines/session/passwordPolicy';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { PasswordField } from '../forms/PasswordField';
import { SafeForm } from '../forms/SafeForm';
import { PasswordRequirements } from '../forms/PasswordRequirements';
import {
  currentPasswordProblem,
  emailProblem,
  isEmailError,
  isPasswordError,
  newPasswordProblem,
} from '../forms/validation';
import {
  usePasswordPolicy,
  useSessionOperation,
  useSessionError,
  useOwnRegistration,
  useSessionNotice,
  useSessionSend,
  useSessionStatus,
  type SessionOperation,
} from '../session';
import { GoogleSignIn } from './GoogleSignIn';

/** What a person did on this page: the session operation each button starts. */
type LoginAction = Extract<
  SessionOperation,
  'signIn' | 'createAccount' | 'continueWithGoogle' | 'sendPasswordReset' | 'sendSignInLink'
>;

const LOGIN_ACTIONS: readonly SessionOperation[] = [
  'signIn',
  'createAccount',
  'continueWithGoogle',
  'sendPasswordReset',
  'sendSignInLink',
] satisfies LoginAction[];

function isLoginAction(operation: SessionOperation | null): operation is LoginAction {
  return operation !== null && LOGIN_ACTIONS.includes(operation);
}

/** The button to show busy: switching to an existing account continues whichever action found it. */
function busyActionOf(operation: SessionOperation | null, lastAction: LoginAction | null) {
  if (operation === 'switchAccount') return lastAction;
  if (operation === 'redirectToGoogle') return 'continueWithGoogle';
  return isLoginAction(operation) ? operation : null;
}

interface Problem {
  message: string;
  field: 'email' | 'password';
}

/** One form for both: "Sign in" to an existing account, "Create account" to keep this guest's uid. */
export function LoginForm() {
  const status = useSessionStatus();
  const operation = useSessionOperation();
  const error = useSessionError();
  const notice = useSessionNotice();
  const policy = usePasswordPolicy();
  const send = useSessionSend();
  // Back from "Sign out and use my address": the form is as the person left it.
  const ownRegistration = useOwnRegistration();

  const [email, setEmail] = useState(ownRegistration?.email ?? '');
  const [password, setPassword] = useState(ownRegistration?.password ?? '');
  const [intent, setIntent] = useState<'signIn' | 'createAccount'>(
    ownRegistration ? 'createAccount' : 'signIn',
  );
  const [lastAction, setLastAction] = useState<LoginAction | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const requirementsId = useId();

  const ready = status === 'guest' && operation === null;
  const busyAction = busyActionOf(operation, lastAction);
  const check = checkPassword(policy, password);
  // A failed session is shown (with its Retry) by SessionFailedAlert, not as this form's error.
  const message = problem?.message ?? (status === 'failed' ? null : error?.message) ?? null;
  const emailInvalid = problem ? problem.field === 'email' : isEmailError(error?.code);
  const passwordInvalid = problem ? problem.field === 'password' : isPasswordError(error?.code);

  function reject(next: Problem): void {
    setProblem(next);
    (next.field === 'email' ? emailRef : passwordRef).current?.focus();
  }

  function act(action: LoginAction, perform: () => void): void {
    setProblem(null);
    setLastAction(action);
    perform();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!ready) return; // Busy (a double submit) or no session yet.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const action = submitter?.dataset.action === 'createAccount' ? 'createAccount' : 'signIn';
    setIntent(action);

    const emailIssue = emailProblem(email);
    if (emailIssue) return reject({ message: emailIssue, field: 'email' });
    const passwordIssue =
      action === 'createAccount'
        ? newPasswordProblem(password, check, policy)
        : currentPasswordProblem(password);
    if (passwordIssue) return reject({ message: passwordIssue, field: 'password' });

    act(action, () =>
      send({
        type: action === 'createAccount' ? 'CREATE_ACCOUNT' : 'SIGN_IN',
        email: email.trim(),
        password,
      }),
    );
  }

  function handleForgotPassword(): void {
    const emailIssue = emailProblem(email);
    if (emailIssue) {
      return reject({
        message: `${emailIssue} We will send the link to reset your password there.`,
        field: 'email',
      });
    }
    act('sendPasswordReset', () => send({ type: 'SEND_PASSWORD_RESET', email: email.trim() }));
  }

  function handleSendSignInLink(): void {
    const emailIssue = emailProblem(email);
    if (emailIssue) {
      return reject({
        message: `${emailIssue} We will send the sign-in link there.`,
        field: 'email',
      });
    }
    act('sendSignInLink', () => send({ type: 'SEND_SIGN_IN_LINK', email: email.trim() }));
  }

  return (
    <div className="login">
      <SafeForm className="form" onSubmit={handleSubmit}>
        <ErrorMessage id={errorId} message={message} />
        <StatusMessage message={notice?.message} />
        <EmailField
          ref={emailRef}
          label="Email"
          name="email"
          autoComplete="username"
          value={email}
          onValueChange={setEmail}
          invalid={emailInvalid}
          describedBy={emailInvalid ? errorId : undefined}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete={intent === 'createAccount' ? 'new-password' : 'current-password'}
          value={password}
          onValueChange={setPassword}
          invalid={passwordInvalid}
          describedBy={`${passwordInvalid ? errorId : ''} ${requirementsId}`}
        />
        <PasswordRequirements
          id={requirementsId}
          title="A new account's password needs:"
          check={check}
        />
        <div className="form__actions">
          <BusyButton
            type="submit"
            variant="primary"
            data-action="signIn"
            busy={busyAction === 'signIn'}
            busyLabel="Signing in…"
            unavailable={!ready}
          >
            Sign in
          </BusyButton>
          <BusyButton
            type="submit"
            data-action="createAccount"
            busy={busyAction === 'createAccount'}
            busyLabel="Creating account…"
            unavailable={!ready}
          >
            Create account
          </BusyButton>
        </div>
        <div className="form__actions">
          <BusyButton
            busy={busyAction === 'sendSignInLink'}
            busyLabel="Sending link…"
            unavailable={!ready}
            onClick={handleSendSignInLink}
          >
            Email me a sign-in link
          </BusyButton>
          <BusyButton
            variant="quiet"
            className="form__forgot"
            busy={busyAction === 'sendPasswordReset'}
            busyLabel="Sending reset email…"
            unavailable={!ready}
            onClick={handleForgotPassword}
          >
            Forgot password?
          </BusyButton>
        </div>
      </SafeForm>
      <p className="login__divider">
        <span>or</span>
      </p>
      <GoogleSignIn
        operation={operation}
        unavailable={!ready}
        onStart={() => act('continueWithGoogle', () => send({ type: 'CONTINUE_WITH_GOOGLE' }))}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    </div>
  );
}

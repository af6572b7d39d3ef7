import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EmailField } from '../forms/EmailField';
import { Link } from 'react-router-dom';
import type { ClientCode } from '../../machines/session/errorCatalogue';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage } from '../forms/FormMessages';
import { SafeForm } from '../forms/SafeForm';
import { emailProblem } from '../forms/validation';
import { useSessionError, useSessionOperation, useSessionSend, useSessionStatus } from '../session';
import { WorkingStatus } from './WorkingStatus';
import { PATHS } from '../../paths';

/** The link cannot tell who it is for on this device: the person types the address it went to. */
const ADDRESS_NEEDED: ReadonlySet<ClientCode> = new Set([
  'email-link-needs-address',
  'email-link-wrong-address',
]);
/** The link is spent: typing an address again cannot help. */
const LINK_SPENT: ReadonlySet<ClientCode> = new Set([
  'invalid-action-code',
  'expired-action-code',
  'email-link-account-exists',
]);

/**
 * `/login?mode=signIn&oobCode=...`: the e-mailed sign-in link completes by itself (once). Opened
 * on another device, it asks for the address; a registered user then goes on with the page.
 */
export function EmailLinkSignIn() {
  const status = useSessionStatus();
  const operation = useSessionOperation();
  const error = useSessionError();
  const send = useSessionSend();
  const sentRef = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const [typedAddress, setTypedAddress] = useState(false);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();

  const ready = status === 'guest' && operation === null;
  const completing = operation === 'completeSignInLink';
  // A failed session is shown (with its Retry) by SessionFailedAlert, not here.
  const failure = status === 'failed' ? null : error;
  // The form stays while the typed address is tried, and after a failure it may fix (network).
  const asksAddress =
    (failure !== null && ADDRESS_NEEDED.has(failure.code)) ||
    (typedAddress && (completing || (failure !== null && !LINK_SPENT.has(failure.code))));
  const working = status !== 'failed' && failure === null && !asksAddress;
  const message = problem ?? failure?.message ?? null;

  useEffect(() => {
    // Once: after a failure only the person tries again (the link may be spent by then).
    if (!ready || sentRef.current) return;
    sentRef.current = true;
    send({ type: 'COMPLETE_SIGN_IN_LINK', link: window.location.href });
  }, [ready, send]);

  useEffect(() => {
    if (asksAddress && failure) emailRef.current?.focus();
  }, [asksAddress, failure]);

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!ready) return;
    const issue = emailProblem(email);
    setProblem(issue);
    if (issue) {
      emailRef.current?.focus();
      return;
    }
    setTypedAddress(true);
    send({ type: 'COMPLETE_SIGN_IN_LINK', link: window.location.href, email: email.trim() });
  }

  return (
    <div className="form">
      <WorkingStatus message={working ? 'Signing you in…' : null} />
      <ErrorMessage id={errorId} message={message} />
      {asksAddress && (
        <SafeForm className="form" onSubmit={handleSubmit}>
          <EmailField
            ref={emailRef}
            label="Email"
            name="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            invalid={problem !== null || failure?.code === 'email-link-wrong-address'}
            describedBy={message ? errorId : undefined}
          />
          <div className="form__actions">
            <BusyButton
              type="submit"
              variant="primary"
              busy={completing}
              busyLabel="Signing in…"
              unavailable={!ready}
            >
              Sign in with this link
            </BusyButton>
          </div>
        </SafeForm>
      )}
      {/* A link to an existing account has just e-mailed a new one: opening it is all there is to do. */}
      {failure && !asksAddress && failure.code !== 'email-link-account-exists' && (
        <p>
          {/* The plain login page, without this failure on it. */}
          <Link to={PATHS.login} onClick={() => send({ type: 'DISMISS' })}>
            Ask for a new sign-in link
          </Link>
        </p>
      )}
    </div>
  );
}

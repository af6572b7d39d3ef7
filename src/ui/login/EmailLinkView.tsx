import { Link } from 'react-router-dom';
import { EmailActionView } from './EmailActionView';
import {
  continuePathOf,
  isAppliedEmailAction,
  type EmailActionLink,
  type EmailLinkMode,
} from './emailActionLink';
import { EmailLinkSignIn } from './EmailLinkSignIn';
import { ResetPasswordForm } from './ResetPasswordForm';
import { PATHS } from '../../paths';

/** What an e-mailed link does on `/login`, by its mode. */
export function EmailLinkView({ link }: { link: EmailActionLink }) {
  const { mode, oobCode } = link;
  if (!oobCode) return <IncompleteLink mode={mode} />;
  // Keyed by the code, so another link starts afresh (each is tried once).
  if (mode === 'resetPassword') return <ResetPasswordForm key={oobCode} oobCode={oobCode} />;
  if (mode === 'signIn') return <EmailLinkSignIn key={oobCode} />;
  return (
    <EmailActionView
      key={oobCode}
      oobCode={oobCode}
      continuePath={continuePathOf(link.continueUrl, window.location.origin)}
    />
  );
}

/** A link without its code (cut short when copied): say so, and where a new one comes from. */
function IncompleteLink({ mode }: { mode: EmailLinkMode }) {
  return (
    <p role="alert" className="form-message form-message--error">
      {mode === 'resetPassword' && (
        <>
          This reset link is incomplete. <Link to={PATHS.login}>Ask for a new one</Link> with
          “Forgot password?”.
        </>
      )}
      {mode === 'signIn' && (
        <>
          This sign-in link is incomplete. <Link to={PATHS.login}>Ask for a new one</Link> with
          “Email me a sign-in link”.
        </>
      )}
      {isAppliedEmailAction(mode) && mode !== 'recoverEmail' && (
        <>
          This link is incomplete. <Link to={PATHS.account}>Ask for a new one</Link> from your
          account.
        </>
      )}
      {/* Only the old address gets this link, and nobody can ask for it again. */}
      {mode === 'recoverEmail' && (
        <>
          This link is incomplete: open it again from the email, with all of its address. If you did
          not ask to change your email address, <Link to={PATHS.login}>reset your password</Link>{' '}
          with “Forgot password?”.
        </>
      )}
    </p>
  );
}

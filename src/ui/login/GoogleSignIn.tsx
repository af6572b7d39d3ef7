import { BusyButton } from '../forms/BusyButton';
import { StatusMessage } from '../forms/FormMessages';
import type { SessionOperation } from '../session';

interface GoogleSignInProps {
  operation: SessionOperation | null;
  /** Another operation (or no session yet): the button ignores presses. */
  unavailable: boolean;
  onStart: () => void;
  onCancel: () => void;
}

/** "Continue with Google": progress while the popup is open, and a way to give up on it. */
export function GoogleSignIn({ operation, unavailable, onStart, onCancel }: GoogleSignInProps) {
  const waitingForPopup = operation === 'continueWithGoogle';
  const redirecting = operation === 'redirectToGoogle';
  return (
    <div className="google-sign-in">
      <BusyButton
        className="google-sign-in__button"
        busy={waitingForPopup || redirecting}
        busyLabel={redirecting ? 'Redirecting to Google…' : 'Waiting for Google…'}
        unavailable={unavailable}
        onClick={onStart}
      >
        <GoogleMark />
        Continue with Google
      </BusyButton>
      <StatusMessage message={waitingForPopup ? 'Finish signing in in the Google window.' : null} />
      {waitingForPopup && (
        <BusyButton variant="quiet" onClick={onCancel}>
          Cancel
        </BusyButton>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg
      className="google-sign-in__mark"
      viewBox="0 0 48 48"
      width="18"
      height="18"
      aria-hidden="true"
    >
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.6c0-1.6-.1-3.1-.4-4.6H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.5c-.5-1.4-.8-2.9-.8-4.5s.3-3.1.8-4.5l-7.9-6.2C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.2z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.2C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

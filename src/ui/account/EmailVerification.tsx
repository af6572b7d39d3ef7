import { useEffect, useId } from 'react';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { useSessionOperation } from '../session';
import { useCooldown } from './useCooldown';
import type { AccountActions } from './useAccountActions';

/** How long after a link was sent before another may be asked for. */
export const VERIFICATION_COOLDOWN_MS = 60_000;

interface EmailVerificationProps extends AccountActions {
  /** Another operation is running. */
  unavailable: boolean;
}

/** Sends (again) the link that confirms the account's address; then waits before the next. */
export function EmailVerification({ unavailable, act, feedbackFor }: EmailVerificationProps) {
  const operation = useSessionOperation();
  const { error, notice } = feedbackFor('verification');
  const { secondsLeft, start } = useCooldown(VERIFICATION_COOLDOWN_MS);
  const waitId = useId();
  const waiting = secondsLeft > 0;

  // Each link sent from here is a new notice and starts the wait. Sign-up's own notice does not:
  // it stays until the next action, so this page cannot tell how long ago that link went out.
  useEffect(() => {
    if (notice?.code === 'verification-sent') start();
  }, [notice, start]);

  return (
    <div className="details__action">
      <ErrorMessage message={error?.message} />
      <StatusMessage message={notice?.message} />
      <div className="form__actions">
        <BusyButton
          busy={operation === 'sendEmailVerification'}
          busyLabel="Sending…"
          unavailable={unavailable || waiting}
          aria-describedby={waiting ? waitId : undefined}
          onClick={() => act('verification', { type: 'SEND_EMAIL_VERIFICATION' })}
        >
          Send verification email
        </BusyButton>
        {/* Not a live region: a screen reader would read it out every second. */}
        {waiting && (
          <p id={waitId} className="details__hint">
            {`You can send another in ${secondsLeft} s`}
          </p>
        )}
      </div>
    </div>
  );
}

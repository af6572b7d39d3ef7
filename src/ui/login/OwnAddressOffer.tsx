import { EmailAddress } from '../text/EmailAddress';
import { useId } from 'react';
import { BusyButton } from '../forms/BusyButton';
import { useOwnRegistration, useSessionOperation, useSessionSend } from '../session';

/**
 * Another tab registered this guest first (the notice above says as which address): signing out
 * (every tab) gives a fresh guest, and the login form gets this tab's address and password back.
 */
export function OwnAddressOffer({ unavailable }: { unavailable: boolean }) {
  const ownRegistration = useOwnRegistration();
  const operation = useSessionOperation();
  const send = useSessionSend();
  const hintId = useId();
  if (!ownRegistration) return null;
  return (
    <div className="form__actions">
      <p id={hintId} className="card__hint">
        Your address: <EmailAddress address={ownRegistration.email} />
      </p>
      <BusyButton
        busy={operation === 'signOut'}
        busyLabel="Signing out…"
        unavailable={unavailable}
        aria-describedby={hintId}
        onClick={() => send({ type: 'USE_OWN_ADDRESS' })}
      >
        Sign out and use my address
      </BusyButton>
    </div>
  );
}

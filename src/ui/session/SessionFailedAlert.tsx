import { BusyButton } from '../forms/BusyButton';
import { useSessionError, useSessionSend, useSessionStatus } from './hooks';

/** Shown while no session exists ("Failed to create session"), with the way to try again. */
export function SessionFailedAlert() {
  const status = useSessionStatus();
  const error = useSessionError();
  const send = useSessionSend();
  if (status !== 'failed') return null;
  return (
    <div className="session-failure">
      <p role="alert" className="session-failure__message">
        {error?.message ?? 'Failed to create session'}
      </p>
      <BusyButton variant="primary" onClick={() => send({ type: 'RETRY' })}>
        Retry
      </BusyButton>
    </div>
  );
}

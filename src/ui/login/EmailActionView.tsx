import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import {
  useSessionError,
  useSessionNotice,
  useSessionOperation,
  useSessionSend,
  useSessionStatus,
} from '../session';
import { WorkingStatus } from './WorkingStatus';
import { PATHS } from '../../paths';

interface EmailActionViewProps {
  oobCode: string;
  /** The link's own same-site destination, if it named one. */
  continuePath: string | null;
}

/**
 * Confirms an address, takes a new one into use, or undoes a change: the code says which, so the
 * machine's notice does too. Applied once, for a guest as for a registered user (the link may be
 * opened anywhere); nobody is sent away before reading the outcome.
 */
export function EmailActionView({ oobCode, continuePath }: EmailActionViewProps) {
  const status = useSessionStatus();
  const operation = useSessionOperation();
  const error = useSessionError();
  const notice = useSessionNotice();
  const send = useSessionSend();
  const sentRef = useRef(false);

  const ready = (status === 'guest' || status === 'registered') && operation === null;
  // A failed session is shown (with its Retry) by SessionFailedAlert, not here.
  const failed = status === 'failed';
  const settled = !failed && (notice !== null || error !== null);
  const destination = continuePath ?? (status === 'registered' ? PATHS.account : PATHS.login);

  useEffect(() => {
    // Once: a code works only once, so a failure is not retried with it.
    if (!ready || sentRef.current) return;
    sentRef.current = true;
    send({ type: 'APPLY_EMAIL_ACTION', oobCode });
  }, [ready, oobCode, send]);

  return (
    <div className="form">
      <WorkingStatus message={failed || settled ? null : 'Confirming…'} />
      <StatusMessage message={failed ? null : notice?.message} />
      <ErrorMessage message={failed ? null : error?.message} />
      {settled && (
        <div className="form__actions">
          <Link className="button button--primary" to={destination}>
            Continue
          </Link>
        </div>
      )}
    </div>
  );
}

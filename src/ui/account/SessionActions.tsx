import { useId } from 'react';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { useSessionOperation } from '../session';
import type { AccountActions } from './useAccountActions';

interface SessionActionsProps extends AccountActions {
  unavailable: boolean;
}

/** Sign out and refresh the session (billing is in the plan section). */
export function SessionActions({ unavailable, act, feedbackFor }: SessionActionsProps) {
  const operation = useSessionOperation();
  const { error, notice } = feedbackFor('session');
  const titleId = useId();
  const hintId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Session
      </h2>
      <ErrorMessage message={error?.message} />
      <StatusMessage message={notice?.message} />
      <p id={hintId} className="card__hint">
        "Check for updates" loads changes made elsewhere, such as an email address you verified.
      </p>
      <div className="form__actions">
        <BusyButton
          variant="primary"
          busy={operation === 'signOut'}
          busyLabel="Signing out…"
          unavailable={unavailable}
          onClick={() => act('session', { type: 'SIGN_OUT' })}
        >
          Sign out
        </BusyButton>
        <BusyButton
          busy={operation === 'refreshSession'}
          busyLabel="Checking…"
          unavailable={unavailable}
          aria-describedby={hintId}
          onClick={() => act('session', { type: 'REFRESH_SESSION' })}
        >
          Check for updates
        </BusyButton>
      </div>
    </section>
  );
}

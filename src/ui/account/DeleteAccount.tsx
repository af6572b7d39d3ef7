import { EmailAddress } from '../text/EmailAddress';
import { useId, useState, type FormEvent } from 'react';
import type { SessionUser } from '../../machines/session/sessionTypes';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage } from '../forms/FormMessages';
import { SafeForm } from '../forms/SafeForm';
import { TextField } from '../forms/TextField';
import { useReauthenticationFor, useSessionOperation } from '../session';
import { ReauthenticateForm } from './ReauthenticateForm';
import type { AccountActions } from './useAccountActions';
import { ModalDialog } from '../dialog/ModalDialog';
import { closeDialog, useModalDialog } from '../dialog/useModalDialog';

const CONFIRMATION_WORD = 'DELETE';
const CONFIRMATION_MAX_LENGTH = 32;

interface DeleteAccountProps extends AccountActions {
  user: SessionUser;
  unavailable: boolean;
}

/** Deleting is confirmed in a modal dialog by typing a word; it may ask for a recent sign-in. */
export function DeleteAccount({ user, unavailable, act, feedbackFor }: DeleteAccountProps) {
  const operation = useSessionOperation();
  const reauthenticationFor = useReauthenticationFor();
  const { error } = feedbackFor('delete');
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const errorId = useId();

  const deleting = operation === 'deleteAccount';
  const reauthenticating = reauthenticationFor === 'deleteAccount';
  const message = problem ?? (reauthenticating ? null : error?.message) ?? null;

  const dialogRef = useModalDialog(open);

  const close = () => closeDialog(dialogRef.current, closed);

  /** After the dialog closed (Cancel, Escape): give up a pending re-authentication too. */
  function closed(): void {
    setOpen(false);
    setConfirmation('');
    setProblem(null);
    if (reauthenticating) act('delete', { type: 'CANCEL' });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (unavailable) return;
    if (confirmation.trim() !== CONFIRMATION_WORD) {
      setProblem(`Type ${CONFIRMATION_WORD} in capital letters to confirm.`);
      return;
    }
    setProblem(null);
    act('delete', { type: 'DELETE_ACCOUNT' });
  }

  return (
    <section className="card card--danger" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Delete account
      </h2>
      <p>This removes your account, your CV and your alerts for good.</p>
      <div className="form__actions">
        <BusyButton variant="danger" unavailable={unavailable} onClick={() => setOpen(true)}>
          Delete account…
        </BusyButton>
      </div>
      {open && (
        <ModalDialog
          dialogRef={dialogRef}
          title="Delete your account?"
          onClose={closed}
          keepOpen={deleting || operation === 'reauthenticate'}
        >
          <p>
            This permanently deletes{' '}
            {user.email ? <EmailAddress address={user.email} /> : 'your account'} and everything
            saved with it. It cannot be undone.
          </p>
          {reauthenticating ? (
            <ReauthenticateForm
              user={user}
              reason="deleteAccount"
              busy={operation === 'reauthenticate'}
              error={error}
              onConfirm={(event) => act('delete', event)}
              onCancel={close}
            />
          ) : (
            <SafeForm className="form" onSubmit={handleSubmit}>
              <ErrorMessage id={errorId} message={message} />
              <TextField
                label={`Type ${CONFIRMATION_WORD} to confirm`}
                name="confirmation"
                autoComplete="off"
                maxLength={CONFIRMATION_MAX_LENGTH}
                autoCapitalize="characters"
                spellCheck={false}
                autoFocus
                value={confirmation}
                onValueChange={setConfirmation}
                invalid={problem !== null}
                describedBy={message ? errorId : undefined}
              />
              <div className="form__actions">
                <BusyButton
                  type="submit"
                  variant="danger"
                  busy={deleting}
                  busyLabel="Deleting…"
                  unavailable={unavailable}
                >
                  Delete account
                </BusyButton>
                <BusyButton variant="quiet" unavailable={deleting} onClick={close}>
                  Cancel
                </BusyButton>
              </div>
            </SafeForm>
          )}
        </ModalDialog>
      )}
    </section>
  );
}

import { useId, useState } from 'react';
import type { ProfileSlot } from '../../../contract';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage } from '../forms/FormMessages';
import { ModalDialog } from '../dialog/ModalDialog';
import { closeDialog, useModalDialog } from '../dialog/useModalDialog';
import { useProfileSend, useProfileView } from './hooks';
import { forgetDraft } from './profileDraft';

/** Deletes the profile in `slot` and its CV, after a confirmation in a modal dialog. */
export function DeleteProfile({
  uid,
  slot,
  onDelete,
}: {
  uid: string;
  slot: ProfileSlot;
  /** Called as the deletion starts (the page says when it is done). */
  onDelete(): void;
}) {
  const view = useProfileView();
  const send = useProfileSend();
  const [open, setOpen] = useState(false);
  const dialogRef = useModalDialog(open);
  const titleId = useId();
  const deleting = view.status === 'deletingProfile';
  const busy = view.changing && !deleting;
  const failed = view.failedOperation === 'deleteProfile' ? view.error : null;

  const close = () => closeDialog(dialogRef.current, () => setOpen(false));

  function confirm(): void {
    // What was typed into this profile goes with it.
    forgetDraft(uid, slot);
    send({ type: 'DELETE_PROFILE' });
    onDelete();
    close();
  }

  return (
    <section className="card card--danger" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Delete profile {slot}
      </h2>
      <p>This removes this alert profile and its CV. Your other profiles stay.</p>
      <ErrorMessage message={failed?.message} />
      <div className="form__actions">
        <BusyButton
          variant="danger"
          busy={deleting}
          busyLabel="Deleting…"
          unavailable={busy}
          onClick={() => setOpen(true)}
        >
          Delete profile {slot}…
        </BusyButton>
      </div>
      {open && (
        <ModalDialog
          dialogRef={dialogRef}
          title={`Delete profile ${slot}?`}
          onClose={() => setOpen(false)}
        >
          <p>Its alerts stop, and its CV is deleted. It cannot be undone.</p>
          <div className="form__actions">
            <BusyButton variant="danger" autoFocus onClick={confirm}>
              Delete profile {slot}
            </BusyButton>
            <BusyButton variant="quiet" onClick={close}>
              Cancel
            </BusyButton>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { HIDE_REASONS, type HideReason } from '../../../contract';
import { BusyButton } from '../forms/BusyButton';
import { ModalDialog } from '../dialog/ModalDialog';
import { closeDialog, useModalDialog } from '../dialog/useModalDialog';
import { HIDE_REASON_LABELS } from './actionLabels';

/** Asks why to hide `job` (one of `HIDE_REASONS`) in a modal dialog; Escape or Cancel keeps it. */
export function HideDialog({
  job,
  onHide,
  onCancel,
}: {
  /** "Senior Frontend Engineer at Acme Cloud". */
  job: string;
  onHide(reason: HideReason): void;
  onCancel(): void;
}) {
  const dialogRef = useModalDialog(true);
  const describedBy = useId();
  const name = useId();
  const [reason, setReason] = useState<HideReason | null>(null);
  const [unchosen, setUnchosen] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (reason === null) {
      setUnchosen(true);
      return;
    }
    closeDialog(dialogRef.current, () => undefined);
    onHide(reason);
  }

  return (
    <ModalDialog
      dialogRef={dialogRef}
      title="Hide this job?"
      describedBy={describedBy}
      onClose={onCancel}
    >
      <p id={describedBy}>
        {job} leaves your matches and never alerts you again. You can undo it right after.
      </p>
      <form className="hide-dialog" noValidate onSubmit={submit}>
        <fieldset className="hide-dialog__reasons">
          <legend className="field__label">Why hide it?</legend>
          {HIDE_REASONS.map((value, index) => (
            <label key={value} className="hide-dialog__reason">
              <input
                type="radio"
                name={name}
                value={value}
                autoFocus={index === 0}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setUnchosen(false);
                }}
              />
              {HIDE_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {unchosen && (
          <p role="alert" className="form-message form-message--error">
            Choose why to hide it.
          </p>
        )}
        <div className="form__actions">
          <BusyButton type="submit" variant="danger">
            Hide
          </BusyButton>
          <BusyButton variant="quiet" onClick={() => closeDialog(dialogRef.current, onCancel)}>
            Cancel
          </BusyButton>
        </div>
      </form>
    </ModalDialog>
  );
}

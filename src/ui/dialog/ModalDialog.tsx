import { useId, type ReactNode, type RefObject } from 'react';

interface ModalDialogProps {
  /** From `useModalDialog(open)`, which shows it as a modal. */
  dialogRef: RefObject<HTMLDialogElement | null>;
  title: ReactNode;
  /** After it closed (its own Cancel, or Escape). */
  onClose?: () => void;
  /** Escape does not close it: an operation is running, or the choice must be made. */
  keepOpen?: boolean;
  /** The id of the text that says what the dialog is about. */
  describedBy?: string;
  children: ReactNode;
}

/** The app's modal `<dialog>`, named by its title. */
export function ModalDialog({
  dialogRef,
  title,
  onClose,
  keepOpen = false,
  describedBy,
  children,
}: ModalDialogProps) {
  const titleId = useId();
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
      onCancel={(event) => {
        if (keepOpen) event.preventDefault();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

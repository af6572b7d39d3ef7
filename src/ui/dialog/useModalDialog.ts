import { useEffect, useRef, type RefObject } from 'react';

/** A `<dialog>` shown as a modal (focus trapped, the page inert) while `open` is true. */
export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog || dialog.open) return;
    // jsdom has no showModal; the attribute is enough there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, [open]);
  return dialogRef;
}

/**
 * Closes `dialog`; its `close` event then runs the caller's handler. A dialog that is not open as
 * such (jsdom without `close`) calls `closed` at once instead.
 */
export function closeDialog(dialog: HTMLDialogElement | null, closed: () => void): void {
  if (dialog?.open && typeof dialog.close === 'function') dialog.close();
  else closed();
}

import { useId, useRef, type FocusEvent } from 'react';
import type { AlertMatch } from '../../../contract';

/**
 * A match that arrived while the page is open, shown where the person is looking (fixed at the
 * bottom of the window) with a way to its card. It never takes focus: the page's live region
 * speaks the arrival, and this is a labelled region a keyboard reaches after the list's status.
 */
export function ArrivalToast({
  alert,
  onShow,
  onDismiss,
}: {
  alert: AlertMatch;
  onShow: () => void;
  onDismiss: () => void;
}) {
  const titleId = useId();
  // Where focus was before it came into the toast, to give it back when the toast goes away.
  const cameFrom = useRef<HTMLElement | null>(null);
  const remember = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
  };
  const dismiss = () => {
    const back = cameFrom.current;
    onDismiss();
    if (back?.isConnected) back.focus();
  };
  return (
    <section className="toast" aria-labelledby={titleId} onFocus={remember}>
      <h2 id={titleId} className="toast__title">
        New match
      </h2>
      <p className="toast__text">
        {alert.title} at {alert.company}
      </p>
      <button type="button" className="button button--primary toast__show" onClick={onShow}>
        Show
      </button>
      <button type="button" className="toast__dismiss" aria-label="Dismiss" onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}

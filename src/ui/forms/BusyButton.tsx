import type { ButtonHTMLAttributes, Ref } from 'react';

export interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> {
  /** This button's operation is running: show `busyLabel` and ignore presses. */
  busy?: boolean;
  busyLabel?: string;
  /** Something else is running (or the session is not ready): ignore presses. */
  unavailable?: boolean;
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet';
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The one button for session actions. It is never `disabled`, so it keeps focus while it works;
 * presses while busy or unavailable do nothing, which is what stops double submits.
 */
export function BusyButton({
  busy = false,
  busyLabel,
  unavailable = false,
  variant = 'secondary',
  type = 'button',
  className,
  onClick,
  children,
  ...rest
}: BusyButtonProps) {
  const ignoresPresses = busy || unavailable;
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      aria-busy={busy || undefined}
      aria-disabled={ignoresPresses || undefined}
      onClick={(event) => {
        if (ignoresPresses) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {busy ? (
        <>
          <span className="button__spinner" aria-hidden="true" />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}

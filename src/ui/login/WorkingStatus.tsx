/**
 * What runs on its own, with a spinner. Like the form messages it stays in the page while empty,
 * so screen readers are already watching it; only a message gets the box (an empty one takes no room).
 */
export function WorkingStatus({ message }: { message: string | null }) {
  return (
    <p
      role="status"
      className={
        message ? 'form-message form-message--pending session-page__loading' : 'form-message'
      }
    >
      {message && (
        <>
          <span className="button__spinner" aria-hidden="true" />
          {message}
        </>
      )}
    </p>
  );
}

import { BusyButton } from './BusyButton';
import { ErrorMessage } from './FormMessages';

/** "Loading your profile…" while a page's data loads, and why it never will without JavaScript. */
export function PageLoading({ what }: { what: string }) {
  return (
    <>
      <p role="status" className="session-page__loading">
        <span className="button__spinner" aria-hidden="true" />
        Loading your {what}…
      </p>
      <noscript>
        <p className="form-message form-message--pending">
          ApplyFirst needs JavaScript for your {what}. Turn it on in your browser’s settings, then
          reload this page.
        </p>
      </noscript>
    </>
  );
}

/** A page's data could not be loaded: the message as an alert, then the button that retries. */
export function PageLoadFailed({
  message,
  onRetry,
}: {
  message: string | undefined;
  onRetry(): void;
}) {
  return (
    <div className="session-page__failed">
      <ErrorMessage message={message} />
      <BusyButton variant="primary" onClick={onRetry}>
        Try again
      </BusyButton>
    </div>
  );
}

import { useId } from 'react';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage } from '../forms/FormMessages';
import { onFirstUse } from '../text/onFirstUse';
import { CV_ACCEPT, CV_MAX_MB } from './cvFile';
import { useProfileSend, useProfileView } from './hooks';

/** A short date and time that fits a phone's line: "Nov 27, 2026, 6:42 PM" in US English. */
const uploadedAt = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The CV: upload, replace or remove it; the file's text never reaches the browser's storage. */
export function CvSection() {
  const view = useProfileView();
  const send = useProfileSend();
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const uploading = view.status === 'uploading';
  const removing = view.status === 'removingCv';
  const busy = view.changing;
  const failed =
    view.failedOperation === 'upload' || view.failedOperation === 'remove' ? view.error : null;
  const message = failed?.message ?? null;

  return (
    <section className="card cv" aria-labelledby={titleId} aria-busy={uploading || undefined}>
      <h2 id={titleId} className="form__title">
        Your CV
      </h2>
      <p className="session-page__intro">
        We read the skills in your CV to match jobs and suggest skills for your profile. PDF, Word
        (.docx) or plain text, up to {CV_MAX_MB} MB.
      </p>
      <ErrorMessage id={errorId} message={message} />
      {view.cv && (
        <p className="cv__summary">
          Your CV: <span className="cv__name">{view.cv.fileName}</span>,{' '}
          {formatSize(view.cv.sizeBytes)}, uploaded{' '}
          <time className="cv__time" dateTime={view.cv.uploadedAt}>
            {uploadedAt().format(new Date(view.cv.uploadedAt))}
          </time>
          .
        </p>
      )}
      <input
        id={inputId}
        type="file"
        name="cv"
        accept={CV_ACCEPT}
        className="visually-hidden file-picker__input"
        aria-describedby={message ? errorId : undefined}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          // Never disabled, so it keeps the focus: a file chosen while busy is ignored. The
          // machine refuses one too large to send, with the catalogue's message.
          if (file && !busy) send({ type: 'UPLOAD_CV', file });
        }}
      />
      <label htmlFor={inputId} className="button button--secondary file-picker__button">
        {view.cv ? 'Replace your CV' : 'Upload your CV'}
      </label>
      {uploading && (
        <p role="status" className="session-page__loading">
          <span className="button__spinner" aria-hidden="true" />
          Uploading your CV…
        </p>
      )}
      {view.cv && (
        <BusyButton
          variant="danger"
          busy={removing}
          busyLabel="Removing…"
          unavailable={busy && !removing}
          onClick={() => send({ type: 'REMOVE_CV' })}
        >
          Remove your CV
        </BusyButton>
      )}
    </section>
  );
}

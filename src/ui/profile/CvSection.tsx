import { useId, useState } from 'react';
import { CV_MAX_BYTES } from '../../../contract';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage } from '../forms/FormMessages';
import { useProfileSend, useProfileView } from './hooks';

const ACCEPTED =
  '.pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';

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
  const [tooLarge, setTooLarge] = useState(false);
  const uploading = view.status === 'uploading';
  const removing = view.status === 'removingCv';
  const busy = view.changing;
  const failed =
    view.failedOperation === 'upload' || view.failedOperation === 'remove' ? view.error : null;
  const message = tooLarge
    ? 'Your CV is larger than 5 MB. Please upload a smaller file.'
    : (failed?.message ?? null);

  return (
    <section className="card cv" aria-labelledby={titleId} aria-busy={uploading || undefined}>
      <h2 id={titleId} className="form__title">
        Your CV
      </h2>
      <p className="session-page__intro">
        We read the skills in your CV to match jobs and suggest skills for your profile. PDF, Word
        (.docx) or plain text, up to 5 MB.
      </p>
      <ErrorMessage id={errorId} message={message} />
      {view.cv && (
        <dl className="cv__details">
          <dt>File</dt>
          <dd>{view.cv.fileName}</dd>
          <dt>Size</dt>
          <dd>{formatSize(view.cv.sizeBytes)}</dd>
          <dt>Uploaded</dt>
          <dd>
            <time dateTime={view.cv.uploadedAt}>
              {new Date(view.cv.uploadedAt).toLocaleString()}
            </time>
          </dd>
        </dl>
      )}
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {view.cv ? 'Replace your CV' : 'Upload your CV'}
        </label>
        <input
          id={inputId}
          type="file"
          name="cv"
          accept={ACCEPTED}
          className="cv__file"
          aria-describedby={message ? errorId : undefined}
          aria-invalid={message ? true : undefined}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setTooLarge(file.size > CV_MAX_BYTES);
            if (file.size <= CV_MAX_BYTES) send({ type: 'UPLOAD_CV', file });
          }}
        />
      </div>
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

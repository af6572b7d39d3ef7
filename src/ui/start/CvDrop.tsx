import { useId, useState, type DragEvent } from 'react';
import { ErrorMessage } from '../forms/FormMessages';
import { CV_ACCEPT, CV_MAX_MB } from '../profile/cvFile';
import { useProfileSend, useProfileView } from '../profile/hooks';
import { proposesRolesOrSkills } from './startDraft';

/**
 * The CV: dropped on the zone or chosen with its button (a real file input, so the keyboard and
 * screen readers use it as any other). While the backend reads it, a live region says so; the
 * input is never disabled, so it keeps the focus, and a file chosen meanwhile is ignored. The
 * machine refuses a file too large to send, with the catalogue's message, as the backend would.
 */
export function CvDrop() {
  const view = useProfileView();
  const send = useProfileSend();
  const ids = { title: useId(), input: useId(), hint: useId(), error: useId() };
  const [dragging, setDragging] = useState(false);
  const [sentHere, setSentHere] = useState(false);
  const reading = view.status === 'uploading';
  const failed = view.failedOperation === 'upload' ? view.error : null;
  const message = failed?.message ?? null;
  const read = sentHere && !reading && failed === null && view.cv !== null;
  const readMessage = proposesRolesOrSkills(view.cv?.proposals)
    ? 'We read your CV. Check what it proposes below.'
    : 'We read your CV but found no role or skill in it. Add a role and a few skills below.';

  function take(file: File | undefined): void {
    if (!file || view.changing) return;
    setSentHere(true);
    send({ type: 'UPLOAD_CV', file });
  }

  const over = (event: DragEvent) => {
    event.preventDefault();
    setDragging(true);
  };

  return (
    <section className="card start-cv" aria-labelledby={ids.title} aria-busy={reading || undefined}>
      <h2 id={ids.title} className="form__title">
        Your CV
      </h2>
      <div
        className={dragging ? 'drop-zone drop-zone--over' : 'drop-zone'}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer.files[0]);
        }}
      >
        <p id={ids.hint} className="drop-zone__hint">
          Drop your CV here, or choose the file: PDF, Word (.docx) or plain text, up to {CV_MAX_MB}{' '}
          MB.
        </p>
        <input
          id={ids.input}
          type="file"
          name="cv"
          accept={CV_ACCEPT}
          className="visually-hidden file-picker__input"
          aria-describedby={message ? `${ids.hint} ${ids.error}` : ids.hint}
          aria-invalid={message ? true : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            take(file);
          }}
        />
        <label htmlFor={ids.input} className="button button--primary file-picker__button">
          {view.cv ? 'Choose another CV' : 'Choose your CV'}
        </label>
        {view.cv && !reading && (
          <p className="drop-zone__file">
            Your CV: <span className="start-cv__name">{view.cv.fileName}</span>. Another one
            replaces it.
          </p>
        )}
      </div>
      <ErrorMessage id={ids.error} message={message} />
      <p role="status" className="start-cv__status">
        {reading && <span className="button__spinner" aria-hidden="true" />}
        {reading ? 'Reading your CV…' : read ? readMessage : ''}
      </p>
    </section>
  );
}

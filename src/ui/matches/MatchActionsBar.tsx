import { lazy, Suspense, useState } from 'react';
import type { HideReason, JobMatch } from '../../../contract';
import { failureOf, isPending, keptStateOf } from '../../machines/matches/matchActionsTypes';
import { BusyButton } from '../forms/BusyButton';
import { failureText, localDay } from './actionLabels';
import { useMatchesSend, useMatchesView } from './hooks';

// Loaded when first opened: it is no part of the matches page's first load.
const HideDialog = lazy(async () => ({ default: (await import('./HideDialog')).HideDialog }));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A card's Save, Mark applied (with the day) and Hide, each busy while its change is on its way. */
export function MatchActionsBar({
  match,
}: {
  match: Pick<JobMatch, 'jobId' | 'title' | 'company'>;
}) {
  const view = useMatchesView();
  const send = useMatchesSend();
  const [hiding, setHiding] = useState(false);
  const { jobId } = match;
  const kept = keptStateOf(view.actions, jobId);
  const unavailable = view.actionsStatus !== 'ready';
  const failure = failureOf(view, jobId);
  const job = `${match.title} at ${match.company}`;
  const applying = isPending(view, jobId, 'apply');

  function hide(reason: HideReason): void {
    setHiding(false);
    send({ type: 'HIDE', jobId, reason });
  }

  return (
    <div className="match__actions">
      <BusyButton
        aria-pressed={kept.saved}
        busy={isPending(view, jobId, 'save')}
        busyLabel={kept.saved ? 'Unsaving…' : 'Saving…'}
        unavailable={unavailable}
        aria-label={`${kept.saved ? 'Saved' : 'Save'}: ${job}`}
        onClick={() => send({ type: 'SAVE', jobId, saved: !kept.saved })}
      >
        {kept.saved ? 'Saved' : 'Save'}
      </BusyButton>
      {kept.appliedOn === null ? (
        <BusyButton
          busy={applying}
          busyLabel="Marking…"
          unavailable={unavailable}
          aria-label={`Mark applied: ${job}`}
          onClick={() => send({ type: 'APPLY', jobId, appliedOn: localDay() })}
        >
          Mark applied
        </BusyButton>
      ) : (
        <span className="match__applied">
          <label>
            Applied on{' '}
            <input
              // A new day from the backend starts the input afresh; typing is the browser's.
              key={kept.appliedOn}
              type="date"
              defaultValue={kept.appliedOn}
              max={localDay()}
              aria-busy={applying || undefined}
              onChange={(event) => {
                const day = event.currentTarget.value;
                if (!unavailable && DAY.test(day) && day !== kept.appliedOn) {
                  send({ type: 'APPLY', jobId, appliedOn: day });
                }
              }}
            />
          </label>
          <BusyButton
            variant="quiet"
            busy={applying}
            busyLabel="Saving…"
            unavailable={unavailable}
            aria-label={`Not applied: ${job}`}
            onClick={() => send({ type: 'APPLY', jobId, appliedOn: null })}
          >
            Not applied
          </BusyButton>
        </span>
      )}
      <BusyButton
        variant="quiet"
        busy={isPending(view, jobId, 'hide')}
        busyLabel="Hiding…"
        unavailable={unavailable}
        aria-haspopup="dialog"
        aria-label={`Hide: ${job}`}
        onClick={() => setHiding(true)}
      >
        Hide…
      </BusyButton>
      {failure && (
        <p role="alert" className="form-message form-message--error match__failure">
          {failureText(failure)}
        </p>
      )}
      {hiding && (
        <Suspense fallback={null}>
          <HideDialog job={job} onHide={hide} onCancel={() => setHiding(false)} />
        </Suspense>
      )}
    </div>
  );
}

import { lazy, Suspense, useState } from 'react';
import type { HideReason, JobMatch } from '../../../contract';
import { failureOf, isPending, keptStateOf } from '../../machines/matches/matchActionsTypes';
import { BusyButton } from '../forms/BusyButton';
import { failureText, localDay } from './actionLabels';
import { AppliedOnField } from './AppliedOnField';
import { useMatchesSend, useMatchesView } from './hooks';

// Loaded when first opened: it is no part of the matches page's first load.
const HideDialog = lazy(async () => ({ default: (await import('./HideDialog')).HideDialog }));

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
          <AppliedOnField
            appliedOn={kept.appliedOn}
            busy={applying}
            unavailable={unavailable}
            onDay={(day) => send({ type: 'APPLY', jobId, appliedOn: day })}
          />
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

import type { MatchAction } from '../../../contract';
import { failureOf, isPending } from '../../machines/matches/matchActionsTypes';
import { BusyButton } from '../forms/BusyButton';
import { PageLoadFailed, PageLoading } from '../forms/PageLoading';
import { dayText, failureText, HIDE_REASON_LABELS } from './actionLabels';
import { HiddenCompanies } from './HiddenCompanies';
import { useMatchesSend, useMatchesView } from './hooks';

export type ActedView = 'saved' | 'applied';

const EMPTY: Record<ActedView, string> = {
  saved: 'No saved jobs yet. Save a match to keep it here.',
  applied: 'No jobs marked applied yet.',
};

/** One saved or applied job: what, where, when applied, whether closed, and the way to undo it. */
function ActedItem({ action, view: which }: { action: MatchAction; view: ActedView }) {
  const view = useMatchesView();
  const send = useMatchesSend();
  const { jobId } = action;
  const failure = failureOf(view, jobId);
  const job = `${action.title} at ${action.company}`;
  return (
    <li className="card acted">
      <h2 className="card__title">
        <a href={action.applyUrl} rel="noopener noreferrer">
          {action.title}
        </a>
      </h2>
      <p className="match__company">{action.company}</p>
      {action.closed && <p className="acted__closed">Closed: the posting is no longer open.</p>}
      {action.hidden !== null && (
        <p className="acted__hidden">
          Hidden from your matches: {HIDE_REASON_LABELS[action.hidden].toLowerCase()}.
        </p>
      )}
      {action.appliedOn !== null && (
        <p>
          Applied on <time dateTime={action.appliedOn}>{dayText(action.appliedOn)}</time>
        </p>
      )}
      {which === 'saved' ? (
        <BusyButton
          variant="quiet"
          busy={isPending(view, jobId, 'save')}
          busyLabel="Unsaving…"
          aria-label={`Unsave: ${job}`}
          onClick={() => send({ type: 'SAVE', jobId, saved: false })}
        >
          Unsave
        </BusyButton>
      ) : (
        <BusyButton
          variant="quiet"
          busy={isPending(view, jobId, 'apply')}
          busyLabel="Saving…"
          aria-label={`Not applied: ${job}`}
          onClick={() => send({ type: 'APPLY', jobId, appliedOn: null })}
        >
          Not applied
        </BusyButton>
      )}
      {failure && (
        <p role="alert" className="form-message form-message--error">
          {failureText(failure)}
        </p>
      )}
    </li>
  );
}

/**
 * The Saved or the Applied view: the jobs the backend keeps so, most recently changed first, and
 * below them the companies the profile hides.
 */
export function ActedList({ view: which }: { view: ActedView }) {
  const view = useMatchesView();
  const send = useMatchesSend();
  if (view.actionsStatus === 'loading') return <PageLoading what={`${which} jobs`} />;
  if (view.actionsStatus === 'failed') {
    return (
      <PageLoadFailed
        message={view.actionsError?.message}
        onRetry={() => send({ type: 'RETRY_ACTIONS' })}
      />
    );
  }
  const listed = view.actions.filter((action) =>
    which === 'saved' ? action.saved : action.appliedOn !== null,
  );
  return (
    <>
      {listed.length === 0 ? (
        <p>{EMPTY[which]}</p>
      ) : (
        <ol className="matches-page__list">
          {listed.map((action) => (
            <ActedItem key={action.jobId} action={action} view={which} />
          ))}
        </ol>
      )}
      <HiddenCompanies />
    </>
  );
}

import { useId } from 'react';
import { Link } from 'react-router-dom';
import { BusyButton } from './forms/BusyButton';
import { PageLoadFailed, PageLoading } from './forms/PageLoading';
import { useMatchesSend, useMatchesView } from './matches/hooks';
import { MatchCard } from './matches/MatchCard';
import { NoMatchesYet, NoProfileYet } from './matches/MatchesEmpty';
import { useSessionStatus } from './session';
import { SessionFailure } from './session/SessionFailure';
import { loginPath, PATHS } from '../paths';
import './forms.css';
import './matches/matches.css';

function countOf(matches: number): string {
  if (matches === 0) return 'No matches yet.';
  return matches === 1 ? '1 match.' : `${matches} matches, best first.`;
}

/** `/matches`: the open jobs that fit the profile, best first. Guests see theirs too. */
export function MatchesPage() {
  const sessionStatus = useSessionStatus();
  const view = useMatchesView();
  const send = useMatchesSend();
  const titleId = useId();
  const loading =
    sessionStatus === 'restoring' || view.status === 'idle' || view.status === 'loading';
  const refreshing = view.status === 'refreshing';
  const failed = view.status === 'failed';
  const checkedAt = view.checkedAt;
  const shown = !loading && checkedAt !== null;

  return (
    <section
      className="session-page session-page--wide matches-page"
      aria-labelledby={titleId}
      aria-busy={loading || refreshing || undefined}
    >
      <h1 id={titleId} className="session-page__title">
        Your matches
      </h1>
      <p className="session-page__intro">
        Open tech jobs that fit your profile, with why they fit and what they ask that you lack.
      </p>
      <SessionFailure />
      {loading && sessionStatus !== 'failed' && !failed && <PageLoading what="matches" />}
      {failed && (
        <PageLoadFailed message={view.error?.message} onRetry={() => send({ type: 'RETRY' })} />
      )}
      {/* With the answer, not before it: appearing on its own, it would push the page down. */}
      {shown && sessionStatus === 'guest' && (
        <p className="session-page__invite">
          <Link to={loginPath({ next: PATHS.matches })}>
            Create an account to get new matches by e-mail
          </Link>
        </p>
      )}
      {shown && view.profileMissing && <NoProfileYet />}
      {shown && !view.profileMissing && view.matches.length === 0 && (
        <NoMatchesYet watching={view.watching} />
      )}
      {shown && !failed && !view.profileMissing && (
        <div className="matches-page__bar">
          <p role="status">
            {refreshing ? 'Checking for new matches…' : countOf(view.matches.length)}
          </p>
          <BusyButton
            busy={refreshing}
            busyLabel="Refreshing…"
            onClick={() => send({ type: 'REFRESH' })}
          >
            Refresh
          </BusyButton>
        </div>
      )}
      {shown && view.matches.length > 0 && (
        <ol className="matches-page__list">
          {view.matches.map((match) => (
            <li key={match.jobId}>
              <MatchCard match={match} checkedAt={checkedAt} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

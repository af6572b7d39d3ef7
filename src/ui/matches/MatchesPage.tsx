import { lazy, Suspense, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AlertMatch, ProfileSlot } from '../../../contract';
import { isHidden } from '../../machines/matches/matchActionsTypes';
import { activeProfiles } from '../../machines/matches/matchesTypes';
import { BusyButton } from '../forms/BusyButton';
import { PageLoadFailed, PageLoading } from '../forms/PageLoading';
import { useMatchesSend, useMatchesView } from './hooks';
import { HiddenNotice } from './HiddenNotice';
import { MatchActionsBar } from './MatchActionsBar';
import { MatchesViewNav, pageViewOf } from './MatchesViewNav';
import { MatchCard, matchCardId } from './MatchCard';
import { NoMatchesYet, NoProfileYet, ProfileNotInPlan } from './MatchesEmpty';
import { slotName, slotPath } from '../profile/profileSlots';
import { SlotNav } from '../profile/SlotNav';
import { useSessionStatus, useSessionUser } from '../session';
import { SessionFailedAlert } from '../session/SessionFailedAlert';
import { LazyPushControl } from '../push/LazyPushControl';
import { loginPath, PATHS } from '../../paths';
import '../forms/forms.css';
import './matches.css';

// Shown only once the seeker's actions are read: no part of the page's first load.
const ActedList = lazy(async () => ({
  default: (await import('./ActedList')).ActedList,
}));
const MatchSuggestions = lazy(async () => ({
  default: (await import('./MatchSuggestions')).MatchSuggestions,
}));
// Read after the list: it needs the plan, which the page's first load does not.
const DigestNote = lazy(async () => ({ default: (await import('./DigestNote')).DigestNote }));
// Only for a match arriving while the page is open; fixed to the window, so it moves nothing.
const ArrivalToast = lazy(async () => ({
  default: (await import('./ArrivalToast')).ArrivalToast,
}));

function countOf(matches: number, fresh: number): string {
  if (matches === 0) return 'No matches yet.';
  if (matches === 1) return '1 match.';
  return fresh > 0 ? `${matches} matches, new first.` : `${matches} matches, best first.`;
}

/** What a screen reader hears of a match that just arrived. */
function announcementOf(match: AlertMatch, fits: string | undefined): string {
  const what = `New match: ${match.title} at ${match.company}`;
  return fits ? `${what}, for ${fits}` : what;
}

/**
 * `/matches?slot=N`: the open jobs that fit one of the user's profiles, best first, and the new
 * alerts for any of them. Guests see theirs too.
 */
export function MatchesPage({ slot }: { slot: ProfileSlot }) {
  const sessionStatus = useSessionStatus();
  const emailVerified = useSessionUser()?.emailVerified === true;
  const view = useMatchesView();
  const send = useMatchesSend();
  const titleId = useId();
  const which = pageViewOf(useSearchParams()[0].get('view'));
  // Which arrival's toast was closed, and which card Show last brought into view: the page's own.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  // Until the machine has this slot (the address just changed), what it holds is another's.
  const loading =
    sessionStatus === 'restoring' ||
    view.status === 'idle' ||
    view.status === 'loading' ||
    view.slot !== slot;
  const refreshing = view.status === 'refreshing';
  const failed = view.status === 'failed';
  const checkedAt = view.checkedAt;
  const shown = !loading && checkedAt !== null;
  // A hidden job leaves at once, before the backend answers (and comes back if it refuses).
  const newAlerts = view.newAlerts.filter((alert) => !isHidden(view, alert.jobId));
  const matches = view.matches.filter((match) => !isHidden(view, match.jobId));
  const total = newAlerts.length + matches.length;
  // The profile's matches can be shown (or its saved and applied jobs).
  const ready = shown && view.active && !view.profileMissing;
  const listing = ready && which === 'matches';
  const active = activeProfiles(view.profiles);
  // With one profile, every alert is for it: naming it would only repeat.
  const fitsOf = (alertSlot: ProfileSlot) =>
    active.length > 1
      ? slotName(
          alertSlot,
          active.find((entry) => entry.slot === alertSlot),
        )
      : undefined;
  const toast = shown && view.arrived?.alertId !== dismissed ? view.arrived : null;
  const showArrived = (alert: AlertMatch) => {
    setDismissed(alert.alertId);
    setHighlighted(alert.jobId);
    const card = document.getElementById(matchCardId(alert.jobId));
    card?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: 'start' });
  };
  const choices = active.map((entry) => ({
    slot: entry.slot,
    name: slotName(entry.slot, entry),
    to: slotPath(PATHS.matches, entry.slot),
  }));

  return (
    <section
      className="session-page session-page--wide matches-page"
      aria-labelledby={titleId}
      aria-busy={loading || refreshing || undefined}
    >
      <h1 id={titleId} className="session-page__title">
        Your matches
      </h1>
      {/* The page's largest text, painted from the prerendered HTML for every visitor: nothing
          shown once the session is known may outgrow it (the largest contentful paint). */}
      <p className="session-page__intro lead">
        Open US and remote tech jobs that fit your profile, best first: why each one fits, the
        skills it asks that you lack, how fresh it is and where to apply.
      </p>
      <SessionFailedAlert />
      {shown && choices.length > 1 && (
        <SlotNav label="Whose matches to show" items={choices} current={slot} />
      )}
      {loading && sessionStatus !== 'failed' && !failed && <PageLoading what="matches" />}
      {failed && (
        <PageLoadFailed message={view.error?.message} onRetry={() => send({ type: 'RETRY' })} />
      )}
      {/* With the answer, not before it: appearing on its own, it would push the page down. */}
      {shown && sessionStatus === 'guest' && (
        <p className="session-page__invite">
          <Link to={loginPath({ next: slotPath(PATHS.matches, slot) })}>
            Create an account to get new matches by e-mail
          </Link>
        </p>
      )}
      {shown && !view.active && <ProfileNotInPlan slot={slot} />}
      {shown && view.active && view.profileMissing && <NoProfileYet slot={slot} />}
      {listing && <LazyPushControl />}
      {/* Always there, so a screen reader hears what is put in it later. */}
      <p className="visually-hidden" aria-live="polite">
        {view.arrived && announcementOf(view.arrived, fitsOf(view.arrived.slot))}
      </p>
      {ready && <MatchesViewNav slot={slot} current={which} />}
      <Suspense fallback={null}>
        {ready && which !== 'matches' && <ActedList view={which} />}
        {listing && <MatchSuggestions slot={slot} />}
      </Suspense>
      <HiddenNotice />
      {listing && total === 0 && <NoMatchesYet watching={view.watching} slot={slot} />}
      {listing && !failed && (
        <div className="matches-page__bar">
          <p role="status">
            {refreshing ? 'Checking for new matches…' : countOf(total, newAlerts.length)}
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
      {toast && which === 'matches' && (
        <Suspense fallback={null}>
          <ArrivalToast
            key={toast.alertId}
            alert={toast}
            onShow={() => showArrived(toast)}
            onDismiss={() => setDismissed(toast.alertId)}
          />
        </Suspense>
      )}
      {shown && which === 'matches' && total > 0 && (
        <ol className="matches-page__list">
          {newAlerts.map((alert) => (
            <li key={alert.jobId}>
              <MatchCard
                match={alert}
                checkedAt={checkedAt}
                isNew
                fits={fitsOf(alert.slot)}
                highlighted={alert.jobId === highlighted}
                actions={<MatchActionsBar match={alert} />}
              />
            </li>
          ))}
          {matches.map((match) => (
            <li key={match.jobId}>
              <MatchCard
                match={match}
                checkedAt={checkedAt}
                actions={<MatchActionsBar match={match} />}
              />
            </li>
          ))}
        </ol>
      )}
      {/* Last, so arriving after the list moves nothing. Only verified addresses get e-mails. */}
      {shown && sessionStatus === 'registered' && emailVerified && (
        <Suspense fallback={null}>
          <DigestNote />
        </Suspense>
      )}
    </section>
  );
}

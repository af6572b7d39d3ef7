import { Suspense, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProfileSlot } from '../../../contract';
import { StatusMessage } from '../forms/FormMessages';
import { PageLoadFailed, PageLoading } from '../forms/PageLoading';
import { useProfileSend, useProfileView } from './hooks';
import { ProfileForm } from './ProfileForm';
import { ProfileSlots } from './ProfileSlots';
import {
  CvSection,
  DeleteProfile,
  FollowedCompanies,
  InactiveProfile,
} from './profileSecondaryParts';
import { slotPath } from './profileSlots';
import { useSessionStatus } from '../session';
import { SessionFailedAlert } from '../session/SessionFailedAlert';
import { loginPath, PATHS } from '../../paths';
import '../forms/forms.css';
import './profile.css';

/**
 * `/profile?slot=N`: what the job seeker wants alerts for in one of their profiles, and its CV.
 * Guests can fill it too.
 */
export function ProfilePage({ slot }: { slot: ProfileSlot }) {
  const sessionStatus = useSessionStatus();
  const view = useProfileView();
  const send = useProfileSend();
  const titleId = useId();
  const [deleted, setDeleted] = useState<ProfileSlot | null>(null);
  const [deletedIn, setDeletedIn] = useState(slot);
  // Adjusting state while rendering, as React advises: another profile forgets the message.
  if (deletedIn !== slot) {
    setDeletedIn(slot);
    setDeleted(null);
  }
  // Until the machine has this slot (the address just changed), what it holds is another's.
  const loading =
    sessionStatus === 'restoring' ||
    view.status === 'idle' ||
    view.status === 'loading' ||
    view.slot !== slot;
  const loadFailed = view.status === 'failed';
  const uid = view.uid;
  const holds = view.profile !== null || view.cv !== null;
  const deletedMessage =
    deleted === slot && !holds && view.status === 'ready' ? `Profile ${slot} deleted.` : null;

  return (
    <section
      className="session-page session-page--wide profile-page"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
    >
      <h1 id={titleId} className="session-page__title">
        Your job alert profile
      </h1>
      {/* The page's largest text, painted from the prerendered HTML for every visitor: nothing
          shown once the session is known may outgrow it (the largest contentful paint). */}
      <p className="session-page__intro lead">
        Tell us the roles, skills and places you want, or let your CV tell us. We check every new US
        and remote tech job against them and alert you the moment one fits.
      </p>
      <SessionFailedAlert />
      {uid !== null && !loadFailed && <ProfileSlots slot={slot} loading={loading} />}
      <StatusMessage message={deletedMessage} />
      {loading && sessionStatus !== 'failed' && !loadFailed && <PageLoading what="profile" />}
      {loadFailed && (
        <PageLoadFailed message={view.error?.message} onRetry={() => send({ type: 'RETRY' })} />
      )}
      {!loading && !loadFailed && uid !== null && (
        <>
          {/* With the form, not before it: appearing on its own, it would push the page down. */}
          {sessionStatus === 'guest' && (
            <p className="session-page__invite">
              <Link to={loginPath({ next: slotPath(PATHS.profile, slot) })}>
                Create an account to keep it and get alerts
              </Link>
            </p>
          )}
          {view.status === 'deletingProfile' ? (
            <p role="status" className="session-page__loading">
              <span className="button__spinner" aria-hidden="true" />
              Deleting profile {slot}…
            </p>
          ) : view.active ? (
            <>
              <ProfileForm key={`${uid}/${slot}`} uid={uid} slot={slot} />
              {/* Its own boundary: the form never waits for the parts below it. */}
              <Suspense fallback={null}>
                <CvSection />
                <FollowedCompanies />
              </Suspense>
            </>
          ) : (
            <Suspense fallback={<PageLoading what="profile" />}>
              <InactiveProfile slot={slot} />
            </Suspense>
          )}
          <Suspense fallback={null}>
            {holds && <DeleteProfile uid={uid} slot={slot} onDelete={() => setDeleted(slot)} />}
          </Suspense>
        </>
      )}
    </section>
  );
}

import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PageLoadFailed, PageLoading } from './forms/PageLoading';
import { CvSection } from './profile/CvSection';
import { useProfileSend, useProfileView } from './profile/hooks';
import { ProfileForm } from './profile/ProfileForm';
import { useSessionStatus } from './session';
import { SessionFailure } from './session/SessionFailure';
import { loginPath, PATHS } from '../paths';
import './forms.css';
import './profile/profile.css';

/** `/profile`: what the job seeker wants alerts for, and their CV. Guests can fill it too. */
export function ProfilePage() {
  const sessionStatus = useSessionStatus();
  const view = useProfileView();
  const send = useProfileSend();
  const titleId = useId();
  const loading =
    sessionStatus === 'restoring' || view.status === 'idle' || view.status === 'loading';
  const loadFailed = view.status === 'failed';
  const uid = view.uid;

  return (
    <section
      className="session-page session-page--wide profile-page"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
    >
      <h1 id={titleId} className="session-page__title">
        Your job alert profile
      </h1>
      <p className="session-page__intro">
        Tell us what you are looking for. We alert you the moment a matching job is posted.
      </p>
      <SessionFailure />
      {loading && sessionStatus !== 'failed' && !loadFailed && <PageLoading what="profile" />}
      {loadFailed && (
        <PageLoadFailed message={view.error?.message} onRetry={() => send({ type: 'RETRY' })} />
      )}
      {!loading && !loadFailed && uid !== null && (
        <>
          {/* With the form, not before it: appearing on its own, it would push the page down. */}
          {sessionStatus === 'guest' && (
            <p className="session-page__invite">
              <Link to={loginPath({ next: PATHS.profile })}>
                Create an account to keep it and get alerts
              </Link>
            </p>
          )}
          <ProfileForm key={uid} uid={uid} />
          <CvSection />
        </>
      )}
    </section>
  );
}

import { useId, useState } from 'react';
import { PageLoadFailed, PageLoading } from '../forms/PageLoading';
import { useProfileSend, useProfileView } from '../profile/hooks';
import { readDraft } from '../profile/profileDraft';
import { useSessionStatus } from '../session';
import { SessionFailedAlert } from '../session/SessionFailedAlert';
import { CvDrop } from './CvDrop';
import { StartForm } from './StartForm';
import '../forms/forms.css';
import '../profile/profile.css';
import './start.css';

/**
 * `/start`, the one step after "Start free": a CV, whose proposals the person checks, or a role
 * and a few skills without one; then "Show my matches" saves the first profile and opens them.
 */
export function StartPage() {
  const sessionStatus = useSessionStatus();
  const view = useProfileView();
  const send = useProfileSend();
  const titleId = useId();
  const loading =
    sessionStatus === 'restoring' || view.status === 'idle' || view.status === 'loading';
  const loadFailed = view.status === 'failed';

  return (
    <section
      className="session-page session-page--wide start-page"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
    >
      <h1 id={titleId} className="session-page__title">
        Start with your CV
      </h1>
      {/* The page's largest text, painted from the prerendered HTML for every visitor. */}
      <p className="session-page__intro lead">
        Drop your CV and we propose the roles, skills, level and places to match, for you to check.
        No CV at hand? Start with a role and a few skills. Then see your matches at once.
      </p>
      <SessionFailedAlert />
      {loading && sessionStatus !== 'failed' && !loadFailed && <PageLoading what="profile" />}
      {loadFailed && (
        <PageLoadFailed message={view.error?.message} onRetry={() => send({ type: 'RETRY' })} />
      )}
      {!loading && !loadFailed && view.uid !== null && <StartStep key={view.uid} uid={view.uid} />}
    </section>
  );
}

/** The CV, then the form once there is something to show in it or the person starts without. */
function StartStep({ uid }: { uid: string }) {
  const view = useProfileView();
  const [withoutCv, setWithoutCv] = useState(false);
  const [drafted] = useState(() => readDraft(uid, 1) !== null);
  const formShown = withoutCv || drafted || view.cv !== null || view.profile !== null;
  return (
    <>
      <CvDrop />
      {formShown ? (
        <StartForm uid={uid} focusFirst={withoutCv} />
      ) : (
        <p className="start-page__without">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setWithoutCv(true)}
          >
            Start without a CV
          </button>
        </p>
      )}
    </>
  );
}

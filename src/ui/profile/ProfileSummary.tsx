import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../paths';
import { useProfileView } from './hooks';
import { placesOf } from './placesOf';

/** A few lines about the alert profile on the account page, with a link to edit it. */
export function ProfileSummary() {
  const { status, profile, cv, error } = useProfileView();
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__title">
        Your job alert profile
      </h2>
      {status === 'idle' || status === 'loading' ? (
        <p role="status">Loading your profile…</p>
      ) : status === 'failed' ? (
        <p role="alert">{error?.message}</p>
      ) : profile ? (
        <dl className="cv__details">
          <dt>Roles</dt>
          <dd>{profile.targetRoles.join(', ')}</dd>
          <dt>Where</dt>
          <dd>{placesOf(profile.where) || 'Nowhere chosen yet'}</dd>
          <dt>CV</dt>
          <dd>{cv ? cv.fileName : 'Not uploaded'}</dd>
        </dl>
      ) : (
        <p>You have not set up your job alerts yet.</p>
      )}
      <p>
        <Link to={PATHS.profile}>{profile ? 'Edit your profile' : 'Set up your job alerts'}</Link>
      </p>
    </section>
  );
}

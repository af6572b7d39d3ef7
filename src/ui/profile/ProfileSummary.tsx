import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../paths';
import { useProfileView } from './hooks';
import { ProfileDetails } from './ProfileDetails';

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
        <ProfileDetails profile={profile} cv={cv} />
      ) : (
        <p>You have not set up your job alerts yet.</p>
      )}
      <p>
        <Link to={PATHS.profile}>{profile ? 'Edit your profile' : 'Set up your job alerts'}</Link>
      </p>
    </section>
  );
}

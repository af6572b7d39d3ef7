import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../paths';
import { useCarryOverOffer } from '../session';
import { useProfileView } from './hooks';
import { ProfileDetails } from './ProfileDetails';
import { slotName, slotPath } from './profileSlots';

/**
 * A few lines about the first alert profile on the account page, with a link to edit it, and a
 * link to each other profile the user holds (Pro's, or kept after Pro ended).
 */
export function ProfileSummary() {
  const { status, profile, cv, error, slots } = useProfileView();
  // Until the person chooses what happens to a replaced guest's work, the profile is not read.
  const choosingCarryOver = useCarryOverOffer() !== null;
  const others = status === 'ready' ? slots.filter((entry) => entry.slot !== 1) : [];
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__title">
        Your job alert profile
      </h2>
      {choosingCarryOver ? (
        <p role="status">
          Your profile shows here once you choose what happens to your guest work.
        </p>
      ) : status === 'idle' || status === 'loading' ? (
        <p role="status">Loading your profile…</p>
      ) : status === 'failed' ? (
        <p role="alert">{error?.message}</p>
      ) : profile ? (
        <ProfileDetails profile={profile} cv={cv} />
      ) : (
        <p>You have not set up your job alerts yet.</p>
      )}
      {status === 'ready' && !choosingCarryOver && (
        <p>
          <Link to={PATHS.profile}>{profile ? 'Edit your profile' : 'Set up your job alerts'}</Link>
        </p>
      )}
      {others.length > 0 && (
        <ul aria-label="Your other alert profiles">
          {others.map((entry) => (
            <li key={entry.slot}>
              <Link to={slotPath(PATHS.profile, entry.slot)}>{slotName(entry.slot, entry)}</Link>
              {!entry.active && ' (not in your plan)'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

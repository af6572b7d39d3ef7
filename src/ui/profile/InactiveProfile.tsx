import { Link } from 'react-router-dom';
import type { ProfileSlot } from '../../../contract';
import { PRICING_PATH } from '../../paths';
import { useProfileView } from './hooks';
import { ProfileDetails } from './ProfileDetails';

/**
 * A slot the plan does not cover: what it holds (kept after Pro ended), read-only, and why; an
 * empty one says it is a Pro profile.
 */
export function InactiveProfile({ slot }: { slot: ProfileSlot }) {
  const { profile, cv } = useProfileView();
  if (!profile && !cv) {
    return (
      <p className="slot-note">
        Profile {slot} is a Pro profile. <Link to={PRICING_PATH}>See Pro</Link>
      </p>
    );
  }
  return (
    <section className="card" aria-label={`Profile ${slot}, not in your plan`}>
      <p>
        Your plan has no room for profile {slot} (your Pro plan ended), so it gets no matches or
        alerts. It is kept as it was: get Pro again to use it, or delete it.{' '}
        <Link to={PRICING_PATH}>See Pro</Link>
      </p>
      {profile ? (
        <ProfileDetails profile={profile} cv={cv} withSkills />
      ) : (
        <p>Only a CV is kept here: {cv?.fileName}.</p>
      )}
    </section>
  );
}

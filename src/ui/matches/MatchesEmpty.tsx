import { Link } from 'react-router-dom';
import type { AlertProfile, ProfileSlot } from '../../../contract';
import { placesOf } from '../profile/placesOf';
import { slotPath } from '../profile/profileSlots';
import { PATHS, PRICING_PATH } from '../../paths';

/** No profile saved yet in `slot`: nothing to match against. */
export function NoProfileYet({ slot }: { slot: ProfileSlot }) {
  return (
    <div className="card">
      <h2 className="card__title">Tell us what you are looking for</h2>
      <p>
        Your matches are chosen from your job alert profile: the roles, skills and places you want.
        You have not filled it in yet.
      </p>
      <p>
        <Link className="button button--primary" to={slotPath(PATHS.profile, slot)}>
          Fill in your profile
        </Link>
      </p>
    </div>
  );
}

function Watched({ profile }: { profile: AlertProfile }) {
  const rows = [
    ['Roles', profile.targetRoles.join(', ')],
    ['Skills', profile.skills.join(', ')],
    ['Where', placesOf(profile.where)],
  ].filter(([, value]) => value);
  return (
    <dl className="details">
      {rows.map(([term, value]) => (
        <div key={term} className="details__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A profile, but no open job fits it yet: say what is being watched. */
export function NoMatchesYet({
  watching,
  slot,
}: {
  watching: AlertProfile | null;
  slot: ProfileSlot;
}) {
  return (
    <div className="card">
      <h2 className="card__title">No matches yet</h2>
      <p>
        {watching
          ? 'We are watching new tech job postings for:'
          : 'We are watching new tech job postings for the roles, skills and places in your profile.'}
      </p>
      {watching && <Watched profile={watching} />}
      <p>New postings that fit appear here, best first.</p>
      <p>
        <Link to={slotPath(PATHS.profile, slot)}>Change what you are looking for</Link>
      </p>
    </div>
  );
}

/** A profile kept from an ended Pro plan: no matches until the plan covers it again. */
export function ProfileNotInPlan({ slot }: { slot: ProfileSlot }) {
  return (
    <div className="card">
      <h2 className="card__title">Profile {slot} is not in your plan</h2>
      <p>
        Your Pro plan ended, so profile {slot} gets no matches or alerts. It is kept until you
        delete it. <Link to={PRICING_PATH}>See Pro</Link>
      </p>
      <p>
        <Link to={slotPath(PATHS.profile, slot)}>See profile {slot}</Link>
      </p>
    </div>
  );
}

import { Link } from 'react-router-dom';
import type { AlertProfile } from '../../backendApi';
import { placesOf } from '../profile/placesOf';
import { PATHS } from '../../paths';

/** No profile saved yet: nothing to match against. */
export function NoProfileYet() {
  return (
    <div className="card">
      <h2 className="card__title">Tell us what you are looking for</h2>
      <p>
        Your matches are chosen from your job alert profile: the roles, skills and places you want.
        You have not filled it in yet.
      </p>
      <p>
        <Link className="button button--primary" to={PATHS.profile}>
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
export function NoMatchesYet({ watching }: { watching: AlertProfile | null }) {
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
        <Link to={PATHS.profile}>Change what you are looking for</Link>
      </p>
    </div>
  );
}

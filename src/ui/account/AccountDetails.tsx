import { EmailAddress } from '../text/EmailAddress';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../machines/session/sessionTypes';
import { formatDay, formatMoment, isoTime, signInMethodNames } from './accountFormat';

function Time({ value, format }: { value: string | null; format: (iso: string) => string }) {
  const iso = isoTime(value);
  return iso ? <time dateTime={iso}>{format(iso)}</time> : <>Unknown</>;
}

interface AccountDetailsProps {
  user: SessionUser;
  /** Shown right under "Email verified" (a list may hold only its terms and values). */
  afterVerified?: ReactNode;
}

export function AccountDetails({ user, afterVerified }: AccountDetailsProps) {
  const methods = signInMethodNames(user.providerIds);
  return (
    <>
      <dl className="details">
        <div className="details__row">
          <dt>Email</dt>
          <dd>{user.email ? <EmailAddress address={user.email} /> : 'No email address'}</dd>
        </div>
        <div className="details__row">
          <dt>Email verified</dt>
          <dd>{user.emailVerified ? 'Yes' : 'Not yet'}</dd>
        </div>
      </dl>
      {afterVerified}
      <dl className="details details--continued">
        <div className="details__row">
          <dt>{methods.length === 1 ? 'Sign-in method' : 'Sign-in methods'}</dt>
          <dd>{methods.length > 0 ? methods.join(', ') : 'None'}</dd>
        </div>
        <div className="details__row">
          <dt>Member since</dt>
          <dd>
            <Time value={user.creationTime} format={formatDay} />
          </dd>
        </div>
        <div className="details__row">
          <dt>Last sign-in</dt>
          <dd>
            <Time value={user.lastSignInTime} format={formatMoment} />
          </dd>
        </div>
      </dl>
    </>
  );
}

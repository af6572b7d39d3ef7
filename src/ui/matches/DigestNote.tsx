import { Link } from 'react-router-dom';
import { PRICING_PATH } from '../../paths';
import { PlanProvider, usePlan } from '../plan/PlanProvider';

/** Today's digest hour in the reader's own time zone, e.g. "1 PM" or "13". */
export function localDigestHour(hourUtc: number, today: Date = new Date()): string {
  const at = new Date(today);
  at.setUTCHours(hourUtc, 0, 0, 0);
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).format(at);
}

function DigestLine() {
  const { view } = usePlan();
  if (view.status !== 'ready' || view.plan.limits.alertDelivery !== 'dailyDigest') return null;
  return (
    <p className="matches-page__digest">
      New matches also come to you by e-mail once a day, at about{' '}
      {localDigestHour(view.plan.digestHourUtc)} your time, all in one daily digest.{' '}
      <Link to={PRICING_PATH}>Pro</Link> e-mails each one the moment it is posted.
    </p>
  );
}

/**
 * A verified account on a plan with a daily digest (Free) is told its matches also come by e-mail,
 * and how often. Its own chunk: it reads the plan, which no page's first load needs.
 */
export function DigestNote() {
  return (
    <PlanProvider>
      <DigestLine />
    </PlanProvider>
  );
}

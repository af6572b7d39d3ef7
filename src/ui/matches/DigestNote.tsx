import { Link } from 'react-router-dom';
import { PRICING_PATH } from '../../paths';
import { PlanProvider, usePlan } from '../plan/PlanProvider';

function DigestLine() {
  const { view } = usePlan();
  if (view.status !== 'ready' || view.plan.limits.alertDelivery !== 'dailyDigest') return null;
  return (
    <p className="matches-page__digest">
      New matches also come to you by e-mail once a day, all in one daily digest.{' '}
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

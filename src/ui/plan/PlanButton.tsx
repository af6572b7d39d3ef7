import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { config } from '../../config';
import { ACCOUNT_PLAN_PATH, CHECKOUT_INTENT_PATH, loginPath } from '../../paths';
import { checkoutLink } from './checkoutLink';
import { usePlan } from './PlanProvider';
import { useSessionStatus, useSessionUser } from '../session';

const SIGN_IN_THEN_CHECKOUT = loginPath({ next: CHECKOUT_INTENT_PATH });

/**
 * A paid plan's button, inside a `PlanProvider`. Checkout is for accounts only: a registered user
 * goes straight to the hosted checkout, tied to the account, once the backend says the account is
 * not Pro already (a second checkout would be a second subscription); a Pro user is shown their
 * plan instead. Anyone else (a guest, or before the session is known, as prerendered) first
 * creates an account or signs in, then carries on to checkout.
 */
export function PlanButton({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const user = useSessionUser();
  const { view } = usePlan();
  if (status !== 'registered' || !user) {
    return (
      <Link className="button button--primary" to={SIGN_IN_THEN_CHECKOUT}>
        {children}
      </Link>
    );
  }
  if (view.status === 'loading') {
    return (
      <a className="button button--primary" aria-disabled="true">
        {children}
      </a>
    );
  }
  if (view.status === 'ready' && view.plan.plan === 'pro') {
    return (
      <Link className="button button--secondary" to={ACCOUNT_PLAN_PATH}>
        You have Pro: see your plan
      </Link>
    );
  }
  // A plan that could not be read does not stand between a user and paying.
  return (
    <a className="button button--primary" href={checkoutLink(config.checkoutUrl, user)}>
      {children}
    </a>
  );
}

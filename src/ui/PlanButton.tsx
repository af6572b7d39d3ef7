import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { config } from '../config';
import { CHECKOUT_INTENT_PATH, loginPath } from '../paths';
import { checkoutLink } from './checkoutLink';
import { useSessionStatus, useSessionUser } from './session';

const SIGN_IN_THEN_CHECKOUT = loginPath({ next: CHECKOUT_INTENT_PATH });

/**
 * A paid plan's button. Checkout is for accounts only: a registered user goes straight to the
 * hosted checkout, tied to the account; anyone else (a guest, or before the session is known, as
 * prerendered) first creates an account or signs in, then carries on to checkout.
 */
export function PlanButton({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const user = useSessionUser();
  if (status === 'registered' && user) {
    return (
      <a className="button button--primary" href={checkoutLink(config.checkoutUrl, user)}>
        {children}
      </a>
    );
  }
  return (
    <Link className="button button--primary" to={SIGN_IN_THEN_CHECKOUT}>
      {children}
    </Link>
  );
}

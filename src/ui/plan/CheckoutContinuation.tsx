import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { config } from '../../config';
import {
  ACCOUNT_PLAN_PATH,
  CHECKOUT_INTENT_PATH,
  CHECKOUT_PARAM,
  loginPath,
  PATHS,
  PRICING_ANCHOR,
} from '../../paths';
import { checkoutLink } from './checkoutLink';
import { useHydrated } from '../login/useHydrated';
import { useSessionStatus, useSessionUser } from '../session';
import { usePlan } from './PlanProvider';

/** Leaves the site for the payment provider (a full page load). */
function openCheckout(url: string): void {
  window.location.assign(url);
}

export interface CheckoutContinuationProps {
  /** Replaces the page navigation (tests). */
  goTo?: (url: string) => void;
}

/**
 * Carries "Get Pro" on after sign-in: with `?checkout=pro` (the login page's `next` from
 * PlanButton), a registered user goes on to the checkout for the account, unless the backend says
 * the account has Pro already. The intent is taken out of the address first, so coming back from
 * checkout does not go there again. Inside a `PlanProvider`.
 */
export function CheckoutContinuation({ goTo = openCheckout }: CheckoutContinuationProps) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = useSessionStatus();
  const user = useSessionUser();
  const { view } = usePlan();
  // The prerendered page knows no query string: the intent is read once hydrated.
  const wanted = hydrated && params.get(CHECKOUT_PARAM) === 'pro';
  const hasPro = view.status === 'ready' && view.plan.plan === 'pro';
  // A plan that could not be read does not stand between a user and paying.
  const mayPay = view.status === 'failed' || (view.status === 'ready' && !hasPro);
  const link =
    wanted && status === 'registered' && user && mayPay
      ? checkoutLink(config.checkoutUrl, user)
      : null;

  useEffect(() => {
    if (link === null) return;
    void navigate({ pathname: PATHS.home, hash: `#${PRICING_ANCHOR}` }, { replace: true });
    goTo(link);
  }, [link, navigate, goTo]);

  if (!wanted || status === 'failed') return null;
  if (status === 'guest') {
    return (
      <p className="form-message form-message--pending">
        Pro needs an account:{' '}
        <Link to={loginPath({ next: CHECKOUT_INTENT_PATH })}>sign in or create one</Link>, then you
        go on to checkout.
      </p>
    );
  }
  if (status === 'registered' && hasPro) {
    return (
      <p role="status" className="form-message form-message--pending">
        Your account has Pro already: <Link to={ACCOUNT_PLAN_PATH}>see your plan</Link>.
      </p>
    );
  }
  return (
    <p role="status" className="form-message form-message--pending">
      Taking you to checkout…
    </p>
  );
}

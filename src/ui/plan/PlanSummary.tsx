import { useId, type ReactNode } from 'react';
import type { GetPlanResponse, PlanLimits, SubscriptionStatus } from '../../../contract';
import { config } from '../../config';
import { ACCOUNT_PLAN_ANCHOR } from '../../paths';
import { formatDay } from '../account/accountFormat';
import { PlanButton } from './PlanButton';
import { PlanProvider, usePlan } from './PlanProvider';

const STATUS_TEXT: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  incomplete: 'Waiting for the first payment',
  incomplete_expired: 'Checkout not completed',
  unpaid: 'Unpaid',
  paused: 'Paused',
  canceled: 'Cancelled',
};

function includes(limits: PlanLimits): string {
  const documents =
    limits.cvs === 1 && limits.profiles === 1
      ? 'One CV and one search profile'
      : `Up to ${limits.cvs} CVs and ${limits.profiles} search profiles`;
  const alerts = limits.alertDelivery === 'realTime' ? 'real-time alerts' : 'a daily digest';
  return `${documents}, ${alerts}`;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="details__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Day({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDay(iso)}</time>;
}

function PlanDetails({ plan, reload }: { plan: GetPlanResponse; reload: () => void }) {
  const pro = plan.plan === 'pro';
  return (
    <>
      <dl className="details">
        <Row term="Plan">{pro ? 'Pro' : 'Free'}</Row>
        {plan.status && <Row term="Status">{STATUS_TEXT[plan.status]}</Row>}
        {plan.renewsAt && (
          <Row term="Renews on">
            <Day iso={plan.renewsAt} />
          </Row>
        )}
        {plan.endsAt && (
          <Row term="Ends on">
            <Day iso={plan.endsAt} />
          </Row>
        )}
        <Row term="Includes">{includes(plan.limits)}</Row>
      </dl>
      {plan.status === 'past_due' && (
        <p className="form-message form-message--pending">
          Your last payment did not go through. Update your payment method under “Manage billing” to
          keep Pro.
        </p>
      )}
      {!pro && (
        <p className="card__hint">Just subscribed? Your payment can take a minute to show here.</p>
      )}
      <div className="form__actions">
        {!pro && <PlanButton>Get Pro</PlanButton>}
        {!pro && (
          <button type="button" className="button button--secondary" onClick={reload}>
            Check again
          </button>
        )}
        {plan.isCustomer && (
          <a className="button button--secondary" href={config.billingPortalUrl} rel="noopener">
            Manage billing
          </a>
        )}
      </div>
    </>
  );
}

/** The account page's plan: Free or Pro, its status and dates, and billing for customers. */
export function PlanSummary() {
  const { view, reload } = usePlan();
  const titleId = useId();
  return (
    <section
      id={ACCOUNT_PLAN_ANCHOR}
      className="card"
      aria-labelledby={titleId}
      aria-busy={view.status === 'loading' || undefined}
    >
      <h2 id={titleId} className="card__title">
        Your plan
      </h2>
      {view.status === 'loading' && <p role="status">Loading your plan…</p>}
      {view.status === 'failed' && (
        <>
          <p role="alert" className="form-message form-message--error">
            {view.error.message}
          </p>
          <div className="form__actions">
            <button type="button" className="button button--secondary" onClick={reload}>
              Try again
            </button>
          </div>
        </>
      )}
      {view.status === 'ready' && <PlanDetails plan={view.plan} reload={reload} />}
    </section>
  );
}

/** The plan section with its own provider: what the account page renders. */
export function PlanSection() {
  return (
    <PlanProvider>
      <PlanSummary />
    </PlanProvider>
  );
}

import { Link } from 'react-router-dom';
import { PlanButton } from '../../ui/plan/PlanButton';
import { CheckoutContinuation } from '../../ui/plan/CheckoutContinuation';
import { PlanProvider } from '../../ui/plan/PlanProvider';
import { PLANS, type Plan } from './plans';
import { PATHS, PRICING_ANCHOR } from '../../paths';

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <li className={plan.highlighted ? 'card plan plan-highlighted' : 'card plan'}>
      <article aria-labelledby={titleId}>
        <h3 id={titleId}>{plan.name}</h3>
        <p className="price">
          <span className="price-amount">{`$${plan.monthlyPriceUsd}`}</span>
          <span className="price-period"> per month</span>
        </p>
        <p>{plan.summary}</p>
        <ul className="checklist">
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {plan.paid ? (
          <PlanButton>{plan.callToAction}</PlanButton>
        ) : (
          <Link className="button button--secondary" to={PATHS.start}>
            {plan.callToAction}
          </Link>
        )}
      </article>
    </li>
  );
}

export function Pricing() {
  return (
    <section id={PRICING_ANCHOR} className="section" aria-labelledby="pricing-title">
      <div className="container">
        <h2 id="pricing-title">Plans and pricing</h2>
        <PlanProvider>
          <CheckoutContinuation />
          <p className="lead">
            Start free. Upgrade when you want to hear about new jobs the minute they are posted.
          </p>
          <ul className="plans">
            {PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </ul>
        </PlanProvider>
        <p className="fine-print">
          Prices in US dollars. Pro renews monthly until you cancel. See the{' '}
          <Link to={PATHS.refund}>refund policy</Link>.
        </p>
      </div>
    </section>
  );
}

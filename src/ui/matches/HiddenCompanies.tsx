import { useId } from 'react';
import { companyKey } from '../../../contract';
import { BusyButton } from '../forms/BusyButton';
import { useMatchesSend, useMatchesView } from './hooks';
import { RuleError } from './RuleError';

/** The companies whose every job the profile hides, each with the way to show its jobs again. */
export function HiddenCompanies() {
  const view = useMatchesView();
  const send = useMatchesSend();
  const titleId = useId();
  if (view.hiddenCompanies.length === 0) return null;
  const showing = (company: string) =>
    view.queue.some(
      (change) => change.kind === 'company' && companyKey(change.company) === companyKey(company),
    );
  return (
    <section className="card hidden-companies" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Companies you hide
      </h2>
      <p>None of their jobs shows in your matches or alerts you, now or later.</p>
      <ul className="match-suggestions__list">
        {view.hiddenCompanies.map(({ company }) => (
          <li key={company}>
            <span>{company}</span>{' '}
            <BusyButton
              variant="quiet"
              busy={showing(company)}
              busyLabel="Showing…"
              aria-label={`Show again: ${company}`}
              onClick={() => send({ type: 'SHOW_COMPANY', company })}
            >
              Show again
            </BusyButton>
          </li>
        ))}
      </ul>
      <RuleError />
    </section>
  );
}

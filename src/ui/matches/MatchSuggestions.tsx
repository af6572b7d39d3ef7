import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { MatchSuggestion, ProfileSlot } from '../../../contract';
import { offeredSuggestions } from '../../machines/matches/matchActionsTypes';
import { PATHS } from '../../paths';
import { BusyButton } from '../forms/BusyButton';
import { slotPath } from '../profile/profileSlots';
import { useMatchesSend, useMatchesView } from './hooks';
import { RuleError } from './RuleError';

const FIELDS = {
  minSalary: { why: 'for their pay', look: 'Look at your salary floor' },
  places: { why: 'for their place', look: 'Look at where you want to work' },
  seniority: { why: 'for their level', look: 'Look at your seniority' },
} as const;

/**
 * What the seeker's hides suggest, offered and never applied by themselves: hiding every job of a
 * company (one rule, kept by the backend), or a profile field to look at again. Each can be waved
 * away, and stays so until its hides grow.
 */
export function MatchSuggestions({ slot }: { slot: ProfileSlot }) {
  const view = useMatchesView();
  const send = useMatchesSend();
  const titleId = useId();
  const offered = offeredSuggestions(view);
  if (offered.length === 0) return null;
  const dismiss = (suggestion: MatchSuggestion) => (
    <BusyButton variant="quiet" onClick={() => send({ type: 'DISMISS_SUGGESTION', suggestion })}>
      Not now
    </BusyButton>
  );

  return (
    <section className="card match-suggestions" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Suggestions from what you hid
      </h2>
      <ul className="match-suggestions__list">
        {offered.map((suggestion) => {
          if (suggestion.kind === 'hide-company') {
            const { company, hides } = suggestion;
            return (
              <li key={`company:${company}`}>
                <p>
                  You hid {hides} jobs of {company} for the company. Hide all its jobs, now and
                  later?
                </p>
                <div className="form__actions">
                  <BusyButton
                    unavailable={view.actionsStatus !== 'ready'}
                    onClick={() => send({ type: 'HIDE_COMPANY', company })}
                  >
                    Hide {company}’s jobs
                  </BusyButton>
                  {dismiss(suggestion)}
                </div>
              </li>
            );
          }
          const field = FIELDS[suggestion.field];
          return (
            <li key={`field:${suggestion.field}`}>
              <p>
                You hid {suggestion.hides} jobs {field.why}.{' '}
                <Link to={slotPath(PATHS.profile, slot)}>{field.look}</Link> in your profile?
              </p>
              <div className="form__actions">{dismiss(suggestion)}</div>
            </li>
          );
        })}
      </ul>
      <RuleError />
    </section>
  );
}

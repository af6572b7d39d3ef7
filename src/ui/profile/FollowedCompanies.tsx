import { useId, useState } from 'react';
import type { FollowedCompany, FollowMode, FollowSource } from '../../../contract';
import { MetaLine } from '../text/MetaLine';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { SafeForm } from '../forms/SafeForm';
import { useProfileSend, useProfileView } from './hooks';

const SOURCE_NAMES: Record<FollowSource, string> = {
  greenhouse: 'Greenhouse',
  lever: 'Lever',
  ashby: 'Ashby',
  workable: 'Workable',
  smartrecruiters: 'SmartRecruiters',
  recruitee: 'Recruitee',
};

const MODE_LABELS: Record<FollowMode, string> = {
  boost: 'Show their jobs first',
  only: 'Show only their jobs',
};

const openJobs = (count: number) => (count === 1 ? '1 open job' : `${count} open jobs`);

function FollowedRow({ company, onRemove }: { company: FollowedCompany; onRemove: () => void }) {
  const view = useProfileView();
  return (
    <li className="follows__item">
      <div className="follows__about">
        <strong className="follows__name">{company.name}</strong>
        <MetaLine>
          <>{SOURCE_NAMES[company.source]}</>
          <>{openJobs(company.openPostings)}</>
          {company.lastPolledAt === null ? (
            <>not checked yet</>
          ) : (
            <>
              checked{' '}
              <time dateTime={company.lastPolledAt}>
                {new Date(company.lastPolledAt).toLocaleTimeString()}
              </time>
            </>
          )}
        </MetaLine>
      </div>
      <BusyButton
        variant="quiet"
        unavailable={view.changing}
        aria-label={`Stop following ${company.name}`}
        onClick={onRemove}
      >
        Remove
      </BusyButton>
    </li>
  );
}

/**
 * The companies this profile follows: paste a careers page address to follow one (its board is
 * checked from then on), remove one, and choose whether matches show their jobs first or alone.
 */
export function FollowedCompanies() {
  const view = useProfileView();
  const send = useProfileSend();
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [url, setUrl] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const following = view.status === 'changingFollows';
  const failed = view.failedOperation === 'follow' ? view.error : null;
  // Adjusting state while rendering: once the follow went through, the field is emptied for the next.
  if (sent !== null && !following) {
    setSent(null);
    if (failed === null && sent === url) setUrl('');
  }
  const follows = view.follows;
  if (follows === null) return null;
  const full = follows.companies.length >= follows.limit;

  return (
    <section className="card follows" aria-labelledby={titleId} aria-busy={following || undefined}>
      <h2 id={titleId} className="form__title">
        Companies you follow
      </h2>
      <SafeForm
        className="follows__form"
        aria-labelledby={titleId}
        onSubmit={() => {
          if (view.changing || url.trim() === '') return;
          setSent(url);
          send({ type: 'FOLLOW', url: url.trim() });
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            Careers page address
          </label>
          <p id={hintId} className="follows__hint">
            Its job board on Greenhouse, Lever, Ashby, Workable, SmartRecruiters or Recruitee, like
            https://jobs.lever.co/acme. We check it for new jobs from then on.
          </p>
          <div className="field__box">
            <input
              id={inputId}
              name="careers-url"
              className="field__input"
              type="text"
              inputMode="url"
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              aria-invalid={failed ? true : undefined}
              aria-describedby={failed ? `${hintId} ${errorId}` : hintId}
            />
          </div>
        </div>
        <ErrorMessage id={errorId} message={failed?.message} />
        <div className="form__actions">
          <BusyButton
            type="submit"
            busy={following && sent !== null}
            busyLabel="Following…"
            unavailable={view.changing || full}
          >
            Follow
          </BusyButton>
        </div>
      </SafeForm>
      <StatusMessage
        message={full ? `You follow ${follows.limit} companies, the most a profile can.` : null}
      />
      {follows.companies.length === 0 ? (
        <p className="session-page__intro">You follow no company yet.</p>
      ) : (
        <>
          <ul className="follows__list" aria-label="Companies you follow">
            {follows.companies.map((company) => (
              <FollowedRow
                key={`${company.source}:${company.token}`}
                company={company}
                onRemove={() =>
                  send({ type: 'UNFOLLOW', source: company.source, token: company.token })
                }
              />
            ))}
          </ul>
          <fieldset className="choices">
            <legend className="field__label">In your matches</legend>
            {(Object.keys(MODE_LABELS) as FollowMode[]).map((mode) => (
              <label key={mode} className="choice">
                <input
                  type="radio"
                  name="follow-mode"
                  value={mode}
                  checked={follows.mode === mode}
                  onChange={() => {
                    if (!view.changing) send({ type: 'SET_FOLLOW_MODE', mode });
                  }}
                />
                {MODE_LABELS[mode]}
              </label>
            ))}
          </fieldset>
        </>
      )}
    </section>
  );
}

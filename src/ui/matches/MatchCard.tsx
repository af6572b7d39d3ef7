import { useId, type ReactNode } from 'react';
import type { JobMatch } from '../../../contract';
// Not through the contract's index, which the entry chunk holds: the rule stays in this page's chunk.
import { splitReasons } from '../../../contract/reasonStanding';
import { freshnessOf, timeAgo } from './freshness';
import { textOf } from './reasonText';

const REMOTE_LABELS: Record<JobMatch['usEligibility'], string> = {
  'remote-us': 'Remote in the US',
  'remote-worldwide': 'Remote from anywhere',
  us: 'Remote',
  'not-us': 'Remote',
};

/** Where the job is: its locations, and whether it is remote and for whom. */
function placeOf(match: JobMatch): string {
  const remote = match.remote ? [REMOTE_LABELS[match.usEligibility]] : [];
  return [...remote, ...match.locations].join(' · ');
}

function SkillList({ title, skills }: { title: string; skills: string[] }) {
  const titleId = useId();
  if (skills.length === 0) return null;
  return (
    <div className="match__skills">
      <h3 id={titleId} className="match__subtitle">
        {title}
      </h3>
      <ul className="match__chips" aria-labelledby={titleId}>
        {skills.map((skill) => (
          <li key={skill}>{skill}</li>
        ))}
      </ul>
    </div>
  );
}

/** The card's element id, for the arrival toast's Show. */
export const matchCardId = (jobId: number) => `match-${jobId}`;

/** One job that fits the profile: what and where, how well and why, how fresh, and how to apply. */
export function MatchCard({
  match,
  checkedAt,
  isNew = false,
  fits,
  highlighted = false,
  actions,
}: {
  match: JobMatch;
  checkedAt: string;
  /** Alerted and not seen before this visit (or arrived while the page is open). */
  isNew?: boolean;
  /** Which of the user's profiles it fits, when they have more than one. */
  fits?: string | undefined;
  /** Brought into view from the arrival toast: marked until another is. */
  highlighted?: boolean;
  /** Save, Mark applied and Hide, where the page offers them. */
  actions?: ReactNode;
}) {
  const titleId = useId();
  const scoreId = useId();
  const fresh = freshnessOf(match);
  const place = placeOf(match);
  const { fits: fitting, aside } = splitReasons(match.reasons);
  return (
    <article
      id={matchCardId(match.jobId)}
      className={highlighted ? 'card match match--highlight' : 'card match'}
      aria-labelledby={titleId}
      // Focusable from script only: the toast's Show moves focus here, so it is not lost.
      tabIndex={-1}
    >
      <header className="match__head">
        {isNew && <p className="match__new">New</p>}
        <h2 id={titleId} className="card__title">
          {match.title}
        </h2>
        <p className="match__company">{match.company}</p>
        {fits && <p className="match__fits">For {fits}</p>}
        {place && <p className="match__place">{place}</p>}
        <p className="match__fresh">
          {fresh.verb}{' '}
          <time dateTime={fresh.at} title={new Date(fresh.at).toLocaleString('en-US')}>
            {timeAgo(fresh.at, checkedAt)}
          </time>
        </p>
      </header>
      <div className="match__score">
        <p id={scoreId}>{match.score}% match</p>
        <meter min={0} max={100} value={match.score} aria-labelledby={scoreId} />
      </div>
      {fitting.length > 0 && (
        <ul className="match__reasons" aria-label="Why it matches">
          {fitting.map((reason) => (
            <li key={reason.kind}>{textOf(reason)}</li>
          ))}
        </ul>
      )}
      {aside.length > 0 && (
        <p className="match__aside">
          <span className="match__aside-label">Worth knowing:</span>{' '}
          {aside.map((reason) => textOf(reason)).join(' ')}
        </p>
      )}
      <SkillList title="Skills you have" skills={match.coveredSkills} />
      <SkillList title="Skills you are missing" skills={match.missingSkills} />
      <p>
        <a
          className="button button--primary"
          href={match.applyUrl}
          rel="noopener noreferrer"
          aria-label={`Apply for ${match.title} at ${match.company}`}
        >
          Apply
        </a>
      </p>
      {actions}
    </article>
  );
}

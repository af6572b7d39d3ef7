import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import type { CvProposals } from '../../../contract';
import { LevelField } from '../profile/LevelField';
import { PATHS } from '../../paths';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage } from '../forms/FormMessages';
import { FieldProblem } from '../forms/FieldProblem';
import { SafeForm } from '../forms/SafeForm';
import { useProfileSend, useProfileView } from '../profile/hooks';
import { ListField } from '../profile/ListField';
import {
  checkDraft,
  draftFromProfile,
  EMPTY_DRAFT,
  forgetDraft,
  keepDraft,
  readDraft,
  type DraftProblems,
  type ProfileDraft,
} from '../profile/profileDraft';
import {
  choosePlace,
  placeChoicesOf,
  placeChosen,
  proposesRolesOrSkills,
  withProposals,
} from './startDraft';

const LIST_KINDS = ['roles', 'skills'] as const;
const LISTS = {
  roles: { label: 'Target roles', name: 'target-roles', placeholder: 'Frontend engineer' },
  skills: { label: 'Skills', name: 'skills', placeholder: 'TypeScript, React' },
} as const;

type StartField = 'roles' | 'skills' | 'where' | 'replace';
type StartProblems = Partial<Record<StartField, string>>;

const REPLACE_PROBLEM =
  'Tick “Replace my current profile” to use these, or keep your profile and see your matches.';

/** checkDraft's problems as the step shows them: it has no salary, and its cities are chosen. */
function startProblemsOf(problems: DraftProblems): StartProblems {
  const { roles, skills, where, cities, minSalary } = problems;
  return { roles, skills, where: where ?? cities ?? minSalary };
}

/**
 * What the step saves: roles and skills as chips, the level and places, prefilled from the CV's
 * proposals (kept with the CV, so a reload shows them again) or, without a CV, asked for. The
 * draft is kept in this tab as the profile page keeps it, so nothing typed is lost on a reload.
 */
export function StartForm({ uid, focusFirst }: { uid: string; focusFirst: boolean }) {
  const view = useProfileView();
  const send = useProfileSend();
  const navigate = useNavigate();
  const proposals: CvProposals | null = view.cv?.proposals ?? null;
  const [draft, setDraft] = useState<ProfileDraft>(() => {
    const base = view.profile ? draftFromProfile(view.profile) : EMPTY_DRAFT;
    // A profile's own lists give way to the CV's: the person confirms before they are replaced.
    const fresh = proposals ? withProposals({ ...base, roles: '', skills: '' }, proposals) : base;
    return readDraft(uid, 1) ?? fresh;
  });
  const [places, setPlaces] = useState(() => placeChoicesOf(draft, proposals));
  const [readFrom, setReadFrom] = useState(view.cv?.uploadedAt ?? null);
  const [replacing, setReplacing] = useState(false);
  const [problems, setProblems] = useState<StartProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const ids = { title: useId(), error: useId(), problem: useId() };
  const problemId = (field: StartField) => `${ids.problem}-${field}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const proposed = proposesRolesOrSkills(proposals);
  const saving = view.status === 'saving';
  const saveError = view.failedOperation === 'save' ? view.error : null;

  // A CV read while the form is shown: its proposals join what the form holds (adjusting state
  // while rendering, as React advises, so no frame shows the form without them).
  const uploadedAt = view.cv?.uploadedAt ?? null;
  if (uploadedAt !== readFrom) {
    setReadFrom(uploadedAt);
    if (proposals) {
      const next = withProposals(draft, proposals);
      setDraft(next);
      setPlaces(placeChoicesOf(next, proposals, places));
    }
  }

  useEffect(() => {
    if (focusFirst) heading.current?.focus();
  }, [focusFirst]);

  useEffect(() => {
    if (!submitted || view.status !== 'saved') return;
    forgetDraft(uid, 1);
    void navigate(PATHS.matches);
  }, [submitted, view.status, uid, navigate]);

  function change(patch: Partial<ProfileDraft>): void {
    const next = { ...draft, ...patch };
    setDraft(next);
    keepDraft(uid, 1, next);
  }

  function submit(): void {
    const checked = checkDraft(draft);
    const found: StartProblems = 'problems' in checked ? startProblemsOf(checked.problems) : {};
    if (view.profile !== null && !replacing) found.replace = REPLACE_PROBLEM;
    const first = (Object.keys(found) as StartField[]).find((field) => found[field]);
    if (first || 'problems' in checked) {
      flushSync(() => setProblems(found));
      const field = first
        ? document.querySelector<HTMLElement>(`[aria-describedby~="${problemId(first)}"]`)
        : null;
      field?.focus();
      return;
    }
    setProblems({});
    setSubmitted(true);
    send({ type: 'START_PROFILE', input: checked.input, replacing });
  }

  const describedBy = (field: StartField) =>
    [problems[field] ? problemId(field) : '', saveError ? ids.error : ''].join(' ').trim();

  return (
    <SafeForm className="form start-form" aria-labelledby={ids.title} onSubmit={submit}>
      <h2 id={ids.title} ref={heading} tabIndex={-1} className="form__title">
        {proposed ? 'What your CV proposes' : 'What you are looking for'}
      </h2>
      <p className="session-page__intro">
        {proposed
          ? 'Check and change them: the most relevant skills come first.'
          : 'A role and a few skills are enough to start; add more later.'}
      </p>
      <ErrorMessage id={ids.error} message={saveError?.message} />
      {LIST_KINDS.map((kind) => (
        <Fragment key={kind}>
          <ListField
            kind={kind}
            {...LISTS[kind]}
            value={draft[kind]}
            onValueChange={(value) => change({ [kind]: value })}
            invalid={Boolean(problems[kind])}
            describedBy={describedBy(kind)}
          />
          <FieldProblem id={problemId(kind)} problem={problems[kind]} />
        </Fragment>
      ))}

      <LevelField
        legend="Level"
        value={draft.seniority}
        onChange={(seniority) => change({ seniority })}
      />

      <fieldset className="choices">
        <legend className="field__label">Where you want to work</legend>
        <label className="choice">
          <input
            type="checkbox"
            checked={draft.remoteUs}
            aria-describedby={describedBy('where') || undefined}
            onChange={(event) => change({ remoteUs: event.target.checked })}
          />
          Remote in the US
        </label>
        {places.map((place) => (
          <label key={place.kind === 'state' ? place.code : place.line} className="choice">
            <input
              type="checkbox"
              checked={placeChosen(draft, place)}
              onChange={(event) => change(choosePlace(draft, place, event.target.checked))}
            />
            {place.kind === 'state' ? `Anywhere in ${place.code}` : place.line}
          </label>
        ))}
        <FieldProblem id={problemId('where')} problem={problems.where} />
      </fieldset>

      {view.profile && (
        <div className="start-form__replace">
          <p>
            You already have a profile, for {view.profile.targetRoles.join(', ')}. Showing your
            matches from here replaces its roles, skills, level and places with these; its salary
            and visa answers stay.
          </p>
          <label className="choice">
            <input
              type="checkbox"
              checked={replacing}
              aria-describedby={describedBy('replace') || undefined}
              onChange={(event) => setReplacing(event.target.checked)}
            />
            Replace my current profile
          </label>
          <FieldProblem id={problemId('replace')} problem={problems.replace} />
          <Link to={PATHS.matches}>Keep my profile and see my matches</Link>
        </div>
      )}

      <div className="form__actions">
        <BusyButton
          type="submit"
          variant="primary"
          busy={saving}
          busyLabel="Saving…"
          unavailable={view.changing && !saving}
        >
          Show my matches
        </BusyButton>
      </div>
    </SafeForm>
  );
}

import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import type { ProfileSlot } from '../../../contract';
import { LevelField } from './LevelField';
import { BusyButton } from '../forms/BusyButton';
import { ErrorMessage, StatusMessage } from '../forms/FormMessages';
import { FieldProblem } from '../forms/FieldProblem';
import { SafeForm } from '../forms/SafeForm';
import { ListField } from './ListField';
import { PlaceField } from './PlaceField';
import { TextField } from '../forms/TextField';
import { SalaryUnit } from './profileSecondaryParts';
import { remoteNearLabel } from './countryName';
import { CountryField } from './CountryField';
import { useProfileSend, useProfileView } from './hooks';
import { PATHS } from '../../paths';
import { slotPath } from './profileSlots';
import {
  checkDraft,
  draftFromProfile,
  EMPTY_DRAFT,
  forgetDraft,
  keepDraft,
  listOf,
  readDraft,
  type DraftField,
  type DraftProblems,
  type ProfileDraft,
} from './profileDraft';

function Checkbox({
  label,
  checked,
  onChange,
  describedBy,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  describedBy?: string | undefined;
}) {
  return (
    <label className="choice">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={describedBy}
      />
      {label}
    </label>
  );
}

/**
 * The alert profile form for user `uid`'s profile in `slot`: a draft kept in this tab until it is
 * saved, one per slot, so switching profiles loses nothing typed.
 */
export function ProfileForm({ uid, slot }: { uid: string; slot: ProfileSlot }) {
  const view = useProfileView();
  const send = useProfileSend();
  const [draft, setDraft] = useState<ProfileDraft>(
    () => readDraft(uid, slot) ?? (view.profile ? draftFromProfile(view.profile) : EMPTY_DRAFT),
  );
  const [problems, setProblems] = useState<DraftProblems>({});
  const [submitted, setSubmitted] = useState<ProfileDraft | null>(null);
  const ids = { error: useId(), title: useId(), suggestions: useId() };
  const problemId = (field: DraftField) => `${ids.title}-${field}`;
  const saving = view.status === 'saving';
  const busy = view.changing;
  const saveError = view.failedOperation === 'save' ? view.error : null;

  useEffect(() => {
    if (view.status === 'saved') forgetDraft(uid, slot);
  }, [view.status, uid, slot]);

  /** Changes the draft, kept for a reload unless the form made the change itself (`keep`). */
  function change(patch: Partial<ProfileDraft>, keep = true): void {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (keep) keepDraft(uid, slot, next);
  }

  const listedSkills = new Set(listOf(draft.skills).map((skill) => skill.toLowerCase()));
  const suggestions = view.suggestedSkills.filter(
    (skill) => !listedSkills.has(skill.toLowerCase()),
  );

  function submit(): void {
    const checked = checkDraft(draft);
    if ('problems' in checked) {
      flushSync(() => setProblems(checked.problems));
      const first = Object.keys(checked.problems)[0];
      const field = first
        ? document.querySelector<HTMLElement>(
            `[aria-describedby~="${problemId(first as DraftField)}"]`,
          )
        : null;
      field?.focus();
      return;
    }
    setProblems({});
    setSubmitted(draft);
    send({ type: 'SAVE', input: checked.input });
  }

  const describedBy = (field: DraftField) =>
    [problems[field] ? problemId(field) : '', saveError ? ids.error : ''].join(' ');
  const status = view.status === 'saved' && submitted === draft ? 'Saved' : null;

  return (
    <SafeForm className="form" aria-labelledby={ids.title} onSubmit={submit}>
      <h2 id={ids.title} className="form__title">
        What you are looking for
      </h2>
      <ErrorMessage id={ids.error} message={saveError?.message} />
      <ListField
        kind="roles"
        label="Target roles (separate them with commas)"
        name="target-roles"
        placeholder="Frontend engineer, Full-stack developer"
        value={draft.roles}
        onValueChange={(roles) => change({ roles })}
        invalid={Boolean(problems.roles)}
        describedBy={describedBy('roles')}
      />
      <FieldProblem id={problemId('roles')} problem={problems.roles} />
      <ListField
        kind="skills"
        label="Skills (separate them with commas)"
        name="skills"
        placeholder="TypeScript, React, PostgreSQL"
        value={draft.skills}
        onValueChange={(skills) => change({ skills })}
        invalid={Boolean(problems.skills)}
        describedBy={describedBy('skills')}
      />
      <FieldProblem id={problemId('skills')} problem={problems.skills} />
      {suggestions.length > 0 && (
        <div className="suggestions">
          <p className="suggestions__title" id={ids.suggestions}>
            Skills found in your CV:
          </p>
          <ul className="wrapping-list" aria-labelledby={ids.suggestions}>
            {suggestions.map((skill) => (
              <li key={skill}>
                <button
                  type="button"
                  className="button button--quiet suggestions__add"
                  onClick={() => change({ skills: [...listOf(draft.skills), skill].join(', ') })}
                >
                  <span aria-hidden="true">+ </span>
                  Add {skill}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <fieldset className="choices">
        <legend className="field__label">Where you want to work</legend>
        <CountryField country={draft.country} onCountryChange={(country) => change({ country })} />
        <Checkbox
          label={remoteNearLabel(draft.country)}
          describedBy={problems.where ? problemId('where') : undefined}
          checked={draft.remoteUs}
          onChange={(remoteUs) => change({ remoteUs })}
        />
        <Checkbox
          label="Remote from anywhere"
          checked={draft.remoteWorldwide}
          onChange={(remoteWorldwide) => change({ remoteWorldwide })}
        />
        <PlaceField
          places={{ usStates: draft.usStates, cities: draft.cities }}
          onPlacesChange={(places) => change(places)}
          invalid={Boolean(problems.cities)}
          describedBy={describedBy('cities')}
        />
        <FieldProblem id={problemId('cities')} problem={problems.cities} />
        <FieldProblem id={problemId('where')} problem={problems.where} />
      </fieldset>

      <LevelField
        legend="Seniority"
        value={draft.seniority}
        onChange={(seniority) => change({ seniority })}
      />

      <TextField
        label="Minimum salary (optional)"
        name="min-salary"
        inputMode="numeric"
        placeholder="120000"
        value={draft.minSalary}
        onValueChange={(minSalary) => change({ minSalary })}
        invalid={Boolean(problems.minSalary)}
        describedBy={describedBy('minSalary')}
      />
      <FieldProblem id={problemId('minSalary')} problem={problems.minSalary} />
      <Suspense fallback={null}>
        <SalaryUnit floor={draft} onFloorChange={change} />
      </Suspense>
      <Checkbox
        label="I need visa sponsorship"
        checked={draft.needsVisaSponsorship}
        onChange={(needsVisaSponsorship) => change({ needsVisaSponsorship })}
      />

      <div className="form__actions">
        <BusyButton
          type="submit"
          variant="primary"
          busy={saving}
          busyLabel="Saving…"
          unavailable={busy && !saving}
        >
          Save profile
        </BusyButton>
        <StatusMessage message={status} />
        {status && <Link to={slotPath(PATHS.matches, slot)}>See your matches</Link>}
      </div>
    </SafeForm>
  );
}

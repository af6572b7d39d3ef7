import { useId, type FormEvent, type ReactNode } from 'react';
import type { SessionUser } from '../../machines/session/sessionTypes';
import { BusyButton } from '../forms/BusyButton';
import { SafeForm } from '../forms/SafeForm';
import { useReauthenticationFor, useSessionOperation } from '../session';
import { ReauthenticateForm } from './ReauthenticateForm';
import type { AccountActions, AccountSection } from './useAccountActions';

/** The account changes the provider may want a recent sign-in for, and their sections. */
const SECTION_OF = { changeEmail: 'email', changePassword: 'password' } as const satisfies Record<
  string,
  AccountSection
>;

interface SensitiveChangeCardProps extends AccountActions {
  user: SessionUser;
  change: keyof typeof SECTION_OF;
  title: string;
  /** What the change does, above the form. */
  intro?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  /** Another operation is running. */
  unavailable: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** The form's messages and fields. */
  children: ReactNode;
}

/**
 * A card with a form for a change that may need a recent sign-in: while the provider asks for
 * one, the submit button gives way to the confirmation, whose error the section shows.
 */
export function SensitiveChangeCard({
  user,
  change,
  title,
  intro,
  submitLabel,
  busyLabel,
  unavailable,
  onSubmit,
  act,
  feedbackFor,
  children,
}: SensitiveChangeCardProps) {
  const operation = useSessionOperation();
  const reauthenticating = useReauthenticationFor() === change;
  const section = SECTION_OF[change];
  const { error } = feedbackFor(section);
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      {intro}
      <SafeForm className="form" onSubmit={onSubmit}>
        {children}
        {!reauthenticating && (
          <div className="form__actions">
            <BusyButton
              type="submit"
              variant="primary"
              busy={operation === change}
              busyLabel={busyLabel}
              unavailable={unavailable}
            >
              {submitLabel}
            </BusyButton>
          </div>
        )}
      </SafeForm>
      {reauthenticating && (
        <ReauthenticateForm
          user={user}
          reason={change}
          busy={operation === 'reauthenticate'}
          error={error}
          onConfirm={(event) => act(section, event)}
          onCancel={() => act(section, { type: 'CANCEL' })}
        />
      )}
    </section>
  );
}

import { EmailAddress } from '../text/EmailAddress';
import { useId, useState } from 'react';
import type { CarryOverMode } from '../../../contract';
import { BusyButton } from '../forms/BusyButton';
import '../forms/forms.css';
import { ErrorMessage } from '../forms/FormMessages';
import {
  useCarryOverOffer,
  useSessionError,
  useSessionOperation,
  useSessionSend,
  useSessionUser,
} from '.';
import { ModalDialog } from '../dialog/ModalDialog';
import { useModalDialog } from '../dialog/useModalDialog';

const BUSY_LABELS: Record<CarryOverMode, string> = {
  replace: 'Bringing it…',
  merge: 'Bringing it…',
  leave: 'Leaving it…',
};

/**
 * After signing in to an existing account from a guest that saved work: a modal dialog asks
 * whether to bring that work into the account (replacing or merging) or to leave it. It stays
 * until the person has chosen and the choice is carried out.
 */
export function CarryOverDialog() {
  const offer = useCarryOverOffer();
  const operation = useSessionOperation();
  const error = useSessionError();
  const user = useSessionUser();
  const send = useSessionSend();
  const [chosen, setChosen] = useState<CarryOverMode | null>(null);
  const textId = useId();

  const open = offer !== null;
  const carrying = operation === 'carryOver';
  const dialogRef = useModalDialog(open);

  if (!open) return null;

  function choose(mode: CarryOverMode): void {
    setChosen(mode);
    send({ type: 'CARRY_OVER', mode });
  }

  const choice = (
    mode: CarryOverMode,
    label: string,
    variant: 'primary' | 'secondary' | 'quiet',
  ) => (
    <BusyButton
      variant={variant}
      busy={carrying && chosen === mode}
      busyLabel={BUSY_LABELS[mode]}
      unavailable={carrying}
      onClick={() => choose(mode)}
    >
      {label}
    </BusyButton>
  );

  return (
    // The choice decides what happens to the guest's work: Escape does not skip it.
    <ModalDialog
      dialogRef={dialogRef}
      title="Bring your guest work to this account?"
      describedBy={textId}
      keepOpen
    >
      <p id={textId}>
        {offer === 'some'
          ? 'Before you signed in, you saved a job alert profile or a CV as a guest.'
          : 'We could not check whether you saved a job alert profile or a CV as a guest before you signed in.'}{' '}
        You are now signed in as{' '}
        {user?.email ? <EmailAddress address={user.email} /> : 'your account'}. Work you leave
        behind is deleted.
      </p>
      {carrying ? null : <ErrorMessage message={error?.message ?? null} />}
      <div className="form__actions form__actions--stacked">
        {choice('merge', 'Bring it, merged with this account’s profile', 'primary')}
        {choice('replace', 'Bring it, replacing this account’s profile', 'secondary')}
        {choice('leave', 'Leave it', 'quiet')}
      </div>
    </ModalDialog>
  );
}

import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { BusyButton } from '../forms/BusyButton';
import { useMatchesSend, useMatchesView } from './hooks';
import { matchCardId } from './MatchCard';

/**
 * What the last hide did, in a polite live region, with Undo. Focus comes here after a hide (the
 * card and its dialog are gone) and goes to the card again after Undo.
 */
export function HiddenNotice() {
  const { hiddenOffer: offer } = useMatchesView();
  const send = useMatchesSend();
  const undoRef = useRef<HTMLButtonElement>(null);
  const offered = offer?.jobId ?? null;

  useEffect(() => {
    if (offered !== null) undoRef.current?.focus();
  }, [offered, offer?.error]);

  function undo(): void {
    if (offer === null) return;
    flushSync(() => send({ type: 'UNDO_HIDE' }));
    document.getElementById(matchCardId(offer.jobId))?.focus();
  }

  return (
    <div className="matches-page__hidden">
      <p aria-live="polite">
        {offer &&
          `Hidden: ${offer.title} at ${offer.company}.` +
            (offer.error ? ` Undo failed. ${offer.error.message}` : '')}
      </p>
      {offer && (
        <BusyButton ref={undoRef} aria-label={`Undo: show ${offer.title} again`} onClick={undo}>
          Undo
        </BusyButton>
      )}
    </div>
  );
}

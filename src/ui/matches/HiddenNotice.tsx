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
  const offered = offer?.jobIds.join() ?? null;

  useEffect(() => {
    if (offered !== null) undoRef.current?.focus();
  }, [offered, offer?.error]);

  function undo(): void {
    const first = offer?.jobIds[0];
    if (first === undefined) return;
    flushSync(() => send({ type: 'UNDO_HIDE' }));
    document.getElementById(matchCardId(first))?.focus();
  }

  return (
    <div className="matches-page__hidden">
      <p aria-live="polite">
        {offer &&
          `Hidden: ${offer.what}.` + (offer.error ? ` Undo failed. ${offer.error.message}` : '')}
      </p>
      {offer && (
        <BusyButton ref={undoRef} aria-label={`Undo: show ${offer.what} again`} onClick={undo}>
          Undo
        </BusyButton>
      )}
    </div>
  );
}

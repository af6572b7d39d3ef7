import { useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { localDay } from './actionLabels';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why a day left in the field is not sent, or null when it can be. */
function problemOf(day: string): string | null {
  if (day === '') return 'Enter the day you applied, or choose Not applied.';
  if (!DAY.test(day) || day > localDay()) return 'Enter a real day, today or earlier.';
  return null;
}

/**
 * The day a seeker applied, in a date field. A date is typed segment by segment and each segment
 * makes a complete date, so the day is sent once, when the field is left or Enter is pressed.
 */
export function AppliedOnField({
  appliedOn,
  busy,
  unavailable,
  onDay,
}: {
  appliedOn: string;
  busy: boolean;
  unavailable: boolean;
  onDay: (day: string) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  function commit(input: HTMLInputElement): void {
    const day = input.value;
    const found = day === appliedOn ? null : problemOf(day);
    setProblem(found);
    if (found === null && day !== appliedOn && !unavailable) onDay(day);
  }

  return (
    <>
      <label>
        Applied on{' '}
        <input
          // A new day from the backend starts the field afresh.
          key={appliedOn}
          type="date"
          defaultValue={appliedOn}
          max={localDay()}
          readOnly={unavailable}
          aria-busy={busy || undefined}
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem === null ? undefined : problemId}
          onBlur={(event: FocusEvent<HTMLInputElement>) => commit(event.currentTarget)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') commit(event.currentTarget);
          }}
        />
      </label>
      {problem !== null && (
        <span id={problemId} role="alert" className="form-message form-message--error">
          {problem}
        </span>
      )}
    </>
  );
}

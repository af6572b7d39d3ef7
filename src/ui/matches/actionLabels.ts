import type { HideReason } from '../../../contract';
import type { MatchActionFailure } from '../../machines/matches/matchActionsTypes';

/** How the hide dialog names each reason. */
export const HIDE_REASON_LABELS: Record<HideReason, string> = {
  place: 'Wrong place',
  level: 'Wrong level',
  pay: 'Pay too low',
  role: 'Wrong role',
  company: 'Not this company',
};

const FAILED: Record<MatchActionFailure['kind'], string> = {
  save: 'Saving failed.',
  apply: 'Marking it applied failed.',
  hide: 'Hiding failed; the job is back.',
};

/** What a card says when a change to it was refused: what failed, then the catalogue's why. */
export const failureText = (failure: MatchActionFailure): string =>
  `${FAILED[failure.kind]} ${failure.error.message}`;

/** Today in the seeker's own time zone, as the date input and the backend write it (YYYY-MM-DD). */
export function localDay(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "Nov 20, 2026" for a YYYY-MM-DD day, read as that calendar day wherever the seeker is. */
export function dayText(day: string): string {
  return new Date(`${day}T12:00:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

const HOUR_MS = 60 * 60_000;

/**
 * How long a board has been quiet (no posting new, changed, reopened or closed) against how many
 * base intervals it waits between polls: a board that changed today is read at the base interval,
 * a quiet one less and less often, so most polls go where postings appear.
 */
const QUIET_STEPS: readonly { readonly quietForMs: number; readonly intervals: number }[] = [
  { quietForMs: 3 * 24 * HOUR_MS, intervals: 20 },
  { quietForMs: 24 * HOUR_MS, intervals: 10 },
];

/** The wait before a board's next poll, from when it last changed. */
export function adaptiveDelayMs(intervalMs: number, lastChangeAt: number, now: number): number {
  const quietForMs = now - lastChangeAt;
  const step = QUIET_STEPS.find((candidate) => quietForMs >= candidate.quietForMs);
  return intervalMs * (step?.intervals ?? 1);
}

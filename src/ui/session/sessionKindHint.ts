import type { SessionStatus } from './restoringView';

/** Which word the header showed last time, so a returning user does not see the wrong one flash. */
export type SessionKind = 'guest' | 'registered';

// Not a secret: only whether this browser was last signed in to a registered account.
export const SESSION_KIND_HINT_KEY = 'applyfirst.sessionKind';

export function readSessionKindHint(): SessionKind | null {
  try {
    const stored = window.localStorage.getItem(SESSION_KIND_HINT_KEY);
    return stored === 'guest' || stored === 'registered' ? stored : null;
  } catch {
    return null; // Storage blocked: the header waits for the session instead.
  }
}

export function rememberSessionKind(status: SessionStatus): void {
  if (status !== 'guest' && status !== 'registered') return;
  try {
    if (window.localStorage.getItem(SESSION_KIND_HINT_KEY) !== status)
      window.localStorage.setItem(SESSION_KIND_HINT_KEY, status);
  } catch {
    // Storage blocked: nothing to remember with.
  }
}

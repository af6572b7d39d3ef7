import type { MatchReason } from './matches';

/**
 * Where a reason belongs wherever a match is shown (the card, the alert e-mail): `fits` says why
 * the job matches; `aside` is what does not fit or what the posting does not state; `none` says
 * nothing about the job (the seeker needs no visa, so whether it sponsors one does not matter).
 */
export type ReasonStanding = 'fits' | 'aside' | 'none';

export function standingOf(reason: MatchReason): ReasonStanding {
  switch (reason.kind) {
    case 'skills':
      return reason.covered.length > 0 ? 'fits' : 'aside';
    case 'title':
      return reason.matchedRole === null ? 'aside' : 'fits';
    case 'location':
      return 'fits';
    case 'seniority':
      return reason.fit === 'not-stated' ? 'aside' : 'fits';
    case 'salary':
      return reason.fit === 'meets-floor' || reason.fit === 'no-floor' ? 'fits' : 'aside';
    case 'visa':
      return reason.fit === 'sponsors' ? 'fits' : reason.fit === 'not-needed' ? 'none' : 'aside';
  }
}

/** A match's reasons split: why it matches, and what to know besides. */
export function splitReasons(reasons: readonly MatchReason[]): {
  fits: MatchReason[];
  aside: MatchReason[];
} {
  return {
    fits: reasons.filter((reason) => standingOf(reason) === 'fits'),
    aside: reasons.filter((reason) => standingOf(reason) === 'aside'),
  };
}

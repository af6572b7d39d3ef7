import type { MatchReason } from '../../../contract';

/**
 * Where a reason belongs on the card: `fits` says why the job matches; `aside` is what does not
 * fit or what the posting does not state; `none` says nothing about the job (the seeker needs no
 * visa, so whether it sponsors one does not matter).
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
    case 'salary':
      return reason.fit === 'not-stated' ? 'aside' : 'fits';
    case 'visa':
      return reason.fit === 'unknown' ? 'aside' : 'none';
  }
}

/**
 * What the card says of a reason. The skills' own text also names the missing ones, which the
 * card lists as chips beside it, so the card counts them instead.
 */
export function textOf(reason: MatchReason): string {
  if (reason.kind !== 'skills') return reason.text;
  const total = reason.covered.length + reason.missing.length;
  if (total === 0) return reason.text;
  return reason.covered.length === 0
    ? `You have none of its ${total} skills.`
    : `You have ${reason.covered.length} of its ${total} skills.`;
}

/** The card's reasons split: why it matches, and what to know besides. */
export function splitReasons(reasons: readonly MatchReason[]): {
  fits: MatchReason[];
  aside: MatchReason[];
} {
  return {
    fits: reasons.filter((reason) => standingOf(reason) === 'fits'),
    aside: reasons.filter((reason) => standingOf(reason) === 'aside'),
  };
}

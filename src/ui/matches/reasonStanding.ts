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
      return reason.fit === 'not-stated' ? 'aside' : 'fits';
    case 'salary':
      return reason.fit === 'meets-floor' || reason.fit === 'no-floor' ? 'fits' : 'aside';
    case 'visa':
      return reason.fit === 'sponsors' ? 'fits' : reason.fit === 'not-needed' ? 'none' : 'aside';
  }
}

/**
 * What the card says of a reason. The skills' own text also names them, which the card lists as
 * chips beside it, so the card counts them instead. `covered` is every skill of the seeker's the
 * posting asks for (nice-to-haves too), `missing` only what it requires that the seeker lacks.
 */
export function textOf(reason: MatchReason): string {
  if (reason.kind !== 'skills') return reason.text;
  const { covered, missing } = reason;
  if (covered.length + missing.length === 0) return reason.text;
  if (covered.length === 0) return `You have none of the ${missing.length} skills it requires.`;
  const asks = `It asks for ${covered.length} of your skills.`;
  return missing.length === 0 ? asks : `${asks} You lack ${missing.length} it requires.`;
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

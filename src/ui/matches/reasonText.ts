import type { MatchReason } from '../../../contract';

/**
 * What the card says of a reason. The skills' own text also names them, which the card lists as
 * chips beside it, so the card counts them instead: among the reasons it matches, only the skills
 * the seeker has (what they lack is the "Skills you are missing" list, not a reason). `covered` is
 * every skill of the seeker's the posting asks for (nice-to-haves too), `missing` only what it
 * requires that the seeker lacks.
 */
export function textOf(reason: MatchReason): string {
  if (reason.kind !== 'skills') return reason.text;
  const { covered, missing } = reason;
  if (covered.length + missing.length === 0) return reason.text;
  if (covered.length === 0) return `You have none of the ${missing.length} skills it requires.`;
  return `It asks for ${covered.length} of your skills.`;
}

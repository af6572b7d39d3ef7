import { tokenize } from '../../skills/tokenize';
import type { Seniority } from '../jobRecord';

/** Title words for each level, checked from the most specific level down. */
const LEVEL_WORDS: readonly (readonly [Seniority, readonly string[]])[] = [
  ['intern', ['intern', 'internship', 'co-op', 'coop', 'apprentice', 'apprenticeship']],
  ['principal', ['principal', 'distinguished', 'fellow']],
  ['staff', ['staff']],
  ['senior', ['senior', 'sr', 'iii', 'iv', 'l5', 'e5']],
  ['lead', ['lead', 'leader', 'head', 'manager', 'director', 'vp']],
  ['junior', ['junior', 'jr', 'entry', 'graduate', 'grad', 'associate', 'i', 'l3']],
  ['mid', ['mid', 'intermediate', 'ii', 'l4']],
];

/** The seniority a job title states, or 'unknown' when it states none ("Software Engineer"). */
export function seniorityFromTitle(title: string): Seniority {
  const words = new Set(tokenize(title).words.map((word) => word.toLowerCase()));
  if (title.toLowerCase().includes('co-op')) words.add('co-op');
  for (const [level, markers] of LEVEL_WORDS) {
    if (markers.some((marker) => words.has(marker))) return level;
  }
  return 'unknown';
}

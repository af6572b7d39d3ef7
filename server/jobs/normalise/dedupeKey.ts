import { createHash } from 'node:crypto';
import { tokenize } from '../../skills/tokenize';

const normalised = (text: string) =>
  tokenize(text)
    .words.map((word) => word.toLowerCase())
    .join(' ');

/**
 * The same key for the same job however often or wherever we see it: company, title and the set
 * of locations, each lower-cased with punctuation and spacing ignored, hashed. Ids, times and
 * descriptions are left out on purpose: they change when a posting is edited or re-posted.
 */
export function dedupeKey(company: string, title: string, locations: readonly string[]): string {
  const places = [...new Set(locations.map(normalised))].sort().join('|');
  return createHash('sha256')
    .update([normalised(company), normalised(title), places].join('\n'))
    .digest('hex')
    .slice(0, 32);
}

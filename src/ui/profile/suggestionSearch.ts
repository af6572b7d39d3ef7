/** A thing to suggest: its name, and other spellings that find it ("k8s" for Kubernetes). */
export interface Suggestible {
  name: string;
  also?: readonly string[];
}

/** How well a spelling fits what was typed: lower is better, null is no fit. */
function fit(spelling: string, query: string): number | null {
  const text = spelling.toLowerCase();
  if (text === query) return 0;
  if (text.startsWith(query)) return 1;
  if (text.split(/[\s\-/.]+/).some((word) => word.startsWith(query))) return 2;
  return text.includes(query) ? 3 : null;
}

/**
 * The names to offer for `typed`, best first: the name itself, then names starting with it, then
 * names with a word starting with it, then names holding it; another spelling counts one step
 * less than the name. Names already chosen (in any case) are left out.
 */
export function suggestionsFor(
  typed: string,
  entries: readonly Suggestible[],
  chosen: readonly string[],
  most = 8,
): string[] {
  const query = typed.trim().toLowerCase();
  if (query === '') return [];
  const taken = new Set(chosen.map((name) => name.toLowerCase()));
  const ranked: { name: string; rank: number; at: number }[] = [];
  entries.forEach(({ name, also = [] }, at) => {
    if (taken.has(name.toLowerCase())) return;
    const ranks = [
      fit(name, query),
      ...also.map((spelling) => {
        const rank = fit(spelling, query);
        return rank === null ? null : rank + 0.5;
      }),
    ].filter((rank): rank is number => rank !== null);
    if (ranks.length > 0) ranked.push({ name, rank: Math.min(...ranks), at });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .slice(0, most)
    .map(({ name }) => name);
}

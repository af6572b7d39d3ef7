/**
 * Ranking figures for one seeker: how well the product's order of postings puts the postings the
 * seeker's hand grades rate highest first. Grades are 0 (irrelevant) and up; an ungraded posting
 * counts as 0.
 */

/** Discounted cumulative gain of the first `k` grades, in the exponential form (2^grade - 1). */
function dcg(grades: readonly number[], k: number): number {
  return grades
    .slice(0, k)
    .reduce((sum, grade, rank) => sum + (2 ** grade - 1) / Math.log2(rank + 2), 0);
}

/**
 * NDCG@k: the ranking's gain over the best possible order's. 1 when no posting is relevant at all
 * (no order can do better).
 */
export function ndcgAt(
  k: number,
  ranked: readonly string[],
  grades: ReadonlyMap<string, number>,
): number {
  const ideal = dcg(
    [...grades.values()].sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return 1;
  return (
    dcg(
      ranked.map((id) => grades.get(id) ?? 0),
      k,
    ) / ideal
  );
}

/** Precision@k: the share of the first k ranked postings graded at least `relevantFrom`. */
export function precisionAt(
  k: number,
  ranked: readonly string[],
  grades: ReadonlyMap<string, number>,
  relevantFrom = 1,
): number {
  const top = ranked.slice(0, k);
  if (top.length === 0) return 0;
  return top.filter((id) => (grades.get(id) ?? 0) >= relevantFrom).length / k;
}

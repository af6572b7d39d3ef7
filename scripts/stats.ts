/** Small order statistics for the benchmarks' printed figures. */

function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new Error('No values to summarize.');
  return [...values].sort((a, b) => a - b);
}

/** The middle value (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const ordered = sorted(values);
  const middle = Math.floor(ordered.length / 2);
  const upper = ordered[middle] ?? 0;
  return ordered.length % 2 === 1 ? upper : ((ordered[middle - 1] ?? upper) + upper) / 2;
}

/** The nearest-rank percentile (`p` from 0 to 100): a value that was measured. */
export function percentile(values: readonly number[], p: number): number {
  const ordered = sorted(values);
  const rank = Math.max(1, Math.ceil((p / 100) * ordered.length));
  return ordered[rank - 1] ?? 0;
}

/** The machine the figures come from, for a reader to judge them by. */
export function describeMachine(
  cpus: readonly { model: string }[],
  load: readonly number[],
): string {
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const loadAverage = load.map((value) => value.toFixed(2)).join(' ');
  return `${cpus.length} × ${model}, load average ${loadAverage} (1, 5, 15 min)`;
}

/** How many runs the environment variable `name` asks for (a whole number from 1 up), else `fallback`. */
export function runsFromEnv(name: string, fallback: number): number {
  const runs = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`${name} must be a whole number from 1 up.`);
  return runs;
}

/** A duration in whole milliseconds, e.g. `212 ms`. */
export function formatMs(value: number): string {
  return `${Math.round(value)} ms`;
}

/** mulberry32: a small seeded generator, so two runs draw the same data. */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

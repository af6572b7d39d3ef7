import type { JobSource } from '../jobRecord';
import type { BoardAnswer } from '../sources/boardResult';
import type { FetchBoard } from '../sources/boardSource';
import type { DefaultBoard } from './defaultBoards';

/**
 * What one probe says about a board: `live` (postings), `empty` (answers with none: closed or
 * moved), `gone` (404/410), `unreachable` (no connection or no answer in time) or `unsure` (rate
 * limited, a server error, an answer we cannot read: the board may be fine).
 */
export type Verdict = 'live' | 'empty' | 'gone' | 'unreachable' | 'unsure';

/** Verdicts that list a board as dead. */
export const DEAD_VERDICTS: ReadonlySet<Verdict> = new Set(['empty', 'gone', 'unreachable']);

export interface Probe {
  readonly verdict: Verdict;
  /** Why, for the report: "404", "0 postings", "timeout after 10000 ms". */
  readonly detail: string;
  /** The probe reached the host (any HTTP answer). */
  readonly connected: boolean;
}

/** Classifies a connector's answer for one board. */
export function classifyProbe(result: BoardAnswer): Probe {
  // A probe sends no validator, so a board never answers "unchanged" to one.
  if (result.ok && 'unchanged' in result)
    return { verdict: 'unsure', detail: '304 to an unconditional request', connected: true };
  if (result.ok) {
    const count = result.jobs.length;
    return count > 0
      ? { verdict: 'live', detail: `${count} postings`, connected: true }
      : { verdict: 'empty', detail: '0 postings', connected: true };
  }
  const { failure } = result;
  switch (failure.kind) {
    case 'not-found':
      return { verdict: 'gone', detail: '404', connected: true };
    case 'http-error':
      return failure.status === 410
        ? { verdict: 'gone', detail: '410', connected: true }
        : { verdict: 'unsure', detail: `HTTP ${failure.status}`, connected: true };
    case 'timeout':
      return {
        verdict: 'unreachable',
        detail: `no answer in ${failure.afterMs} ms`,
        connected: false,
      };
    case 'network':
      return { verdict: 'unreachable', detail: failure.detail, connected: false };
    case 'rate-limited':
      return { verdict: 'unsure', detail: 'rate limited (429)', connected: true };
    case 'server-error':
      return { verdict: 'unsure', detail: `HTTP ${failure.status}`, connected: true };
    case 'malformed':
      return { verdict: 'unsure', detail: failure.detail, connected: true };
  }
}

export interface CheckOptions {
  readonly boards: readonly (DefaultBoard & { readonly source: JobSource })[];
  readonly fetchers: Readonly<Record<JobSource, FetchBoard>>;
  readonly baseUrls: Readonly<Record<JobSource, string>>;
  /** Probes at once per API, so no host sees more than this many of ours. */
  readonly concurrency: number;
  /** Time limit per board. */
  readonly timeoutMs: number;
  /** Called after each probe, for progress. */
  readonly onProbe?: (board: DefaultBoard, probe: Probe) => void;
}

export interface CheckedBoard {
  readonly board: DefaultBoard;
  readonly probe: Probe;
}

/** Runs `work` on every item with at most `limit` running at once. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * After this many probes of one API and not one connection, its other boards are not probed: the
 * host (or the whole network) is out of reach, and each probe would only wait for DNS or the limit.
 */
export const GIVE_UP_AFTER_UNCONNECTED = 8;

/** Probes every board through its API's connector; each API has its own pool. */
export async function checkBoards(options: CheckOptions): Promise<CheckedBoard[]> {
  const checked: CheckedBoard[] = [];
  const bySource = new Map<JobSource, (DefaultBoard & { source: JobSource })[]>();
  for (const board of options.boards) {
    const boards = bySource.get(board.source) ?? [];
    boards.push(board);
    bySource.set(board.source, boards);
  }
  await Promise.all(
    [...bySource].map(([source, boards]) => {
      let connected = 0;
      let unconnected = 0;
      return inPool(boards, options.concurrency, async (board) => {
        const probe: Probe =
          connected === 0 && unconnected >= GIVE_UP_AFTER_UNCONNECTED
            ? {
                verdict: 'unreachable',
                detail: `not probed: the first ${unconnected} ${source} probes reached no host`,
                connected: false,
              }
            : classifyProbe(
                await options.fetchers[source](
                  { source, token: board.token },
                  { baseUrl: options.baseUrls[source], timeoutMs: options.timeoutMs },
                ),
              );
        if (probe.connected) connected += 1;
        else if (!probe.detail.startsWith('not probed')) unconnected += 1;
        checked.push({ board, probe });
        options.onProbe?.(board, probe);
      });
    }),
  );
  return checked;
}

/** The report: every dead board, then counts per verdict and API. */
export function formatCheckReport(checked: readonly CheckedBoard[]): string {
  const lines: string[] = [];
  const dead = checked
    .filter(({ probe }) => DEAD_VERDICTS.has(probe.verdict))
    .sort((a, b) =>
      `${a.board.source}:${a.board.token}`.localeCompare(`${b.board.source}:${b.board.token}`),
    );
  for (const { board, probe } of dead) {
    lines.push(
      `${probe.verdict.padEnd(11)} ${board.source}:${board.token} (${board.company}): ${probe.detail}`,
    );
  }
  const counts = new Map<string, Record<Verdict, number>>();
  for (const { board, probe } of checked) {
    const row = counts.get(board.source) ?? {
      live: 0,
      empty: 0,
      gone: 0,
      unreachable: 0,
      unsure: 0,
    };
    row[probe.verdict] += 1;
    counts.set(board.source, row);
  }
  lines.push('', 'API              boards   live  empty   gone  unreachable  unsure');
  for (const [source, row] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    const total = Object.values(row).reduce((sum, n) => sum + n, 0);
    lines.push(
      `${source.padEnd(15)} ${String(total).padStart(7)} ${String(row.live).padStart(6)} ` +
        `${String(row.empty).padStart(6)} ${String(row.gone).padStart(6)} ` +
        `${String(row.unreachable).padStart(12)} ${String(row.unsure).padStart(7)}`,
    );
  }
  lines.push(`${dead.length} of ${checked.length} boards look dead (empty, gone or unreachable).`);
  if (checked.length > 0 && checked.every(({ probe }) => !probe.connected)) {
    lines.push(
      'No probe reached its host: this machine looks offline (or the APIs block it), so ' +
        '"unreachable" here says nothing about the boards. Run the check where there is internet.',
    );
  }
  return lines.join('\n');
}

/**
 * The freshness benchmark's boards: many boards of the APIs the default list is made of, in its
 * shares, filled with real postings (the matching evaluation set's recorded answers, and the
 * recorded Workable boards) copied under each board's own ids and company name.
 */
import path from 'node:path';
import type { DefaultBoard } from '../../server/jobs/boards/defaultBoards';
import type { BoardRef, JobSource } from '../../server/jobs/jobRecord';
import { companyFromToken } from '../../server/jobs/sources/boardSource';
import { BoardStore } from '../../dev/jobBoards/boardStore';
import { DEFAULT_FIXTURES_DIRECTORY } from '../../dev/jobBoards/standInServer';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');
const DAY_MS = 24 * 60 * 60_000;

/** The default list's shares of its four APIs (server/jobs/boards/boards.json). */
const SOURCE_SHARES: readonly (readonly [FarmSource, number])[] = [
  ['greenhouse', 1994],
  ['lever', 892],
  ['ashby', 683],
  ['workable', 128],
];
export type FarmSource = Extract<JobSource, 'greenhouse' | 'lever' | 'ashby' | 'workable'>;

/**
 * Board sizes: log-normal with this median and spread, within [1, MAX_SIZE]: many small companies
 * with a handful of openings, a few with hundreds.
 */
const SIZE_MEDIAN = 10;
const SIZE_SIGMA = 1.1;
const MAX_SIZE = 1500;
/**
 * How long a posting stays open on average. By Little's law a board's new postings a day are its
 * open postings over this; its changes (new or closed) twice that.
 */
export const MEAN_DAYS_OPEN = 40;

export interface FarmBoard {
  readonly board: BoardRef & { readonly source: FarmSource };
  readonly size: number;
  /** Its posting `at` is template `(first + at) % templates`, with serial `serialOf(at)`. */
  readonly first: number;
  readonly serialOf: (at: number) => number;
  /** New postings a day on average. */
  readonly postingsPerDay: number;
  /** When its postings last changed before the run (epoch ms), drawn from its rate. */
  readonly lastChangeAt: number;
}

export interface BoardFarm {
  /** The farm's boards, and each source's template board. */
  readonly store: BoardStore;
  readonly templates: Readonly<Record<FarmSource, readonly unknown[]>>;
  readonly boards: readonly FarmBoard[];
  /** The boards in the default list's format, for JOB_BOARDS_FILE. */
  readonly list: readonly DefaultBoard[];
}

/** Each source's real postings, in its own shape. */
function templatesBySource(): Record<FarmSource, unknown[]> {
  const recorded = [
    BoardStore.fromFixtures(path.join(PROJECT_ROOT, 'eval', 'matching', 'postings')),
    BoardStore.fromFixtures(DEFAULT_FIXTURES_DIRECTORY),
  ];
  const templates: Record<FarmSource, unknown[]> = {
    greenhouse: [],
    lever: [],
    ashby: [],
    workable: [],
  };
  const [evalSet, fixtures] = recorded as [BoardStore, BoardStore];
  for (const board of evalSet.list()) {
    if (board.source in templates)
      templates[board.source as FarmSource].push(...(evalSet.postings(board) ?? []));
  }
  // The other fixtures are fictional; Workable's are recorded answers.
  for (const board of fixtures.list().filter(({ source }) => source === 'workable'))
    templates.workable.push(...(fixtures.postings(board) ?? []));
  for (const [source, postings] of Object.entries(templates))
    if (postings.length === 0) throw new Error(`No recorded ${source} postings to copy`);
  return templates;
}

/** The id a farm posting has at its source (Greenhouse's are numbers). */
export const farmPostingId = (source: FarmSource, token: string, serial: number): string =>
  source === 'greenhouse' ? String(serial) : `${token}-${serial}`;

/** A copy of a recorded posting as the board's own: its id, and for Greenhouse its company. */
function copyFor(source: FarmSource, template: unknown, board: BoardRef, serial: number): unknown {
  const posting = { ...(template as Record<string, unknown>) };
  const id = farmPostingId(source, board.token, serial);
  if (source === 'greenhouse') {
    posting.id = serial;
    posting.company_name = companyFromToken(board.token);
  } else if (source === 'workable') posting.shortcode = id;
  else posting.id = id;
  return posting;
}

/** The board holding each source's recorded postings once, posting i with serial i. */
export const templateBoard = (source: FarmSource): BoardRef => ({
  source,
  token: 'farm-templates',
});

function sourceFor(draw: number): FarmSource {
  const total = SOURCE_SHARES.reduce((sum, [, share]) => sum + share, 0);
  let at = draw * total;
  for (const [source, share] of SOURCE_SHARES) {
    if (at < share) return source;
    at -= share;
  }
  return 'greenhouse';
}

/** A standard normal draw (Box–Muller). */
const normal = (random: () => number) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** An exponential draw with the given mean. */
export const exponential = (random: () => number, mean: number) => -Math.log(1 - random()) * mean;

export function buildBoardFarm(count: number, random: () => number, now: number): BoardFarm {
  const templates = templatesBySource();
  const boards: FarmBoard[] = [];
  const entries: (readonly [BoardRef, unknown[]])[] = Object.entries(templates).map(
    ([source, pool]) => {
      const board = templateBoard(source as FarmSource);
      return [board, pool.map((posting, at) => copyFor(source as FarmSource, posting, board, at))];
    },
  );
  const list: DefaultBoard[] = [];
  for (let index = 0; index < count; index += 1) {
    const source = sourceFor(random());
    const board = { source, token: `farm-${index}` };
    const size = Math.min(
      MAX_SIZE,
      Math.max(1, Math.round(SIZE_MEDIAN * Math.exp(SIZE_SIGMA * normal(random)))),
    );
    const pool = templates[source];
    const first = Math.floor(random() * pool.length);
    const serialOf = (at: number) => index * 10_000 + at + 1;
    const postings = Array.from({ length: size }, (_, at) =>
      copyFor(source, pool[(first + at) % pool.length], board, serialOf(at)),
    );
    const postingsPerDay = size / MEAN_DAYS_OPEN;
    // Changes (openings and closings) arrive at twice the opening rate; the last one was an
    // exponential wait ago.
    const lastChangeAt = now - exponential(random, DAY_MS / (2 * postingsPerDay));
    boards.push({ board, size, first, serialOf, postingsPerDay, lastChangeAt });
    entries.push([board, postings]);
    list.push({
      company: companyFromToken(board.token),
      source,
      token: board.token,
      website: '',
      origin: 'bench',
    });
  }
  return { store: BoardStore.fromBoards(entries), templates, boards, list };
}

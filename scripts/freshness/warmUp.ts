/**
 * The freshness benchmark's warm-up: every farm board's postings stored once, as its first poll
 * would store them, before the backend starts.
 */
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { boardKey, type BoardRef, type JobRecord } from '../../server/jobs/jobRecord';
import { dedupeKey } from '../../server/jobs/normalise/dedupeKey';
import { companyFromToken } from '../../server/jobs/sources/boardSource';
import { BOARD_FETCHERS } from '../../server/jobs/sources/fetchBoard';
import { DEFAULT_LEVER_PAGE_SIZE } from '../../server/jobs/sources/lever';
import type { StandIn } from '../../dev/jobBoards/standInServer';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import { jobContentOf } from '../../server/jobs/store/jobRow';
import type { Validator } from '../../server/jobs/sources/validator';
import { randomFrom } from '../stats';
import {
  farmPostingId,
  templateBoard,
  type BoardFarm,
  type FarmBoard,
  type FarmSource,
} from './boardFarm';

const TIMEOUT_MS = 20_000;
const WARM_UP_CONCURRENCY = 4;
/** Boards read through their connector to check the warm-up's copies. */
const CHECKED_BOARDS = 40;

type Fetched = { readonly jobs: readonly JobRecord[] };

async function readBoard(board: BoardRef, standIn: StandIn): Promise<Fetched> {
  const result = await BOARD_FETCHERS[board.source](board, {
    baseUrl: standIn.url,
    timeoutMs: TIMEOUT_MS,
  });
  if (!result.ok) throw new Error(`${boardKey(board)}: ${result.failure.kind}`);
  if (!('jobs' in result)) throw new Error(`${boardKey(board)}: no postings in the answer`);
  return result;
}

/**
 * Each farm board's postings as its connector reads them, made from each recorded posting read once
 * (reading 10,000 boards' descriptions would take the warm-up minutes): only the id, board and
 * company differ between copies.
 */
async function recordsOfFarm(farm: BoardFarm, standIn: StandIn) {
  const bySource = new Map<FarmSource, ReadonlyMap<string, JobRecord>>();
  for (const source of Object.keys(farm.templates) as FarmSource[]) {
    const { jobs } = await readBoard(templateBoard(source), standIn);
    bySource.set(source, new Map(jobs.map((job) => [job.externalId, job])));
  }
  return ({ board, size, first, serialOf }: FarmBoard): JobRecord[] => {
    const parsed = bySource.get(board.source);
    const count = farm.templates[board.source].length;
    const company = companyFromToken(board.token);
    return Array.from({ length: size }, (_, at) => {
      const template = parsed?.get(
        farmPostingId(board.source, 'farm-templates', (first + at) % count),
      );
      if (template === undefined) return [];
      return [
        {
          ...template,
          board,
          company,
          externalId: farmPostingId(board.source, board.token, serialOf(at)),
          dedupeKey: dedupeKey(company, template.title, template.locations),
        },
      ];
    }).flat();
  };
}

const contentsOf = (records: readonly JobRecord[]) =>
  records
    .map((record) => `${record.externalId} ${jobContentOf(record).contentHash}`)
    .sort()
    .join('\n');

/** Every board's postings stored once, as its first poll would, and taken as already alerted. */
export async function storeEveryBoard(
  url: string,
  farm: BoardFarm,
  standIn: StandIn,
): Promise<void> {
  const started = Date.now();
  const recordsOf = await recordsOfFarm(farm, standIn);
  // The copies must be what the backend reads, or its first polls would see every board change.
  const random = randomFrom(3);
  for (let check = 0; check < CHECKED_BOARDS; check += 1) {
    const farmBoard = farm.boards[Math.floor(random() * farm.boards.length)];
    if (farmBoard === undefined) continue;
    const read = await readBoard(farmBoard.board, standIn);
    if (contentsOf(read.jobs) !== contentsOf(recordsOf(farmBoard)))
      throw new Error(
        `The warm-up's copies of ${boardKey(farmBoard.board)} differ from its reading`,
      );
  }
  const database = await openDatabase({ kind: 'postgres', url });
  const queue = [...farm.boards];
  try {
    await Promise.all(
      Array.from({ length: WARM_UP_CONCURRENCY }, async () => {
        for (let next = queue.pop(); next !== undefined; next = queue.pop())
          await ingestBoard(database.db, next.board, recordsOf(next), new Date());
      }),
    );
  } finally {
    await database.close();
  }
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const { rowCount } = await sql.query(
    'update jobs set alerted_at = first_seen_at where alerted_at is null',
  );
  await sql.end();
  console.log(
    `Stored ${rowCount ?? 0} postings of ${farm.boards.length} boards in ` +
      `${Math.round((Date.now() - started) / 1000)} s.`,
  );
}

/** An empty board in the shape of every one-request API (Greenhouse, Ashby, Workable, Recruitee). */
const EMPTY_BOARD = JSON.stringify({ name: 'Farm', jobs: [], offers: [] });
/** Lever answers a bare array. */
const EMPTY_LEVER_PAGE = '[]';

/**
 * Each board's validator as a poll in a steady state holds it: the connector asks the stand-in, the
 * answer's headers are kept and its body swapped for an empty board, so nothing is parsed. A Lever
 * board keeps one only when its first page is the whole board (lever.ts); the empty page would make
 * every Lever board look so, so one of a full page or more is given none, as the backend gives it.
 */
export async function validatorsOf(
  farm: BoardFarm,
  standIn: StandIn,
): Promise<Map<string, Validator>> {
  const validators = new Map<string, Validator>();
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    await response.body?.cancel();
    const lever = String(input instanceof Request ? input.url : input).includes('/v0/postings/');
    return new Response(lever ? EMPTY_LEVER_PAGE : EMPTY_BOARD, {
      status: response.status,
      headers: response.headers,
    });
  };
  try {
    for (const { board, size } of farm.boards) {
      const answer = await BOARD_FETCHERS[board.source](board, {
        baseUrl: standIn.url,
        timeoutMs: TIMEOUT_MS,
      });
      const onePage = board.source !== 'lever' || size < DEFAULT_LEVER_PAGE_SIZE;
      if (onePage && answer.ok && 'validator' in answer && answer.validator !== undefined)
        validators.set(boardKey(board), answer.validator);
    }
  } finally {
    globalThis.fetch = realFetch;
  }
  return validators;
}

/**
 * `npm run bench:freshness [-- --boards 10000 --minutes 8 --drain 5 --seed 1]`: the backend polls
 * a stand-in of `--boards` boards (scripts/freshness/boardFarm.ts) on a throwaway PostgreSQL
 * server, first with the adaptive schedule, then with every board read every 60 s, side by side in
 * one run. For `--minutes`, new postings arrive on the boards at the rate their sizes give in
 * working hours; then it waits up to `--drain` minutes for their alerts. It prints the polls a
 * second, the backend's CPU and memory, the database's writes a second, and the freshness of the
 * postings (publication on the board to `alerted_at`, the moment the alert run was done with it):
 * p50, p90, p99, for all and for boards that changed within the day before.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { boardKey, JOB_SOURCES } from '../server/jobs/jobRecord';
import { adaptiveDelayMs } from '../server/jobs/poll/adaptiveInterval';
import { pollQueueOptions } from '../server/jobs/poll/boardPolling';
import { pollDataOf, POLL_BOARD_QUEUE } from '../server/jobs/poll/pollJob';
import { BASE_URL_SETTINGS } from '../server/jobs/settings';
import { startStandIn, type StandIn } from '../dev/jobBoards/standInServer';
import { startBackendProcess } from './backendProcess';
import { buildBoardFarm, exponential, type BoardFarm, type FarmBoard } from './freshness/boardFarm';
import { counters, rssMbOf, type Counters } from './freshness/counters';
import { storeEveryBoard, validatorsOf } from './freshness/warmUp';
import type { Validator } from '../server/jobs/sources/validator';
import { startThrowawayPostgres } from './postgres';
import { describeMachine, median, percentile, randomFrom } from './stats';

const { values } = parseArgs({
  options: {
    boards: { type: 'string', default: '10000' },
    minutes: { type: 'string', default: '8' },
    drain: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    variants: { type: 'string', default: 'adaptive,fixed' },
  },
});
const BOARDS = Number(values.boards);
const WINDOW_MS = Number(values.minutes) * 60_000;
const DRAIN_MS = Number(values.drain) * 60_000;
const INTERVAL_SECONDS = 60;
const INTERVAL_MS = INTERVAL_SECONDS * 1000;
/** After the backend starts (it queues every board it polls), before anything is measured. */
const SETTLE_MS = 60_000;
const TIMEOUT_SECONDS = 20;
const DAY_MS = 24 * 60 * 60_000;
/**
 * Postings go up in working hours (about 8 of 24 hours, 5 of 7 days): their rate then is this many
 * times the day's average.
 */
const WORKING_HOURS_FACTOR = (24 / 8) * (7 / 5);
const SAMPLE_EVERY_MS = 2_000;

type Variant = 'adaptive' | 'fixed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The boards' polls, queued before the backend starts (its own queueing then finds them there):
 * each at a random point of its interval, with its last change as the schedule knows it. Fixed:
 * every board changed just now, which holds it at the base interval for the run.
 */
async function queuePolls(
  url: string,
  boards: readonly FarmBoard[],
  variant: Variant,
  now: number,
  validators: ReadonlyMap<string, Validator>,
) {
  const boss = new PgBoss({ connectionString: url });
  boss.on('error', (error) => console.error('seeding pg-boss:', error));
  await boss.start();
  try {
    await boss.createQueue(POLL_BOARD_QUEUE, pollQueueOptions(TIMEOUT_SECONDS * 1000));
    await boss.deleteAllJobs(POLL_BOARD_QUEUE);
    const random = randomFrom(7);
    for (let at = 0; at < boards.length; at += 1000) {
      await boss.insert(
        POLL_BOARD_QUEUE,
        boards.slice(at, at + 1000).map(({ board, lastChangeAt }) => ({
          data: pollDataOf(
            board,
            0,
            variant === 'fixed' ? now : lastChangeAt,
            validators.get(boardKey(board)),
          ),
          singletonKey: boardKey(board),
          // As in a steady state: somewhere within the board's own interval.
          startAfter: new Date(
            now +
              random() *
                (variant === 'fixed'
                  ? INTERVAL_MS
                  : adaptiveDelayMs(INTERVAL_MS, lastChangeAt, now)),
          ),
        })),
      );
    }
  } finally {
    await boss.stop({ graceful: false, timeout: 5_000 });
  }
}

interface Published {
  readonly key: string;
  readonly id: string;
  readonly at: number;
  /** The board changed within the day before. */
  readonly activeBoard: boolean;
}

/** Postings on random boards, each board at its working-hours rate, for WINDOW_MS. */
async function publishForWindow(
  standIn: StandIn,
  boards: readonly FarmBoard[],
  lastChange: Map<string, number>,
  random: () => number,
): Promise<Published[]> {
  const perDay = boards.reduce((sum, { postingsPerDay }) => sum + postingsPerDay, 0);
  const meanGapMs = DAY_MS / (perDay * WORKING_HOURS_FACTOR);
  const cumulative: number[] = [];
  boards.reduce((sum, { postingsPerDay }) => {
    cumulative.push(sum + postingsPerDay);
    return sum + postingsPerDay;
  }, 0);
  const published: Published[] = [];
  const end = Date.now() + WINDOW_MS;
  for (let next = Date.now() + exponential(random, meanGapMs); next < end;) {
    await sleep(Math.max(0, next - Date.now()));
    const draw = random() * perDay;
    const index = cumulative.findIndex((sum) => sum > draw);
    const farmBoard = boards[index === -1 ? boards.length - 1 : index];
    if (farmBoard === undefined) continue;
    const key = boardKey(farmBoard.board);
    const at = Date.now();
    const { id } = standIn.publish(farmBoard.board);
    published.push({ key, id, at, activeBoard: at - (lastChange.get(key) ?? 0) <= DAY_MS });
    lastChange.set(key, at);
    next += exponential(random, meanGapMs);
  }
  await sleep(Math.max(0, end - Date.now()));
  return published;
}

interface VariantResult {
  readonly variant: Variant;
  readonly seconds: number;
  readonly pollsPerSecond: number;
  readonly cores: number;
  readonly rssMedianMb: number;
  readonly rssMaxMb: number;
  readonly writesPerSecond: number;
  readonly jobWritesPerSecond: number;
  readonly commitsPerSecond: number;
  readonly all: readonly number[];
  readonly active: readonly number[];
  readonly published: number;
  readonly load: readonly number[];
}

/** Freshness in ms, +Infinity for a posting not alerted by the end of the drain. */
async function freshnessOf(sql: pg.Client, published: readonly Published[]): Promise<number[]> {
  const { rows } = await sql.query<{ key: string; alerted: string | null }>(
    `select source || ':' || board || '/' || external_id as key,
            (extract(epoch from alerted_at) * 1000)::bigint::text as alerted
       from jobs where source || ':' || board || '/' || external_id = any($1)`,
    [published.map(({ key, id }) => `${key}/${id}`)],
  );
  const alertedAt = new Map(rows.map((row) => [row.key, row.alerted]));
  return published.map(({ key, id, at }) => {
    const alerted = alertedAt.get(`${key}/${id}`);
    return alerted === undefined || alerted === null ? Infinity : Number(alerted) - at;
  });
}

/** For each posting with no alert: its board, the board's size, and whether a poll stored it. */
async function describeUnalerted(
  sql: pg.Client,
  published: readonly Published[],
  freshness: readonly number[],
  farm: BoardFarm,
): Promise<void> {
  const sizes = new Map(farm.boards.map((b) => [boardKey(b.board), b.size]));
  for (const [index, posting] of published.entries()) {
    if (freshness[index] !== Infinity) continue;
    const { rows } = await sql.query<{ stored: boolean }>(
      `select exists(select 1 from jobs where source || ':' || board || '/' || external_id = $1)
         as stored`,
      [`${posting.key}/${posting.id}`],
    );
    const age = Math.round((Date.now() - posting.at) / 1000);
    console.log(
      `  no alert: ${posting.key} (${sizes.get(posting.key) ?? '?'} postings, ` +
        `${posting.activeBoard ? 'changed' : 'quiet'} the day before), published ${age} s ago, ` +
        `${rows[0]?.stored === true ? 'stored by a poll' : 'not stored'}`,
    );
  }
}

async function runVariant(
  variant: Variant,
  context: { url: string; farm: BoardFarm; standIn: StandIn; listFile: string },
): Promise<VariantResult> {
  const { url, farm, standIn, listFile } = context;
  const lastChange = new Map(farm.boards.map((b) => [boardKey(b.board), b.lastChangeAt]));
  const validators = await validatorsOf(farm, standIn);
  await queuePolls(url, farm.boards, variant, Date.now(), validators);
  const backend = await startBackendProcess({
    name: `backend (${variant})`,
    env: {
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      GUEST_CLEANUP_EVERY_HOURS: 'off',
      SMTP_URL: '',
      JOB_BOARDS_FILE: listFile,
      JOB_POLL_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
      JOB_BOARD_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      ...Object.fromEntries(JOB_SOURCES.map((source) => [BASE_URL_SETTINGS[source], standIn.url])),
    },
  });
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const rss: number[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    await sleep(SETTLE_MS);
    sampler = setInterval(() => rss.push(rssMbOf(backend.pid)), SAMPLE_EVERY_MS);
    const before = await counters(sql, backend.pid);
    const started = Date.now();
    const published = await publishForWindow(standIn, farm.boards, lastChange, randomFrom(11));
    const seconds = (Date.now() - started) / 1000;
    const after = await counters(sql, backend.pid);
    const load = loadavg();
    // The drain: until every posting has its alert, or DRAIN_MS.
    const drainEnd = Date.now() + DRAIN_MS;
    let freshness = await freshnessOf(sql, published);
    while (freshness.some((value) => value === Infinity) && Date.now() < drainEnd) {
      await sleep(5_000);
      freshness = await freshnessOf(sql, published);
    }
    const active = freshness.filter((_, index) => published[index]?.activeBoard === true);
    await describeUnalerted(sql, published, freshness, farm);
    const rate = (field: keyof Counters) => (after[field] - before[field]) / seconds;
    return {
      variant,
      seconds,
      pollsPerSecond: rate('polls'),
      cores: rate('cpuSeconds'),
      rssMedianMb: rss.length === 0 ? 0 : median(rss),
      rssMaxMb: Math.max(0, ...rss),
      writesPerSecond: rate('writes'),
      jobWritesPerSecond: rate('jobWrites'),
      commitsPerSecond: rate('commits'),
      all: freshness,
      active,
      published: published.length,
      load,
    };
  } finally {
    clearInterval(sampler);
    await sql.end();
    await backend.stop();
  }
}

const seconds = (values: readonly number[], p: number) => {
  if (values.length === 0) return 'n/a';
  const value = percentile(values, p);
  return value === Infinity ? 'no alert' : `${(value / 1000).toFixed(1)} s`;
};

function printResults(results: readonly VariantResult[]) {
  const rows: [string, (result: VariantResult) => string][] = [
    ['postings published', (r) => String(r.published)],
    ['polls a second', (r) => r.pollsPerSecond.toFixed(1)],
    ['backend CPU (cores)', (r) => r.cores.toFixed(2)],
    ['  CPU a poll', (r) => `${((1000 * r.cores) / r.pollsPerSecond).toFixed(1)} ms`],
    [
      'backend RSS median / max',
      (r) => `${r.rssMedianMb.toFixed(0)} / ${r.rssMaxMb.toFixed(0)} MB`,
    ],
    ['database writes a second (rows)', (r) => r.writesPerSecond.toFixed(0)],
    ['  of them to jobs', (r) => r.jobWritesPerSecond.toFixed(1)],
    ['database commits a second', (r) => r.commitsPerSecond.toFixed(0)],
    [
      'freshness p50 / p90 / p99, all',
      (r) => [50, 90, 99].map((p) => seconds(r.all, p)).join(' / '),
    ],
    [
      '  boards changed in the last day',
      (r) => `${[50, 90, 99].map((p) => seconds(r.active, p)).join(' / ')} (${r.active.length})`,
    ],
    [
      'postings with no alert by the end',
      (r) => `${r.all.filter((value) => value === Infinity).length} of ${r.published}`,
    ],
    ['load average at the end', (r) => r.load.map((value) => value.toFixed(2)).join(' ')],
  ];
  console.log(`\n| | ${results.map((r) => r.variant).join(' | ')} |`);
  console.log(`| --- | ${results.map(() => '---').join(' | ')} |`);
  for (const [label, cell] of rows)
    console.log(`| ${label} | ${results.map((result) => cell(result)).join(' | ')} |`);
  console.log(`\n${describeMachine(cpus(), loadavg())}`);
}

async function main(): Promise<void> {
  const variants = (values.variants ?? '').split(',') as Variant[];
  const farm = buildBoardFarm(BOARDS, randomFrom(Number(values.seed)), Date.now());
  const postings = farm.boards.reduce((sum, { size }) => sum + size, 0);
  console.log(
    `${BOARDS} boards, ${postings} postings (median board ${median(farm.boards.map((b) => b.size))}), ` +
      `${variants.join(' then ')}; ${values.minutes} min of postings each, up to ${values.drain} min more for their alerts.`,
  );
  const postgres = await startThrowawayPostgres();
  const standIn = await startStandIn({ store: farm.store, publishEveryMs: 0 });
  const directory = await mkdtemp(path.join(tmpdir(), 'applyfirst-freshness-'));
  const listFile = path.join(directory, 'boards.json');
  writeFileSync(listFile, JSON.stringify(farm.list));
  try {
    await storeEveryBoard(postgres.url, farm, standIn);
    const results: VariantResult[] = [];
    for (const variant of variants)
      results.push(await runVariant(variant, { url: postgres.url, farm, standIn, listFile }));
    printResults(results);
  } finally {
    await standIn.close();
    await postgres.stop();
    await rm(directory, { recursive: true, force: true });
  }
}

await main();

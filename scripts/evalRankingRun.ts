/**
 * The ranking half of `npm run eval:matching`: the graded postings stored in an in-memory PGlite
 * database by the product's own ingest, each labelled seeker's profile saved as `PUT /v1/profile`
 * saves it, the product's matching run as `GET /v1/matches` runs it, and the list measured against
 * the seeker's hand grades (evalSeekers.ts), per seeker and overall, for the train and the test
 * split's postings apart.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { JobMatch } from '../contract';
import { openDatabase, type Database } from '../server/db/database';
import { jobs } from '../server/db/schema';
import type { BoardRef, JobSource } from '../server/jobs/jobRecord';
import { ingestBoard } from '../server/jobs/store/ingestBoard';
import { findMatches } from '../server/matching/findMatches';
import { normaliseProfile } from '../server/profile/normaliseProfile';
import { saveProfile } from '../server/profile/profileStore';
import type { Split } from './evalLabels';
import {
  rankingFigures,
  readGrades,
  readSeekers,
  type EvalSeeker,
  type RankedPosting,
  type RankingFigures,
  type SeekerGrades,
} from './evalSeekers';
import { postingsFileOf, readJson, recordsOf, type Compared } from './evalSet';

const SEEN_AT = new Date('2026-01-01T00:00:00.000Z');

const keyOf = (source: JobSource, token: string, id: string) => `${source}:${token}:${id}`;

interface GradedPosting extends RankedPosting {
  readonly split: Split;
}

/**
 * The graded boards' postings stored as the poller stores them; answers each stored job id's key.
 * Postings nobody graded are left out, so that every listed posting has a grade.
 */
async function storePostings(
  db: Database,
  dir: string,
  graded: ReadonlySet<string>,
): Promise<Map<number, string>> {
  const boards = new Map<string, BoardRef>();
  for (const key of graded) {
    const [source, token] = key.split(':');
    if ((source === 'greenhouse' || source === 'lever' || source === 'ashby') && token)
      boards.set(`${source}:${token}`, { source, token });
  }
  for (const board of boards.values()) {
    const file = postingsFileOf(dir, board.source, board.token);
    if (file === null) continue;
    const records = recordsOf(board, readJson(file)).filter((record) =>
      graded.has(keyOf(board.source, board.token, record.externalId)),
    );
    await ingestBoard(db, board, records, SEEN_AT);
  }
  const rows = await db
    .select({ id: jobs.id, source: jobs.source, board: jobs.board, externalId: jobs.externalId })
    .from(jobs);
  return new Map(rows.map((row) => [row.id, keyOf(row.source, row.board, row.externalId)]));
}

interface SeekerRun {
  readonly seeker: EvalSeeker;
  readonly grades: SeekerGrades;
  /** The listed postings' keys, best first. */
  readonly ranked: readonly string[];
  /** The same list as the product answers it, with each match's score and reasons. */
  readonly matches: readonly JobMatch[];
}

/** Each seeker's profile saved under a fake uid and matched, as the product does for a user. */
async function runSeekers(
  db: Database,
  seekers: readonly EvalSeeker[],
  gradesOf: ReadonlyMap<string, SeekerGrades>,
  keyOfJob: ReadonlyMap<number, string>,
): Promise<SeekerRun[]> {
  const runs: SeekerRun[] = [];
  for (const seeker of seekers) {
    const grades = gradesOf.get(seeker.id);
    if (grades === undefined) continue;
    const uid = `eval-seeker-${seeker.id}`;
    // Where the seeker lives goes in the profile's country, unless the profile names one itself.
    const where = { country: seeker.livesIn, ...seeker.profile.where };
    await saveProfile(db, uid, 1, normaliseProfile({ ...seeker.profile, where }));
    const { matches } = await findMatches(db, uid, 1);
    const ranked = matches.map((match) => keyOfJob.get(match.jobId) ?? `job ${match.jobId}`);
    runs.push({ seeker, grades, ranked, matches });
  }
  return runs;
}

const fixed = (value: number | null) => (value === null ? '-' : value.toFixed(2));

function printTable(rows: readonly (readonly string[])[]): void {
  const widths = (rows[0] ?? []).map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  for (const row of rows)
    console.log(
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    );
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** One split's figures: each seeker's, and the mean (NDCG@10, P@5) or sum of them all. */
export interface SplitFigures {
  readonly seekers: readonly { readonly run: SeekerRun; readonly figures: RankingFigures }[];
  readonly listed: number;
  readonly relevant: number;
  readonly relevantListed: number;
  /** Over the seekers with a posting graded above 0; null when none is. */
  readonly ndcg10: number | null;
  /** Over the seekers with a relevant posting; null when none has. */
  readonly precision5: number | null;
  /** The most that mean could be with these grades, whatever the order. */
  readonly bestPrecision5: number | null;
  readonly gradeZeroInTop10: number;
  readonly outsidePlacesListed: number;
  readonly withGrades: number;
  readonly withRelevant: number;
}

export function splitFigures(
  runs: readonly SeekerRun[],
  pool: readonly GradedPosting[],
): SplitFigures {
  const seekers = runs.map((run) => ({
    run,
    figures: rankingFigures(run.ranked, pool, run.grades.grades, run.seeker),
  }));
  const withGrades = seekers.filter(({ figures: f }) => f.ndcg10 !== null);
  const withRelevant = seekers.filter(({ figures: f }) => f.relevant > 0);
  const sum = (pick: (f: RankingFigures) => number) =>
    seekers.reduce((total, { figures: f }) => total + pick(f), 0);
  return {
    seekers,
    listed: sum((f) => f.listed),
    relevant: sum((f) => f.relevant),
    relevantListed: sum((f) => f.relevantListed),
    ndcg10: mean(withGrades.map(({ figures: f }) => f.ndcg10 ?? 0)),
    precision5: mean(withRelevant.map(({ figures: f }) => f.precision5)),
    bestPrecision5: mean(withRelevant.map(({ figures: f }) => f.bestPrecision5)),
    gradeZeroInTop10: sum((f) => f.gradeZeroInTop10),
    outsidePlacesListed: sum((f) => f.outsidePlacesListed),
    withGrades: withGrades.length,
    withRelevant: withRelevant.length,
  };
}

function printSplit(name: string, runs: readonly SeekerRun[], pool: readonly GradedPosting[]) {
  const split = splitFigures(runs, pool);
  const header = [
    'seeker',
    'listed',
    'relevant',
    'rel. listed',
    'NDCG@10',
    'P@5',
    'best P@5',
    'grade 0 in top 10',
    'outside places',
  ];
  const row = (id: string, f: RankingFigures): string[] => [
    id,
    String(f.listed),
    String(f.relevant),
    String(f.relevantListed),
    fixed(f.ndcg10),
    fixed(f.precision5),
    fixed(f.bestPrecision5),
    String(f.gradeZeroInTop10),
    String(f.outsidePlacesListed),
  ];
  console.log(`\n${name}: ${pool.length} graded postings`);
  printTable([
    header,
    ...split.seekers.map(({ run, figures: f }) => row(run.seeker.id, f)),
    [
      'all (sum or mean)',
      String(split.listed),
      String(split.relevant),
      String(split.relevantListed),
      fixed(split.ndcg10),
      fixed(split.precision5),
      fixed(split.bestPrecision5),
      String(split.gradeZeroInTop10),
      String(split.outsidePlacesListed),
    ],
  ]);
  console.log(
    `NDCG@10 is the mean over the ${split.withGrades} seekers with a posting graded above 0, P@5 (relevant: grade 2 or 3) over the ${split.withRelevant} with a relevant posting; best P@5 is the most any order could reach with fewer than five relevant postings; '-' where nothing is graded above 0.`,
  );
}

/** A posting's key as the tables show it: its API and board. */
export const boardOf = (key: string) => key.split(':').slice(0, 2).join(':');

/** Each seeker's first five listed postings with their grades, to read what the figures hide. */
function printTops(runs: readonly SeekerRun[], pool: readonly GradedPosting[]): void {
  const titleOf = new Map(pool.map(({ key, label }) => [key, label.title.trim()]));
  console.log('\nFirst five of each list (grade, posting):');
  for (const { seeker, grades, ranked } of runs) {
    console.log(`- ${seeker.id}`);
    for (const key of ranked.slice(0, 5))
      console.log(
        `    ${grades.grades.get(key) ?? 0}  ${boardOf(key)} "${titleOf.get(key) ?? key}"`,
      );
  }
}

/** What earned a match its points, briefly: "title 40 (Backend Engineer), skills 12 (Go, AWS)". */
function pointsOf(match: JobMatch): string {
  return match.reasons
    .filter((reason) => reason.points > 0)
    .map((reason) => {
      const why =
        reason.kind === 'title'
          ? ` (${reason.matchedRole ?? ''})`
          : reason.kind === 'skills'
            ? ` (${reason.covered.join(', ')})`
            : '';
      return `${reason.kind} ${reason.points}${why}`;
    })
    .join(', ');
}

/**
 * One seeker's whole list on the train split, each posting with its grade, score and points, then
 * the train postings graded above 0 that it leaves out: a ranking rule's effect read whole (never
 * the test split's).
 */
export function seekerDetail(ranking: RankingRun, seekerId: string): string[] {
  const run = ranking.runs.find((entry) => entry.seeker.id === seekerId);
  if (run === undefined)
    throw new Error(
      `--seeker must be one of ${ranking.runs.map((entry) => entry.seeker.id).join(', ')}`,
    );
  const train = new Map(
    poolOf(ranking, 'train').map(({ key, label }) => [key, label.title.trim()]),
  );
  const grade = (key: string) => run.grades.grades.get(key) ?? 0;
  const listed = run.ranked.flatMap((key, at) => {
    const title = train.get(key);
    const match = run.matches[at];
    return title === undefined || match === undefined
      ? []
      : [
          `  ${grade(key)}  ${String(match.score).padStart(3)}  ${boardOf(key)} "${title}": ${pointsOf(match)}`,
        ];
  });
  const left = [...train.keys()].filter((key) => grade(key) > 0 && !run.ranked.includes(key));
  return [
    `${seekerId}, train split: ${listed.length} listed (grade, score, posting: points)`,
    ...listed,
    `Graded above 0 and not listed: ${left.length}`,
    ...left.map((key) => `  ${grade(key)}  ${boardOf(key)} "${train.get(key) ?? key}"`),
  ];
}

/** What one ranking run gives: each seeker's list, and the graded postings it was drawn from. */
export interface RankingRun {
  readonly seekers: number;
  readonly graded: number;
  readonly runs: readonly SeekerRun[];
  readonly pool: readonly GradedPosting[];
}

/**
 * Ranks every labelled seeker when `dir` holds `seekers.json` (null otherwise); the labels and
 * records come from the agreement run (`compared`), so only postings the parser read and a label
 * describes count.
 */
export async function runRanking(
  dir: string,
  compared: readonly Compared[],
): Promise<RankingRun | null> {
  const seekersFile = join(dir, 'seekers.json');
  if (!existsSync(seekersFile)) return null;
  const seekers = readSeekers(readJson(seekersFile));
  const gradesOf = new Map<string, SeekerGrades>();
  for (const seeker of seekers) {
    const file = join(dir, 'relevance', `${seeker.id}.json`);
    if (existsSync(file)) gradesOf.set(seeker.id, readGrades(readJson(file), seeker.id));
  }
  const graded = new Set([...gradesOf.values()].flatMap(({ grades }) => [...grades.keys()]));
  const pool: GradedPosting[] = compared
    .map(({ board, label }) => ({
      key: keyOf(board.source, board.token, label.id),
      label,
      split: board.split,
    }))
    .filter(({ key }) => graded.has(key));
  const handle = await openDatabase({ kind: 'pglite-memory' });
  try {
    const keyOfJob = await storePostings(handle.db, dir, graded);
    const runs = await runSeekers(handle.db, seekers, gradesOf, keyOfJob);
    return { seekers: seekers.length, graded: graded.size, runs, pool };
  } finally {
    await handle.close();
  }
}

/** The postings of one split. */
export const poolOf = (run: RankingRun, split: Split) =>
  run.pool.filter((posting) => posting.split === split);

/**
 * Runs the ranking evaluation (`runRanking`) and prints it, all postings, train and test apart;
 * with `seekerId`, that seeker's train list whole (`seekerDetail`).
 */
export async function evaluateRanking(
  dir: string,
  compared: readonly Compared[],
  seekerId?: string,
): Promise<void> {
  const ranking = await runRanking(dir, compared);
  if (ranking === null) return;
  const { runs, pool } = ranking;
  console.log(
    `\nRanking: ${ranking.seekers} seekers (${runs.length} graded), ${pool.length} of ${ranking.graded} graded postings read; the product's GET /v1/matches list of each seeker.`,
  );
  printSplit('ALL postings', runs, pool);
  printSplit('TRAIN postings', runs, poolOf(ranking, 'train'));
  printSplit('TEST postings', runs, poolOf(ranking, 'test'));
  printTops(runs, pool);
  if (seekerId !== undefined) console.log(`\n${seekerDetail(ranking, seekerId).join('\n')}`);
}

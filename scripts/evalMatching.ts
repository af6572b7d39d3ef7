/**
 * `npm run eval:matching [-- --dir eval/matching --worst 25 --field level --skills --seeker <id>]`: how well the product reads real
 * postings. Every recorded board answer under `<dir>/postings/<api>/<board>.json` goes through the
 * source's own parser and normalisation, as the poller's would; each labelled posting's record is
 * compared with its hand label (`<dir>/labels/<api>/<board>.json`, see evalLabels.ts). Prints the
 * agreement per field, per API and overall, for the train and the test split apart, then the train
 * split's worst disagreements (with `--field`, every train disagreement of that field; with `--skills`, every
 * train skill disagreement and the skills most often wrong); then, with `<dir>/seekers.json`, the ranking figures of the labelled
 * seekers (evalRankingRun.ts), and with `--seeker`, that seeker's train list whole. A measurement, not a test: nothing fails.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { JOB_SOURCES, type JobSource } from '../server/jobs/jobRecord';
import { FIELDS, Tally } from './evalAgreement';
import type { Split } from './evalLabels';
import { evaluateRanking } from './evalRankingRun';
import { compareBoards, type Compared } from './evalSet';

const { values: options } = parseArgs({
  options: {
    dir: { type: 'string', default: resolve(import.meta.dirname, '../eval/matching') },
    worst: { type: 'string', default: '25' },
    field: { type: 'string' },
    skills: { type: 'boolean', default: false },
    seeker: { type: 'string' },
  },
});
const DIR = resolve(options.dir);

const percent = (agree: number, total: number) =>
  total === 0 ? '-' : `${((100 * agree) / total).toFixed(0)}% (${agree}/${total})`;

function printSplit(split: Split, compared: readonly Compared[]): void {
  const groups: (JobSource | 'all')[] = [...JOB_SOURCES, 'all'];
  const tallies = new Map(groups.map((group) => [group, new Tally()]));
  for (const item of compared.filter((entry) => entry.board.split === split)) {
    tallies.get(item.board.source)?.add(item.fields, item.skills, item.skillStatus);
    tallies.get('all')?.add(item.fields, item.skills, item.skillStatus);
  }
  const boards = new Set(
    compared.filter((entry) => entry.board.split === split).map((entry) => entry.board.token),
  );
  const rows = [
    ['', ...groups],
    ['postings', ...groups.map((group) => String(tallies.get(group)?.postings ?? 0))],
  ];
  const figures = groups.map((group) => tallies.get(group)?.figures() ?? []);
  for (const [at, [name]] of (figures[0] ?? []).entries())
    rows.push([name, ...figures.map((list) => percent(list[at]?.[1] ?? 0, list[at]?.[2] ?? 0))]);
  const widths = groups.map((_, column) =>
    Math.max(...rows.map((row) => (row[column + 1] ?? '').length)),
  );
  const first = Math.max(...rows.map((row) => (row[0] ?? '').length));
  console.log(`\n${split.toUpperCase()} split: ${boards.size} boards`);
  for (const row of rows)
    console.log(
      [
        (row[0] ?? '').padEnd(first),
        ...row.slice(1).map((cell, column) => cell.padStart(widths[column] ?? 0)),
      ].join('  '),
    );
}

function printWorst(compared: readonly Compared[], count: number): void {
  const train = compared
    .filter((entry) => entry.board.split === 'train')
    .map((entry) => ({
      entry,
      wrong: entry.fields.filter((field) => !field.agrees && field.field !== 'place'),
      skillErrors: entry.skills.falsePositives.length + entry.skills.missed.length,
    }))
    .sort((a, b) => b.wrong.length - a.wrong.length || b.skillErrors - a.skillErrors)
    .slice(0, count);
  console.log(`\nWorst ${train.length} disagreements (train split):`);
  for (const { entry, wrong } of train) {
    console.log(
      `- ${entry.board.source}:${entry.board.token} ${entry.label.id} "${entry.label.title}"`,
    );
    for (const field of wrong)
      console.log(`    ${field.field}: label ${field.label}, product ${field.product}`);
    if (entry.skills.falsePositives.length > 0)
      console.log(`    skills not in the label: ${entry.skills.falsePositives.join(', ')}`);
    if (entry.skills.missed.length > 0)
      console.log(`    skills missed: ${entry.skills.missed.join(', ')}`);
  }
}

/** Every train disagreement of one field, to read a rule's misses whole (never the test split's). */
function printField(compared: readonly Compared[], name: string): void {
  if (!(FIELDS as readonly string[]).includes(name))
    throw new Error(`--field must be one of ${FIELDS.join(', ')}`);
  const wrong = compared
    .filter((entry) => entry.board.split === 'train')
    .flatMap((entry) =>
      entry.fields
        .filter((field) => field.field === name && !field.agrees)
        .map((field) => ({ entry, field })),
    );
  console.log(`\nEvery ${name} disagreement (train split): ${wrong.length}`);
  for (const { entry, field } of wrong)
    console.log(
      `- ${entry.board.source}:${entry.board.token} ${entry.label.id} "${entry.label.title}": label ${field.label}, product ${field.product}`,
    );
}

/** Every train posting's skill disagreements, and how often each skill is wrong, most first. */
function printSkills(compared: readonly Compared[]): void {
  const train = compared.filter((entry) => entry.board.split === 'train');
  const tally = (pick: (entry: Compared) => readonly string[]) => {
    const counts = new Map<string, number>();
    for (const entry of train)
      for (const skill of pick(entry)) counts.set(skill, (counts.get(skill) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]).map(([skill, count]) => `${skill} ${count}`);
  };
  console.log('\nEvery skill disagreement (train split):');
  for (const entry of train) {
    const { falsePositives, missed } = entry.skills;
    if (falsePositives.length + missed.length === 0) continue;
    console.log(
      `- ${entry.board.source}:${entry.board.token} ${entry.label.id} "${entry.label.title}"`,
    );
    if (falsePositives.length > 0)
      console.log(`    not in the label: ${falsePositives.join(', ')}`);
    if (missed.length > 0) console.log(`    missed: ${missed.join(', ')}`);
  }
  console.log(
    `\nNot in the label, by skill: ${tally((entry) => entry.skills.falsePositives).join('; ')}`,
  );
  console.log(`\nMissed, by skill: ${tally((entry) => entry.skills.missed).join('; ')}`);
}

const { compared, unread, missing } = compareBoards(DIR);
if (missing.length > 0)
  console.log(`Labelled boards without their recorded answer (left out): ${missing.join(', ')}`);
console.log(`Evaluation set ${DIR}: ${compared.length} labelled postings read.`);
if (unread.length > 0)
  console.log(`Labelled but not read by the parser (left out): ${unread.join('; ')}`);
printSplit('train', compared);
printSplit('test', compared);
printWorst(compared, Number(options.worst));
if (options.field !== undefined) printField(compared, options.field);
if (options.skills) printSkills(compared);
await evaluateRanking(DIR, compared, options.seeker);

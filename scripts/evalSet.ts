/**
 * The matching evaluation set read and compared: every labelled posting's record (made by its
 * source's own parser, as the poller makes it) against its hand label.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JOB_SOURCES, type BoardRef, type JobRecord } from '../server/jobs/jobRecord';
import { parseAshbyBoard } from '../server/jobs/sources/ashby';
import { DropTally, type BoardResult } from '../server/jobs/sources/boardResult';
import { parseGreenhouseBoard } from '../server/jobs/sources/greenhouse';
import { parseLeverPage } from '../server/jobs/sources/lever';
import {
  compareFields,
  compareSkillStatus,
  compareSkills,
  productView,
  type FieldOutcome,
  type SkillOutcome,
} from './evalAgreement';
import { readBoardLabels, type BoardLabels, type PostingLabel } from './evalLabels';

const SEEN_AT = new Date('2026-01-01T00:00:00.000Z');

/** The records the poller would make of one recorded answer. */
export function recordsOf(board: BoardRef, body: unknown): readonly JobRecord[] {
  const failed = (detail: string) => new Error(`${board.source}:${board.token}: ${detail}`);
  if (board.source === 'lever') {
    const jobs = parseLeverPage(body, board, SEEN_AT, new DropTally());
    if (jobs === null) throw failed('expected an array of postings');
    return jobs;
  }
  const parsed: BoardResult =
    board.source === 'greenhouse'
      ? parseGreenhouseBoard(body, board, SEEN_AT)
      : parseAshbyBoard(body, board, SEEN_AT);
  if (!parsed.ok) throw failed(JSON.stringify(parsed.failure));
  return parsed.jobs;
}

export const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(path, 'utf8')) as unknown;

export interface Compared {
  readonly board: BoardLabels;
  readonly label: PostingLabel;
  readonly fields: readonly FieldOutcome[];
  readonly skills: SkillOutcome;
  /** Of the labelled skills found, how many are asked as labelled (required or nice to have). */
  readonly skillStatus: { asLabelled: number; found: number };
}

/**
 * Where a board's recorded answer is looked for: `dir`/postings, then the same path in the shared
 * folder beside the clone (`../shared/eval/matching/postings`), which holds recorded answers that
 * may be read here but not committed (docs: eval/matching/README.md).
 */
export function postingsFileOf(dir: string, source: string, token: string): string | null {
  const candidates = [
    join(dir, 'postings', source, `${token}.json`),
    join(dir, '..', '..', '..', 'shared', 'eval', 'matching', 'postings', source, `${token}.json`),
  ];
  return candidates.find((path) => existsSync(path)) ?? null;
}

export interface ComparedSet {
  compared: Compared[];
  /** Labelled postings the parser did not return. */
  unread: string[];
  /** Labelled boards whose recorded answer is in neither place. */
  missing: string[];
}

/** Every label file under `dir`/labels, checked, with its postings compared. */
export function compareBoards(DIR: string): ComparedSet {
  const compared: Compared[] = [];
  const unread: string[] = [];
  const missing: string[] = [];
  for (const source of JOB_SOURCES) {
    const labelDir = join(DIR, 'labels', source);
    if (!existsSync(labelDir)) continue;
    for (const file of readdirSync(labelDir)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const board = readBoardLabels(join(labelDir, file), readJson(join(labelDir, file)));
      const postingsFile = postingsFileOf(DIR, source, board.token);
      if (postingsFile === null) {
        missing.push(`${source}:${board.token}`);
        continue;
      }
      const records = new Map(
        recordsOf({ source, token: board.token }, readJson(postingsFile)).map((record) => [
          record.externalId,
          record,
        ]),
      );
      for (const label of board.postings) {
        const record = records.get(label.id);
        if (record === undefined) {
          unread.push(`${source}:${board.token} ${label.id}`);
          continue;
        }
        const view = productView(record);
        compared.push({
          board,
          label,
          fields: compareFields(label, view),
          skills: compareSkills(label, view),
          skillStatus: compareSkillStatus(label, view),
        });
      }
    }
  }
  return { compared, unread, missing };
}

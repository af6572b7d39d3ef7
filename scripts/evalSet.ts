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
  compareSkills,
  productView,
  type FieldOutcome,
  type SkillOutcome,
} from './evalAgreement';
import { readBoardLabels, type BoardLabels, type PostingLabel } from './evalLabels';

const SEEN_AT = new Date('2026-01-01T00:00:00.000Z');

/** The records the poller would make of one recorded answer. */
function recordsOf(board: BoardRef, body: unknown): readonly JobRecord[] {
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

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8')) as unknown;

export interface Compared {
  readonly board: BoardLabels;
  readonly label: PostingLabel;
  readonly fields: readonly FieldOutcome[];
  readonly skills: SkillOutcome;
}

/** Every label file under `dir`/labels, checked, with its postings compared; `unread`: labelled postings the parser did not return. */
export function compareBoards(DIR: string): { compared: Compared[]; unread: string[] } {
  const compared: Compared[] = [];
  const unread: string[] = [];
  for (const source of JOB_SOURCES) {
    const labelDir = join(DIR, 'labels', source);
    if (!existsSync(labelDir)) continue;
    for (const file of readdirSync(labelDir)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const board = readBoardLabels(join(labelDir, file), readJson(join(labelDir, file)));
      const postingsFile = join(DIR, 'postings', source, `${board.token}.json`);
      if (!existsSync(postingsFile)) throw new Error(`${file}: no ${postingsFile}`);
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
        });
      }
    }
  }
  return { compared, unread };
}

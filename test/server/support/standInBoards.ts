import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { JOB_SOURCES, type BoardRef, type JobSource } from '../../../server/jobs/jobRecord';
import { everySourceAt } from '../../../server/jobs/settings';
import {
  DEFAULT_FIXTURES_DIRECTORY,
  startStandIn,
  type StandIn,
} from '../../../dev/jobBoards/standInServer';

export interface StandInBoards<Name extends string> {
  readonly standIn: StandIn;
  readonly boards: Readonly<Record<Name, BoardRef>>;
  /** Every source's base URL: the stand-in. */
  readonly baseUrls: Record<JobSource, string>;
  readonly close: () => Promise<void>;
}

/**
 * A stand-in serving recorded fixtures under board tokens of their own (`acme-1a2b3c4d`), so a
 * file's runs on both databases, sharing a PostgreSQL database, never meet each other's boards.
 * `fixtures` names each board's source and recorded fixture.
 */
export async function startStandInBoards<Name extends string>(
  fixtures: Readonly<Record<Name, { source: JobSource; fixture: string }>>,
): Promise<StandInBoards<Name>> {
  const directory = mkdtempSync(path.join(tmpdir(), 'applyfirst-boards-'));
  for (const source of JOB_SOURCES) mkdirSync(path.join(directory, source));
  const boards = {} as Record<Name, BoardRef>;
  for (const name of Object.keys(fixtures) as Name[]) {
    const { source, fixture } = fixtures[name];
    const token = `${fixture}-${randomUUID().slice(0, 8)}`;
    copyFileSync(
      path.join(DEFAULT_FIXTURES_DIRECTORY, source, `${fixture}.json`),
      path.join(directory, source, `${token}.json`),
    );
    // SmartRecruiters' recorded posting details live beside the list, in a folder named like it.
    const details = path.join(DEFAULT_FIXTURES_DIRECTORY, source, fixture);
    if (existsSync(details))
      cpSync(details, path.join(directory, source, token), { recursive: true });
    boards[name] = { source, token };
  }
  const standIn = await startStandIn({ fixturesDirectory: directory, publishEveryMs: 0 });
  rmSync(directory, { recursive: true });
  const baseUrls = everySourceAt(standIn.url);
  return { standIn, boards, baseUrls, close: () => standIn.close() };
}

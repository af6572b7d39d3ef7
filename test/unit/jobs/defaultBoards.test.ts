import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../../server/config';
import {
  DEFAULT_BOARDS_FILE,
  loadDefaultBoards,
  parseDefaultBoards,
  type DefaultBoard,
} from '../../../server/jobs/boards/defaultBoards';
import { JOB_SOURCES } from '../../../server/jobs/jobRecord';
import { isToken } from '../../../server/jobs/settings';

const entries = JSON.parse(readFileSync(DEFAULT_BOARDS_FILE, 'utf8')) as DefaultBoard[];

/** The origin ids of the README's sources table: rows whose first cell is a `code` id. */
function readmeOrigins(): Set<string> {
  const readme = readFileSync(path.join(path.dirname(DEFAULT_BOARDS_FILE), 'README.md'), 'utf8');
  return new Set(
    [...readme.matchAll(/^\|\s*`([a-z0-9-]+)`\s*\|/gm)].map((match) => match[1] ?? ''),
  );
}

const board = (overrides: Partial<DefaultBoard>): DefaultBoard => ({
  company: 'Acme Robotics',
  source: 'greenhouse',
  token: 'acme',
  website: '',
  origin: 'stapply',
  ...overrides,
});

describe('the default board list', () => {
  it('holds at least 1,000 boards, every one of an API the backend reads', () => {
    const loaded = loadDefaultBoards();
    expect(loaded.boards.length).toBeGreaterThanOrEqual(1000);
    expect(loaded.boards).toHaveLength(entries.length);
    expect(loaded.skipped).toEqual({});
    for (const entry of entries) expect(JOB_SOURCES).toContain(entry.source);
  });

  it('names for every board only origins the README lists as sources', () => {
    const known = readmeOrigins();
    expect(known.size).toBeGreaterThanOrEqual(2);
    const unknown = entries.flatMap((entry) =>
      entry.origin.split(' ').filter((origin) => !known.has(origin)),
    );
    expect(unknown).toEqual([]);
  });

  it('lists each board once, with a token the APIs take and a company name', () => {
    const keys = entries.map((entry) => `${entry.source}:${entry.token.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(entries.filter((entry) => !isToken(entry.token))).toEqual([]);
    expect(entries.filter((entry) => entry.company.trim() === '')).toEqual([]);
  });
});

describe('parseDefaultBoards', () => {
  it('skips, with a count, boards of an API the backend does not read', () => {
    const loaded = parseDefaultBoards(
      [board({}), board({ source: 'workable', token: 'globex' }), board({ source: 'workable' })],
      ['greenhouse', 'lever', 'ashby'],
    );
    expect(loaded.boards.map((entry) => entry.token)).toEqual(['acme']);
    expect(loaded.skipped).toEqual({ workable: 2 });
  });

  it('refuses the list naming every bad entry: a bad token, a missing field, a repeat', () => {
    const parse = () =>
      parseDefaultBoards([
        board({}),
        board({ token: 'acme/../admin' }),
        { company: 'Globex', source: 'lever', token: 'globex', website: '' },
        board({ token: 'ACME' }),
      ]);
    expect(parse).toThrow(/entry 1: token "acme\/..\/admin" is not a board token/);
    expect(parse).toThrow(/entry 2: origin is not text/);
    expect(parse).toThrow(/entry 3: greenhouse:acme is listed twice/);
    expect(() => parseDefaultBoards({ boards: [] })).toThrow(/JSON array/);
  });
});

describe('the boards the backend polls', () => {
  it('are the default list in production when JOB_BOARDS is unset', () => {
    const boards = readServerConfig({ NODE_ENV: 'production' }).jobBoards;
    expect(boards).toHaveLength(entries.length);
    expect(boards[0]).toEqual({ source: entries[0]?.source, token: entries[0]?.token });
  });

  it('are none when JOB_BOARDS is set empty, or unset outside production', () => {
    expect(readServerConfig({ NODE_ENV: 'production', JOB_BOARDS: '' }).jobBoards).toEqual([]);
    expect(readServerConfig({}).jobBoards).toEqual([]);
    expect(
      readServerConfig({ NODE_ENV: 'production', JOB_BOARDS: 'lever:globex' }).jobBoards,
    ).toEqual([{ source: 'lever', token: 'globex' }]);
  });

  it('are the list JOB_BOARDS_FILE names, in any environment, and never both settings', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'boards-')), 'boards.json');
    writeFileSync(file, JSON.stringify([board({ source: 'lever', token: 'globex' })]));
    expect(readServerConfig({ JOB_BOARDS_FILE: file }).jobBoards).toEqual([
      { source: 'lever', token: 'globex' },
    ]);
    expect(() => readServerConfig({ JOB_BOARDS_FILE: file, JOB_BOARDS: 'lever:x' })).toThrow(
      /JOB_BOARDS_FILE or JOB_BOARDS, not both/,
    );
    expect(() => readServerConfig({ JOB_BOARDS_FILE: `${file}.missing` })).toThrow(
      /JOB_BOARDS_FILE/,
    );
  });
});

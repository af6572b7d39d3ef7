import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JOB_SOURCES, type BoardRef, type JobSource } from '../jobRecord';
import { isToken } from '../settings';

/** One company's board in the default list (boards.json; README.md beside it names the origins). */
export interface DefaultBoard {
  readonly company: string;
  /** The API, a JobSource once the backend reads it. */
  readonly source: string;
  readonly token: string;
  /** The company's site, or '' when no source gave one. */
  readonly website: string;
  /** The ids of the public lists that name this board, space-separated (README.md, Sources). */
  readonly origin: string;
}

export interface LoadedBoards {
  /** Entries whose API the backend reads, in file order. */
  readonly boards: readonly (DefaultBoard & { readonly source: JobSource })[];
  /** Entries left out because the backend does not read their API (yet), by API. */
  readonly skipped: Readonly<Record<string, number>>;
}

export const DEFAULT_BOARDS_FILE = path.join(import.meta.dirname, 'boards.json');

const FIELDS = ['company', 'source', 'token', 'website', 'origin'] as const;

function problemOf(entry: unknown): string | null {
  if (typeof entry !== 'object' || entry === null) return 'not an object';
  const record = entry as Record<string, unknown>;
  for (const field of FIELDS) {
    if (typeof record[field] !== 'string') return `${field} is not text`;
  }
  const { company, token, website, origin } = record as unknown as DefaultBoard;
  if (company.trim() === '') return 'company is empty';
  if (!isToken(token)) return `token "${token}" is not a board token`;
  if (origin.trim() === '') return 'origin is empty';
  if (website !== '' && !/^https?:\/\//.test(website)) return 'website is not an http(s) URL';
  return null;
}

/**
 * Checks every entry of a parsed list: throws one error naming every malformed entry (a broken list
 * should stop a deploy, not poll half of it), and skips, with a count, entries whose API the
 * backend does not read.
 */
export function parseDefaultBoards(
  entries: unknown,
  readable: readonly string[] = JOB_SOURCES,
): LoadedBoards {
  if (!Array.isArray(entries)) throw new Error('The board list must be a JSON array.');
  const problems: string[] = [];
  const boards: (DefaultBoard & { source: JobSource })[] = [];
  const skipped: Record<string, number> = {};
  const seen = new Set<string>();
  entries.forEach((entry: unknown, index) => {
    const problem = problemOf(entry);
    if (problem !== null) {
      problems.push(`entry ${index}: ${problem}`);
      return;
    }
    const board = entry as DefaultBoard;
    const key = `${board.source}:${board.token.toLowerCase()}`;
    if (seen.has(key)) problems.push(`entry ${index}: ${key} is listed twice`);
    seen.add(key);
    if (!readable.includes(board.source)) {
      skipped[board.source] = (skipped[board.source] ?? 0) + 1;
      return;
    }
    boards.push(board as DefaultBoard & { source: JobSource });
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, 20).join('; ');
    const more = problems.length > 20 ? ` and ${problems.length - 20} more` : '';
    throw new Error(`The board list has bad entries: ${shown}${more}`);
  }
  return { boards, skipped };
}

/** Reads and checks the default list (or another file of the same shape). */
export function loadDefaultBoards(
  file = DEFAULT_BOARDS_FILE,
  readable: readonly string[] = JOB_SOURCES,
): LoadedBoards {
  return parseDefaultBoards(JSON.parse(readFileSync(file, 'utf8')) as unknown, readable);
}

/** The boards to poll: source and token only. */
export const boardRefsOf = (loaded: LoadedBoards): BoardRef[] =>
  loaded.boards.map(({ source, token }) => ({ source, token }));

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JOB_SOURCES, type BoardRef, type JobSource } from '../../server/jobs/jobRecord';

/** The stand-in's boards: each board's postings in its source's own JSON shape, oldest first. */
export class BoardStore {
  private readonly boards = new Map<string, unknown[]>();
  private readonly revisions = new Map<string, number>();

  static fromFixtures(directory: string): BoardStore {
    const store = new BoardStore();
    for (const source of JOB_SOURCES) {
      // A fixtures directory made for a test may hold only some sources.
      if (!existsSync(path.join(directory, source))) continue;
      for (const file of readdirSync(path.join(directory, source))
        .filter((name) => name.endsWith('.json'))
        .sort()) {
        const answer: unknown = JSON.parse(
          readFileSync(path.join(directory, source, file), 'utf8'),
        );
        const token = file.slice(0, -'.json'.length);
        store.boards.set(
          keyOf({ source, token }),
          postingsOf(source, answer, path.join(directory, source, token)),
        );
      }
    }
    return store;
  }

  /** A store of the given boards' postings (each in its source's shape), e.g. generated ones. */
  static fromBoards(boards: Iterable<readonly [BoardRef, unknown[]]>): BoardStore {
    const store = new BoardStore();
    for (const [board, postings] of boards) store.boards.set(keyOf(board), postings);
    return store;
  }

  list(): BoardRef[] {
    return [...this.boards.keys()].map((key) => {
      const [source, token] = key.split(':') as [JobSource, string];
      return { source, token };
    });
  }

  postings(board: BoardRef): readonly unknown[] | undefined {
    return this.boards.get(keyOf(board));
  }

  /** How many times the board changed since the store was made: its answers are the same until then. */
  revision(board: BoardRef): number {
    return this.revisions.get(keyOf(board)) ?? 0;
  }

  add(board: BoardRef, posting: unknown): void {
    const key = keyOf(board);
    const postings = this.boards.get(key);
    if (postings === undefined) throw new Error(`No board ${key} in the stand-in`);
    postings.push(posting);
    this.revisions.set(key, this.revision(board) + 1);
  }
}

const keyOf = (board: BoardRef) => `${board.source}:${board.token}`;

/**
 * A SmartRecruiters list entry with its recorded details (`<token>/<id>.json`) when there are some:
 * the stand-in keeps each posting whole and leaves the details out of its list answers.
 */
function withDetails(posting: unknown, detailsDirectory: string): unknown {
  if (typeof posting !== 'object' || posting === null || !('id' in posting)) return posting;
  const file = path.join(detailsDirectory, `${String(posting.id)}.json`);
  if (!existsSync(file)) return posting;
  return { ...posting, ...(JSON.parse(readFileSync(file, 'utf8')) as object) };
}

/** Where each source's answer keeps its postings. */
const POSTINGS_KEY: Readonly<Record<Exclude<JobSource, 'lever'>, string>> = {
  greenhouse: 'jobs',
  ashby: 'jobs',
  workable: 'jobs',
  smartrecruiters: 'content',
  recruitee: 'offers',
};

/** Lever answers a bare array; the others wrap postings in an object (see POSTINGS_KEY). */
function postingsOf(source: JobSource, answer: unknown, detailsDirectory: string): unknown[] {
  if (source === 'lever') {
    if (Array.isArray(answer)) return [...(answer as unknown[])];
    throw new Error('A lever fixture must hold an array');
  }
  const key = POSTINGS_KEY[source];
  const postings: unknown =
    typeof answer === 'object' && answer !== null && key in answer
      ? (answer as Record<string, unknown>)[key]
      : undefined;
  if (!Array.isArray(postings))
    throw new Error(`A ${source} fixture must hold an object with ${key}`);
  return source === 'smartrecruiters'
    ? postings.map((posting) => withDetails(posting, detailsDirectory))
    : [...(postings as unknown[])];
}

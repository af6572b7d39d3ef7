import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JOB_SOURCES, type BoardRef, type JobSource } from '../jobRecord';

/** The stand-in's boards: each board's postings in its source's own JSON shape, oldest first. */
export class BoardStore {
  private readonly boards = new Map<string, unknown[]>();

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
        store.boards.set(
          keyOf({ source, token: file.slice(0, -'.json'.length) }),
          postingsOf(source, answer),
        );
      }
    }
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

  add(board: BoardRef, posting: unknown): void {
    const postings = this.boards.get(keyOf(board));
    if (postings === undefined) throw new Error(`No board ${keyOf(board)} in the stand-in`);
    postings.push(posting);
  }
}

const keyOf = (board: BoardRef) => `${board.source}:${board.token}`;

/** Greenhouse and Ashby wrap postings in { jobs }; Lever answers a bare array. */
function postingsOf(source: JobSource, answer: unknown): unknown[] {
  if (source === 'lever' && Array.isArray(answer)) return [...(answer as unknown[])];
  if (
    typeof answer === 'object' &&
    answer !== null &&
    'jobs' in answer &&
    Array.isArray(answer.jobs)
  ) {
    return [...(answer.jobs as unknown[])];
  }
  throw new Error(
    `A ${source} fixture must hold ${source === 'lever' ? 'an array' : 'an object with jobs'}`,
  );
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { startThrowawayPostgres } from '../../scripts/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A migrated PGlite data folder's image, which each test's PGlite starts from. */
    pgliteImagePath: string;
  }
}

/**
 * A PGlite data folder, migrated, as an image: an in-memory PGlite started from it skips
 * PostgreSQL's initdb, which takes most of a fresh PGlite's 3 to 4 s of CPU (about 1 s from the
 * image), and every server test file starts several.
 */
async function writePgliteImage(path: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    const { connection } = database;
    if (connection.kind !== 'pglite') throw new Error('expected PGlite');
    const image = await connection.client.dumpDataDir('none');
    writeFileSync(path, Buffer.from(await image.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** One throwaway PostgreSQL cluster for the `server` project; fails (never skips) without one. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'applyfirst-pglite-'));
  const imagePath = join(folder, 'migrated.tar');
  const [postgres] = await Promise.all([startThrowawayPostgres(), writePgliteImage(imagePath)]);
  project.provide('postgresUrl', postgres.url);
  project.provide('pgliteImagePath', imagePath);
  return async () => {
    await postgres.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}

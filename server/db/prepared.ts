import type { Database } from './database';

/** Anything Drizzle can prepare once and execute with placeholders. */
interface Preparable<TPrepared> {
  prepare(name: string): TPrepared;
}

/**
 * A query built and prepared once per database (a named statement on a PostgreSQL server), then
 * executed with its placeholders: the hot read paths skip Drizzle's query building, a large share
 * of their CPU (docs/architecture.md says how much, and how to measure it).
 */
export function preparedFor<TPrepared>(
  name: string,
  build: (db: Database) => Preparable<TPrepared>,
): (db: Database) => TPrepared {
  const prepared = new WeakMap<Database, TPrepared>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = build(db).prepare(name);
      prepared.set(db, query);
    }
    return query;
  };
}

import type { Database } from './database';

/** Anything Drizzle can prepare once and execute with placeholders. */
interface Preparable<TPrepared> {
  prepare(name: string): TPrepared;
}

/**
 * A query built and prepared once per database (a named statement on a PostgreSQL server), then
 * executed with its placeholders: the hot read paths skip Drizzle's query building, which
 * measured about a third of the backend's CPU on `GET /v1/profile`.
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

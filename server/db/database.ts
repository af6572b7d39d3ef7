import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as matchActionTables from './matchActionTables';
import * as coreTables from './schema';

const schema = { ...coreTables, ...matchActionTables };

/** One typed query layer over both drivers: PGlite (embedded) and node-postgres (a server). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle: the same query API as `Database`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export function isTransaction(db: Database | Transaction): db is Transaction {
  return db instanceof PgTransaction;
}

/** The connection underneath, for a library that speaks SQL itself (the job queue). */
export type DatabaseConnection =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  connection: DatabaseConnection;
  close(): Promise<void>;
}

/**
 * Where the data lives: a PostgreSQL server, a PGlite data folder, or PGlite in memory, started
 * empty or from an image of a data folder (`PGlite.dumpDataDir`), which skips PostgreSQL's initdb.
 */
export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; image?: Blob };

/** Where the server's settings (`ServerConfig`) put the database. */
export function databaseLocationOf(config: {
  databaseUrl: string | null;
  pgliteDataDir: string;
}): DatabaseLocation {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.pgliteDataDir };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const CONNECT_TIMEOUT_MS = 10_000;
const STATEMENT_TIMEOUT_MS = 15_000;
/**
 * PGlite's own settings with a smaller buffer cache: its default (128 MB, sized for a server) lives
 * in the process's WebAssembly memory, while the embedded database is small.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** Any number that no other part of the app takes as an advisory lock. */
const MIGRATION_LOCK = 7_340_211;

const keepAlive = (): void => undefined;

/** Where a connection's failure outside any query is told (a server restart, a failover). */
export interface ConnectionLog {
  warn(details: { err: unknown }, message: string): void;
}

/**
 * Migrates under a session-level advisory lock, so backend processes that start together on one
 * server take turns (two at once would both create the same tables, and one would fail).
 */
async function migrateServer(pool: pg.Pool, db: NodePgDatabase<typeof schema>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrateNodePostgres(db, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    lock.release();
  }
}

/** Opens the database and brings its schema up to date with the checked-in SQL migrations. */
export async function openDatabase(
  location: DatabaseLocation,
  log: ConnectionLog = { warn: (details, message) => console.warn(message, details.err) },
): Promise<DatabaseHandle> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      // The lookups scan many rows, so the planner's cost passes the JIT threshold, and compiling
      // the plan takes longer than running it (docs/scaling.md measures it).
      options: '-c jit=off',
    });
    // An idle connection the server ended is dropped and replaced; unheard, the error would end
    // the process.
    pool.on('error', (error) => log.warn({ err: error }, 'database connection lost'));
    // The pool takes its listener off a client it hands out (a transaction's), so a connection
    // that dies mid-statement would emit an unheard 'error' too. That statement rejects with the
    // same error, which its caller handles: this listener only keeps the process alive.
    pool.on('connect', (client) => client.on('error', keepAlive));
    const db = drizzleNodePostgres({ client: pool, schema });
    try {
      await migrateServer(pool, db);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      driver: 'postgres',
      connection: { kind: 'postgres', url: location.url },
      close: () => pool.end(),
    };
  }
  if (location.kind === 'pglite') await mkdir(location.dataDir, { recursive: true });
  const client =
    location.kind === 'pglite'
      ? new PGlite(location.dataDir, { startParams: PGLITE_START_PARAMS })
      : new PGlite({ loadDataDir: location.image, startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    driver: 'pglite',
    connection: { kind: 'pglite', client },
    close: () => client.close(),
  };
}

import { fromPglite, type ConstructorOptions } from 'pg-boss';
import type { DatabaseConnection } from '../../db/database';

const QUEUE_POOL_SIZE = 3;
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * pg-boss's connection: its own small pool on a PostgreSQL server; on embedded PGlite, the app's
 * one PGlite instance through pg-boss's adapter (PGlite serialises every query and transaction, so
 * the queue's statements wait their turn among the app's).
 */
export function queueConnectionOptions(connection: DatabaseConnection): ConstructorOptions {
  if (connection.kind === 'pglite') return { db: fromPglite(connection.client), backend: 'pglite' };
  return {
    connectionString: connection.url,
    max: QUEUE_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  };
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp } from '../../../server/app';
import type { IdentityAdmin } from '../../../server/auth/identityAdmin';
import { readServerConfig, type ServerConfig } from '../../../server/config';
import type { Database, DatabaseLocation } from '../../../server/db/database';
import type { ApiError } from '../../../contract';

/** Every server test runs on both: embedded PGlite (in memory) and a PostgreSQL server. */
export const DATABASES = ['pglite', 'postgres'] as const;
export type DatabaseName = (typeof DATABASES)[number];

/**
 * The PostgreSQL database of the running test file, created on the throwaway cluster when the file
 * first needs it, so the guest clean-up's orphan rows and the postings waiting for alerts are only
 * ever its own file's. Named by the file's path: one process runs several files one after another
 * (isolation is off for the server tests), and two files once raced to create a database named by
 * Vitest's pool id on a fresh cluster.
 */
const DUPLICATE_DATABASE = '42P04';
const databasesReady = new Map<string, Promise<void>>();

function fileDatabaseName(): string {
  const { testPath } = expect.getState();
  if (!testPath) throw new Error('A server test database is asked for outside a test file.');
  return `applyfirst_test_${createHash('sha256').update(testPath).digest('hex').slice(0, 16)}`;
}

function fileDatabaseUrl(): string {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${fileDatabaseName()}`;
  return url.href;
}

function ensureFileDatabase(): Promise<void> {
  const name = fileDatabaseName();
  let ready = databasesReady.get(name);
  if (!ready) {
    ready = (async () => {
      const client = new pg.Client({ connectionString: inject('postgresUrl') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`).catch((error: unknown) => {
          // A file that runs again in this process (a retry) has it already.
          if (!(error instanceof pg.DatabaseError && error.code === DUPLICATE_DATABASE))
            throw error;
        });
      } finally {
        await client.end();
      }
    })();
    databasesReady.set(name, ready);
  }
  return ready;
}

let pgliteImage: Blob | null = null;

export function databaseLocation(name: DatabaseName): DatabaseLocation {
  if (name === 'postgres') return { kind: 'postgres', url: fileDatabaseUrl() };
  pgliteImage ??= new Blob([readFileSync(inject('pgliteImagePath'))]);
  return { kind: 'pglite-memory', image: pgliteImage };
}

/** This file's PostgreSQL database, created on first use. */
export async function fileDatabaseLocation(): Promise<DatabaseLocation> {
  await ensureFileDatabase();
  return databaseLocation('postgres');
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...readServerConfig({}),
    // Its job queue and schedule are tested where they are the subject, not started for every app.
    guestCleanupEveryHours: null,
    rateLimitPerMinute: 10_000,
    refusedTokensPerMinute: 10_000,
    ...overrides,
  };
}

export interface BackendOptions {
  config?: Partial<ServerConfig>;
  admin?: IdentityAdmin;
  logStream?: Writable;
  recentLoginSeconds?: number;
}

export async function startBackend(
  database: DatabaseName,
  options: BackendOptions = {},
): Promise<FastifyInstance> {
  if (database === 'postgres') await ensureFileDatabase();
  return buildApp({
    config: testConfig(options.config),
    database: databaseLocation(database),
    logStream: options.logStream ?? false,
    ...(options.admin ? { admin: options.admin } : {}),
    ...(options.recentLoginSeconds === undefined
      ? {}
      : { recentLoginSeconds: options.recentLoginSeconds }),
  });
}

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS';

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request through Fastify's inject, with the ID token as a Bearer header. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  { token, body, headers = {} }: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** The error body, after checking the answer is one (JSON, the given status). */
export function errorOf(response: LightMyRequestResponse): ApiError {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<ApiError>();
}

/** The backend's JSON log lines, as written. */
export class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }

  /** The parsed lines whose message is `msg`. */
  linesWith(msg: string): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === msg);
  }
}

/** The rows of a raw query (drizzle types `execute`'s answer per driver; both have `rows`). */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

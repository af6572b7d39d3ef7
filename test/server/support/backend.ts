import { Writable } from 'node:stream';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp } from '../../../server/app';
import type { IdentityAdmin } from '../../../server/auth/identityAdmin';
import { readServerConfig, type ServerConfig } from '../../../server/config';
import type { DatabaseLocation } from '../../../server/db/database';
import type { ApiError } from '../../../src/backendApi';

/** Every server test runs on both: embedded PGlite (in memory) and a PostgreSQL server. */
export const DATABASES = ['pglite', 'postgres'] as const;
export type DatabaseName = (typeof DATABASES)[number];

/**
 * The PostgreSQL database of this test worker: server test files run two at a time, and each
 * worker's files (one after another) get their own database, so the guest clean-up's orphan rows
 * are only ever its own worker's.
 */
const workerDatabaseUrl = (() => {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/applyfirst_worker_${process.env.VITEST_POOL_ID ?? '1'}`;
  return url.href;
})();

let workerDatabaseReady: Promise<void> | null = null;

function ensureWorkerDatabase(): Promise<void> {
  workerDatabaseReady ??= (async () => {
    const client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    try {
      const name = new URL(workerDatabaseUrl).pathname.slice(1);
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        name,
      ]);
      if (rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
    } finally {
      await client.end();
    }
  })();
  return workerDatabaseReady;
}

export function databaseLocation(name: DatabaseName): DatabaseLocation {
  return name === 'pglite'
    ? { kind: 'pglite-memory' }
    : { kind: 'postgres', url: workerDatabaseUrl };
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...readServerConfig({}), rateLimitPerMinute: 10_000, ...overrides };
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
  if (database === 'postgres') await ensureWorkerDatabase();
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

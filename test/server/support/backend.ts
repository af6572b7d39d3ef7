import { readFileSync } from 'node:fs';
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
 * The PostgreSQL database of this test file: server test files run two at a time, each in its own
 * process, and each process creates a database of its own on the throwaway cluster, so the guest
 * clean-up's orphan rows are only ever its own file's. (Named by Vitest's pool id, two files once
 * raced to create the same database on a fresh cluster.)
 */
const DUPLICATE_DATABASE = '42P04';
const fileDatabaseName = `applyfirst_test_${process.pid}`;
const fileDatabaseUrl = (() => {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${fileDatabaseName}`;
  return url.href;
})();

let fileDatabaseReady: Promise<void> | null = null;

function ensureFileDatabase(): Promise<void> {
  fileDatabaseReady ??= (async () => {
    const client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${fileDatabaseName}"`).catch((error: unknown) => {
        // A process that runs a second file (Vitest reuses it when isolation is off) has it already.
        if (!(error instanceof pg.DatabaseError && error.code === DUPLICATE_DATABASE)) throw error;
      });
    } finally {
      await client.end();
    }
  })();
  return fileDatabaseReady;
}

let pgliteImage: Blob | null = null;

export function databaseLocation(name: DatabaseName): DatabaseLocation {
  if (name === 'postgres') return { kind: 'postgres', url: fileDatabaseUrl };
  pgliteImage ??= new Blob([readFileSync(inject('pgliteImagePath'))]);
  return { kind: 'pglite-memory', image: pgliteImage };
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

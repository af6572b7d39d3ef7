import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { fileDatabaseLocation, selectRows } from './support/backend';

describe('connections PostgreSQL ends', () => {
  const warnings: string[] = [];
  let database: DatabaseHandle | null = null;
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  afterAll(async () => {
    await database?.close();
    await admin.end();
  });

  it('fail the statement they were running, not the process, and the pool goes on', async () => {
    database = await openDatabase(await fileDatabaseLocation(), {
      warn: (_details, message) => warnings.push(message),
    });
    const { db } = database;
    await admin.connect();
    // A transaction holds its connection out of the pool while the server ends it.
    const running = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(10)`);
    });
    const outcome = running.then(
      () => 'committed',
      () => 'failed',
    );
    await expect
      .poll(
        async () =>
          (
            await admin.query(
              "select pg_terminate_backend(pid) from pg_stat_activity where query like '%pg_sleep(10)%' and pid <> pg_backend_pid()",
            )
          ).rowCount,
        { timeout: 10_000, interval: 50 },
      )
      .toBe(1);
    expect(await outcome).toBe('failed');
    // The idle connections go the same way: logged, replaced.
    const [named] = await selectRows<{ name: string }>(db, sql`select current_database() as name`);
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [named?.name],
    );
    expect(ended.rowCount).toBeGreaterThan(0);
    await expect.poll(() => warnings.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(warnings).toContain('database connection lost');
    const [row] = await selectRows<{ one: number }>(db, sql`select 1 as one`);
    expect(row?.one).toBe(1);
  });

  it('compile no query just in time, which costs the lookups more than it saves', async () => {
    const handle = await openDatabase(await fileDatabaseLocation());
    try {
      const [row] = await selectRows<{ jit: string }>(handle.db, sql`show jit`);
      expect(row?.jit).toBe('off');
    } finally {
      await handle.close();
    }
  });
});

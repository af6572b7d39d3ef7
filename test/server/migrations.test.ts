import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DATABASES, type DatabaseName } from './support/backend';

const MIGRATIONS = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
/** The last migration before profiles and CVs had slots. */
const BEFORE_SLOTS = '0004_profile_lookup';

interface Journal {
  entries: Array<{ tag: string }>;
}

/** A copy of the migrations folder whose journal ends at `lastTag`: the schema as it was then. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'applyfirst-migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  await writeFile(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }),
  );
  return folder;
}

type Rows = Array<Record<string, unknown>>;

/** A fresh, empty database of `name`, migrated by `migrate(folder)`, queried by `query`. */
interface FreshDatabase {
  migrate(folder: string): Promise<void>;
  query(statement: ReturnType<typeof sql>): Promise<Rows>;
  close(): Promise<void>;
}

async function freshDatabase(name: DatabaseName): Promise<FreshDatabase> {
  if (name === 'pglite') {
    const client = new PGlite();
    const db = drizzlePglite({ client });
    return {
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      query: async (statement) => (await db.execute(statement)).rows as Rows,
      close: () => client.close(),
    };
  }
  const server = new URL(inject('postgresUrl'));
  const databaseName = `applyfirst_migrations_${process.pid}`;
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${databaseName}"`);
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  await admin.end();
  server.pathname = `/${databaseName}`;
  const pool = new pg.Pool({ connectionString: server.href, max: 2 });
  const db = drizzleNodePostgres({ client: pool });
  return {
    migrate: (folder) => migrateNodePostgres(db, { migrationsFolder: folder }),
    query: async (statement) => (await db.execute(statement)).rows as Rows,
    close: () => pool.end(),
  };
}

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe.each(DATABASES)('migrating a database of the one-profile days on %s', (name) => {
  it('keeps each profile and CV as slot 1, active, and lets the user add slot 2', async () => {
    const before = await migrationsUpTo(BEFORE_SLOTS);
    folders.push(before);
    const database = await freshDatabase(name);
    try {
      await database.migrate(before);
      await database.query(sql`
        INSERT INTO profiles (uid, target_roles, skills, remote_us, remote_worldwide, us_states,
          us_cities, seniority, min_salary_usd, needs_visa_sponsorship)
        VALUES ('earlier-user', ARRAY['Backend Engineer'], ARRAY['Go'], true, false, '{}', '[]',
          'senior', NULL, false)`);
      await database.query(sql`
        INSERT INTO cvs (uid, file_name, size_bytes, media_type, text)
        VALUES ('earlier-user', 'cv.txt', 12, 'text/plain', 'Go services.')`);

      await database.migrate(MIGRATIONS);

      // A profile from before residence lives in the US, where the US rule serves it as before.
      expect(
        await database.query(
          sql`SELECT uid, slot, active, skills, country, remote_areas FROM profiles`,
        ),
      ).toEqual([
        {
          uid: 'earlier-user',
          slot: 1,
          active: true,
          skills: ['Go'],
          country: 'US',
          remote_areas: [],
        },
      ]);
      expect(await database.query(sql`SELECT uid, slot, file_name FROM cvs`)).toEqual([
        { uid: 'earlier-user', slot: 1, file_name: 'cv.txt' },
      ]);
      // Keyed by (uid, slot) now: a second slot is a row of its own, a fourth is refused.
      await database.query(sql`
        INSERT INTO profiles (uid, slot, target_roles, skills, remote_us, remote_worldwide,
          us_states, us_cities, seniority, needs_visa_sponsorship)
        VALUES ('earlier-user', 2, ARRAY['Data Engineer'], ARRAY['Python'], true, false, '{}',
          '[]', 'mid', false)`);
      await expect(
        database.query(sql`
          INSERT INTO cvs (uid, slot, file_name, size_bytes, media_type, text)
          VALUES ('earlier-user', 4, 'cv.txt', 1, 'text/plain', 'x')`),
      ).rejects.toThrow();
      expect(
        await database.query(
          sql`SELECT slot FROM profiles WHERE uid = 'earlier-user' ORDER BY slot`,
        ),
      ).toEqual([{ slot: 1 }, { slot: 2 }]);
    } finally {
      await database.close();
    }
  });
});

import { like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fittingProfilesQuery, readOpenJob } from '../../server/alerts/profilesForJob';
import type { Database } from '../../server/db/database';
import { profiles } from '../../server/db/schema';
import { makeAlerts, type PollBoardDeps } from '../../server/jobs/poll/pollBoard';
import { everySourceAt } from '../../server/jobs/settings';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import { unannouncedAlerts } from '../support/unannouncedAlerts';
import { databaseLocation, startBackend } from './support/backend';
import { postingRecord, uniqueBoard } from './support/jobs';

describe('the alert lookup on a PostgreSQL server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend('postgres');
  });
  afterAll(() => app.close());

  it('finds a posting\u2019s profiles by a Bitmap Index Scan on the GIN indexes, with no subquery per profile', async () => {
    const location = databaseLocation('postgres');
    if (location.kind !== 'postgres') throw new Error('not a server');
    // 100,000 profiles over 400 skills, then statistics: the planner chooses on its own. One
    // statement of setup, not a request: it gets a setup's time limit, not the product's (beside
    // other test files on two cores it can pass the product's).
    await app.db.transaction(async (setup) => {
      await setup.execute(sql.raw(`set local statement_timeout = '120s'`));
      await setup.execute(
        sql.raw(`insert into profiles (uid, target_roles, skills, remote_us, remote_worldwide, us_states,
        us_cities, seniority, min_salary_amount, needs_visa_sponsorship, match_skills, us_places,
        lookup_version)
       select 'explain-' || i, array['Engineer ' || (i % 300)], array['Skill' || (i % 400)],
        i % 2 = 0, false, array[]::text[], '[]'::jsonb, 'senior', null, false,
        array['Skill' || (i % 400), 'Skill' || ((i * 7) % 400)], array['TX'], 1
       from generate_series(1, 100000) as i on conflict do nothing`),
      );
    });
    await app.db.execute(sql.raw('analyze profiles'));
    const board = uniqueBoard('greenhouse', 'explain');
    const { newJobIds } = await ingestBoard(
      app.db,
      board,
      [postingRecord(board, { title: 'Senior Elixir Engineer', locations: ['Remote - US'] })],
      new Date(),
    );
    const job = await readOpenJob(app.db, newJobIds[0] ?? 0);
    if (job === null) throw new Error('no job');
    const query = fittingProfilesQuery(app.db, { ...job, skills: ['Skill7'] });
    if (query === null) throw new Error('no query');
    const statement = query.toSQL();
    const client = new pg.Client({ connectionString: location.url });
    await client.connect();
    try {
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain ${statement.sql}`,
        statement.params,
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Bitmap Index Scan on profiles_match_skills_gin/);
      expect(text).toMatch(/Bitmap Index Scan on profiles_role_terms_gin/);
      expect(text).not.toMatch(/Seq Scan on profiles/);
      // The follow rule and the hidden jobs and companies are joined once, never a subquery
      // run for each candidate profile.
      expect(text).not.toMatch(/SubPlan/);
    } finally {
      await client.end();
    }
    await app.db.delete(profiles).where(like(profiles.uid, 'explain-%'));
  });
});

describe('making alerts after a poll', () => {
  it('answers a failure instead of throwing, so the stored postings stay and the poll goes on', async () => {
    const brokenDb = new Proxy(
      {},
      {
        get: () => {
          throw new Error('database unavailable');
        },
      },
    ) as Database;
    const outcome = await makeAlerts({
      db: brokenDb,
      alertEvents: unannouncedAlerts,
      fetchers: {} as PollBoardDeps['fetchers'],
      baseUrls: everySourceAt('http://x'),
      intervalMs: 60_000,
      timeoutMs: 1_000,
    });
    expect(outcome).toEqual({ failed: 'Error: database unavailable' });
  });
});

import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CLEANUP_QUEUE } from '../../server/cleanupSchedule';
import { BASE_URL_SETTINGS } from '../../server/jobs/settings';
import { JOB_SOURCES, type BoardRef } from '../../server/jobs/jobRecord';
import type { PublishedPosting } from '../../dev/jobBoards/standInServer';
import type { BackendProcess } from '../../scripts/backendProcess';
import { openAlertStreamClient, type AlertStreamClient } from '../../scripts/alertStreamClient';
import { disposeTestAuths } from '../support/emulatorAuth';
import { eventually } from './support/alertEmails';
import { openDatabase } from '../../server/db/database';
import { fileDatabaseLocation } from './support/backend';
import { startTestBackendProcess, startTogether } from './support/backendProcess';
import { validProfile } from './support/profiles';
import { FITS_THE_FRONTEND_ROLE } from './support/standInRoles';
import { accountSession, guestSession } from './support/sessions';
import { startStandInBoards, type StandInBoards } from './support/standInBoards';

/** B's connections to the database, named so a test can end them (PGAPPNAME). */
const B_APPLICATION_NAME = 'applyfirst-test-b';
/** Both processes' per-user limit: low, so one user's requests over both can pass it. */
const RATE_LIMIT_PER_MINUTE = 20;

/**
 * Two backend processes on one PostgreSQL database, as a deployment with two instances behind a
 * load balancer runs: what one process does, the other must know. A polls the job board; B polls
 * nothing, so whatever B's streams hear came through the database.
 */
describe('two backend processes on one PostgreSQL database', () => {
  let stand: StandInBoards<'polled'>;
  let board: BoardRef;
  let a: BackendProcess;
  let b: BackendProcess;
  let sql: pg.Client;
  const streams: AlertStreamClient[] = [];

  beforeAll(async () => {
    stand = await startStandInBoards({ polled: { source: 'lever', fixture: 'globex' } });
    board = stand.boards.polled;
    const shared = {
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
      // Counted in the database, as a deployment of several processes sets it.
      RATE_LIMIT_STORE: 'postgres',
      // Both keep the clean-up schedule, as every instance of a deployment does.
      GUEST_CLEANUP_EVERY_HOURS: '24',
    };
    // Migrated first: two processes migrating at once is a test of its own (below).
    await (await openDatabase(await fileDatabaseLocation())).close();
    // Together, as the instances of a deployment start.
    [a, b] = (await startTogether([
      startTestBackendProcess('backend A', {
        ...shared,
        JOB_BOARDS: `${board.source}:${board.token}`,
        ...Object.fromEntries(
          JOB_SOURCES.map((source) => [BASE_URL_SETTINGS[source], stand.standIn.url]),
        ),
        JOB_POLL_INTERVAL_SECONDS: '1',
        JOB_BOARD_TIMEOUT_SECONDS: '2',
      }),
      startTestBackendProcess('backend B', { ...shared, PGAPPNAME: B_APPLICATION_NAME }),
    ])) as [BackendProcess, BackendProcess];
    const location = await fileDatabaseLocation();
    if (location.kind !== 'postgres') throw new Error('expected PostgreSQL');
    sql = new pg.Client({ connectionString: location.url });
    await sql.connect();
    // The board's recorded postings are stored first: only what it publishes later is new.
    await eventually(
      async () => ((await storedIds()).length > 0 ? true : undefined),
      30_000,
      'the first poll',
    );
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sql?.end();
    await stand?.close();
  });
  afterEach(async () => {
    streams.splice(0).forEach((stream) => stream.close());
    await disposeTestAuths();
  });

  async function storedIds(): Promise<string[]> {
    const { rows } = await sql.query<{ external_id: string }>(
      'select external_id from jobs where source = $1 and board = $2',
      [board.source, board.token],
    );
    return rows.map((row) => row.external_id);
  }

  const request = (
    process: BackendProcess,
    method: 'GET' | 'PUT' | 'DELETE',
    path: string,
    token: string,
    body?: unknown,
  ) =>
    fetch(`${process.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });

  async function stream(process: BackendProcess, token: string): Promise<AlertStreamClient> {
    const opened = await openAlertStreamClient(process.url, token);
    streams.push(opened);
    return opened;
  }

  /** Publishes postings on the board until the stand-in's turn comes to the frontend role. */
  function publishTheFrontendRole(): PublishedPosting {
    for (let turn = 0; turn < 20; turn += 1) {
      const published = stand.standIn.publish(board);
      if (published.title.startsWith('Frontend Engineer')) return published;
    }
    throw new Error('the stand-in never published its frontend role');
  }

  it('two instances migrate a fresh database at once, both starting', async () => {
    const location = await fileDatabaseLocation();
    if (location.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const fresh = new URL(location.url);
    fresh.pathname = `${fresh.pathname}_fresh`;
    await sql.query(`drop database if exists "${fresh.pathname.slice(1)}"`);
    await sql.query(`create database "${fresh.pathname.slice(1)}"`);
    // Each opens its own pool and migrates, as each backend process does when it starts.
    const opened = await Promise.allSettled([
      openDatabase({ kind: 'postgres', url: fresh.href }),
      openDatabase({ kind: 'postgres', url: fresh.href }),
    ]);
    await Promise.all(
      opened.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)),
    );
    await sql.query(`drop database "${fresh.pathname.slice(1)}"`);
    const failures = opened.flatMap((result) =>
      result.status === 'rejected' ? [String((result.reason as Error).cause ?? result.reason)] : [],
    );
    expect(failures).toEqual([]);
  });

  it('both start at once, with one clean-up schedule between them', async () => {
    for (const process of [a, b]) {
      expect((await fetch(`${process.url}/health`)).status).toBe(200);
    }
    // pg-boss sends one job per occurrence of a schedule however many keep it (the lead's
    // guestCleanupSchedule test shows the runs); here: both kept it without a second row.
    const { rows } = await sql.query<{ count: string }>(
      'select count(*) from pgboss.schedule where name = $1',
      [GUEST_CLEANUP_QUEUE],
    );
    expect(Number(rows[0]?.count)).toBe(1);
  });

  it('a posting A stores reaches the stream of a user connected to B within 2 s', async () => {
    const seeker = await guestSession();
    const saved = await request(a, 'PUT', '/v1/profile', seeker.token, FITS_THE_FRONTEND_ROLE);
    expect(saved.status, await saved.text()).toBe(200);
    const onB = await stream(b, seeker.token);

    const published = publishTheFrontendRole();
    const arrived = await eventually(
      () => onB.received.find(({ alert }) => alert.title === published.title),
      15_000,
      'the alert on B',
    );
    // alertedAt is the alert's insert (its transaction's start on the database clock): an upper
    // bound of the time from A's commit to B's stream.
    const delayMs = arrived.receivedAt - Date.parse(arrived.alert.alertedAt);
    console.info(`alert made on A to B's stream: ${delayMs} ms`);
    expect(delayMs).toBeLessThan(2_000);
    expect(await storedIds()).toContain(published.id);
  });

  it('a user deleted through A is refused by B at once, and their stream on B ends', async () => {
    const account = await accountSession('two-processes');
    const saved = await request(b, 'PUT', '/v1/profile', account.token, validProfile());
    expect(saved.status, await saved.text()).toBe(200);
    // B has verified the token: it is in B's cache of verified tokens from now on.
    expect((await request(b, 'GET', '/v1/profile', account.token)).status).toBe(200);
    const onB = await stream(b, account.token);

    const deleted = await request(a, 'DELETE', '/v1/account', account.token);
    expect(deleted.status, await deleted.text()).toBe(200);

    const refused = await request(b, 'GET', '/v1/profile', account.token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('user-not-found');
    const endedWithin = await Promise.race([
      onB.ended.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 2 s'), 2_000)),
    ]);
    expect(endedWithin).toBe('ended');
    expect(onB.closedByUs()).toBe(false);
  });

  it("limits one user's requests as one, whichever process they reach", async () => {
    const user = await guestSession();
    const statuses: number[] = [];
    // Alternately, as a round-robin balancer sends them: more than the limit in all, fewer on each.
    for (let index = 0; index < RATE_LIMIT_PER_MINUTE + 4; index += 1) {
      const target = index % 2 === 0 ? a : b;
      statuses.push((await request(target, 'GET', '/v1/alerts', user.token)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });

  // Last: a process that does not survive this is gone for the tests after it.
  it('keeps serving when the database ends its connections (a restart, a failover)', async () => {
    let exited: string | null = null;
    void b.exited.then((how) => (exited = how));
    const { rows } = await sql.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [B_APPLICATION_NAME],
    );
    const pids = rows.map((row) => row.pid);
    expect(pids.length).toBeGreaterThan(0);
    await sql.query('select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)', [
      pids,
    ]);
    // A session ends after telling its client so: once they are gone, B has been told.
    await eventually(
      async () => {
        const left = await sql.query('select 1 from pg_stat_activity where pid = any($1)', [pids]);
        return left.rowCount === 0 ? true : undefined;
      },
      10_000,
      "the end of B's sessions",
    );
    const health = await fetch(`${b.url}/health`, { signal: AbortSignal.timeout(10_000) }).then(
      (response) => response.status,
      (error: unknown) => `no answer: ${String((error as Error).cause ?? error)}`,
    );
    expect({ health, exited }).toEqual({ health: 200, exited: null });
  });
});

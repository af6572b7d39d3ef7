import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { followedBoards, jobs } from '../../server/db/schema';
import { boardsToPoll } from '../../server/follow/followedPolling';
import type { BoardPolling } from '../../server/jobs/poll/boardPolling';
import {
  FOLLOWED_COMPANIES_LIMIT,
  FOLLOW_URL_MAX_LENGTH,
  type FollowsResponse,
} from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { startStandInBoards, type StandInBoards } from './support/standInBoards';
import { guestSession } from './support/sessions';

const BOARDS = {
  configured: { source: 'greenhouse', fixture: 'acme' },
  followed: { source: 'lever', fixture: 'globex' },
} as const;

const WAIT = { timeout: 10_000, interval: 100 };

describe.each(DATABASES)('following a company on %s', (database) => {
  let app: FastifyInstance;
  let polling: BoardPolling;
  let stand: StandInBoards<keyof typeof BOARDS>;

  beforeAll(async () => {
    stand = await startStandInBoards(BOARDS);
    app = await startBackend(database, {
      config: {
        jobBoards: [stand.boards.configured],
        jobSourceUrls: stand.baseUrls,
        // Only the first poll of a followed board is under test: no second poll comes soon.
        jobPollIntervalSeconds: 600,
        jobBoardTimeoutMs: 2_000,
      },
    });
    if (app.boardPolling === null) throw new Error('JOB_BOARDS was set, yet nothing polls');
    polling = app.boardPolling;
  });
  afterAll(async () => {
    await app.close();
    await stand.close();
  });
  afterEach(disposeTestAuths);

  const follow = (token: string, url: string, query = '') =>
    call(app, 'POST', `/v1/profile/follows${query}`, { token, body: { url } });
  const follows = async (token: string) => {
    const response = await call(app, 'GET', '/v1/profile/follows', { token });
    expect(response.statusCode).toBe(200);
    return response.json<FollowsResponse>();
  };

  it('follows a board by its careers page URL, polls it at once, and lists it with its postings', async () => {
    const { token } = await guestSession();
    const board = stand.boards.followed;
    expect(await polling.scheduled(board)).toBeNull();

    const response = await follow(token, `https://jobs.lever.co/${board.token}/some-job-id`);
    expect(response.statusCode).toBe(200);
    expect(response.json<FollowsResponse>()).toMatchObject({
      slot: 1,
      mode: 'boost',
      limit: FOLLOWED_COMPANIES_LIMIT,
      companies: [{ source: 'lever', token: board.token, name: board.token, openPostings: 0 }],
    });

    const open = () =>
      app.db
        .select({ company: jobs.company })
        .from(jobs)
        .where(and(eq(jobs.source, 'lever'), eq(jobs.board, board.token), isNull(jobs.closedAt)));
    await vi.waitFor(async () => {
      const rows = await open();
      expect(rows.length).toBeGreaterThan(0);
      const [company] = (await follows(token)).companies;
      expect(company).toMatchObject({ name: rows[0]?.company, openPostings: rows.length });
      expect(Date.parse(company?.lastPolledAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    }, WAIT);
  });

  it('changes nothing when the same company is followed again, by another of its URLs', async () => {
    const { token } = await guestSession();
    const board = stand.boards.configured;
    await follow(token, `https://boards.greenhouse.io/${board.token}`);
    const again = await follow(
      token,
      `job-boards.greenhouse.io/embed/job_board?for=${board.token.toUpperCase()}`,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json<FollowsResponse>().companies.map((company) => company.token)).toEqual([
      board.token,
    ]);
  });

  it.each([
    ['not a web address', 'follow-url-invalid'],
    ['ftp://boards.greenhouse.io/acme', 'follow-url-not-http'],
    ['https://example.com/careers', 'follow-url-unknown-host'],
    ['http://169.254.169.254/latest/meta-data', 'follow-url-unknown-host'],
    ['https://boards.greenhouse.io/', 'follow-url-no-company'],
  ])('refuses %s with %s and stores nothing', async (url, code) => {
    const { token, uid } = await guestSession();
    const response = await follow(token, url);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe(code);
    expect(await app.db.select().from(followedBoards).where(eq(followedBoards.uid, uid))).toEqual(
      [],
    );
  });

  it('refuses a request it cannot read with the catalogue codes', async () => {
    const { token } = await guestSession();
    const tooLong = `https://jobs.lever.co/${'a'.repeat(FOLLOW_URL_MAX_LENGTH)}`;
    expect(errorOf(await follow(token, tooLong)).code).toBe('value-too-long');
    const extra = await call(app, 'POST', '/v1/profile/follows', {
      token,
      body: { url: 'https://jobs.lever.co/acme', uid: 'someone-else' },
    });
    expect(errorOf(extra).code).toBe('unknown-field');
    const noToken = await call(app, 'POST', '/v1/profile/follows', {
      body: { url: 'https://jobs.lever.co/acme' },
    });
    expect(noToken.statusCode).toBe(401);
    const badMode = await call(app, 'PUT', '/v1/profile/follows/mode', {
      token,
      body: { mode: 'everything' },
    });
    expect(errorOf(badMode).code).toBe('invalid-request');
    const badBoard = await call(app, 'DELETE', '/v1/profile/follows/lever/a%20b', { token });
    expect(errorOf(badBoard).code).toBe('invalid-request');
  });

  it('keeps each user to their own companies', async () => {
    const owner = await guestSession();
    const other = await guestSession();
    await follow(owner.token, 'https://jobs.ashbyhq.com/ownerco');
    expect((await follows(other.token)).companies).toEqual([]);
    const removed = await call(app, 'DELETE', '/v1/profile/follows/ashby/ownerco', {
      token: other.token,
    });
    expect(removed.statusCode).toBe(200);
    expect((await follows(owner.token)).companies.map((company) => company.token)).toEqual([
      'ownerco',
    ]);
  });

  it('unfollows, and sets how matches treat followed companies', async () => {
    const { token } = await guestSession();
    await follow(token, 'https://acme-unfollow.recruitee.com');
    await follow(token, 'https://apply.workable.com/keepco');
    const removed = await call(app, 'DELETE', '/v1/profile/follows/recruitee/acme-unfollow', {
      token,
    });
    expect(removed.json<FollowsResponse>().companies.map((company) => company.token)).toEqual([
      'keepco',
    ]);
    const mode = await call(app, 'PUT', '/v1/profile/follows/mode', {
      token,
      body: { mode: 'only' },
    });
    expect(mode.json<FollowsResponse>().mode).toBe('only');
    expect((await follows(token)).mode).toBe('only');
  });

  it('forgets what a profile followed, and how, when the profile is deleted', async () => {
    const { token } = await guestSession();
    await follow(token, 'https://jobs.ashbyhq.com/deletedco');
    await call(app, 'PUT', '/v1/profile/follows/mode', { token, body: { mode: 'only' } });
    expect((await call(app, 'DELETE', '/v1/profile', { token })).statusCode).toBe(200);
    expect(await follows(token)).toMatchObject({ mode: 'boost', companies: [] });
  });

  it(`refuses a company beyond ${FOLLOWED_COMPANIES_LIMIT}, and a slot the plan does not cover`, async () => {
    const { token, uid } = await guestSession();
    await app.db.insert(followedBoards).values(
      Array.from({ length: FOLLOWED_COMPANIES_LIMIT }, (_, index) => ({
        uid,
        slot: 1 as const,
        source: 'ashby' as const,
        token: `full-${index}`,
      })),
    );
    const refused = await follow(token, 'https://jobs.ashbyhq.com/one-more');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('follow-limit');
    expect((await follows(token)).companies).toHaveLength(FOLLOWED_COMPANIES_LIMIT);

    const slot2 = await follow(token, 'https://jobs.ashbyhq.com/pro-only', '?slot=2');
    expect(errorOf(slot2).code).toBe('plan-profile-limit');
  });

  it('polls every followed board along with the configured ones when polling starts', async () => {
    const { uid } = await guestSession();
    const followedOnly = { source: 'lever' as const, token: `started-${uid.slice(0, 8)}` };
    await app.db.insert(followedBoards).values({ uid, slot: 1, ...followedOnly });
    const boards = await boardsToPoll(app.db, [stand.boards.configured]);
    expect(boards).toContainEqual(stand.boards.configured);
    expect(boards).toContainEqual(followedOnly);
    expect(new Set(boards.map((board) => `${board.source}:${board.token}`)).size).toBe(
      boards.length,
    );
  });
});

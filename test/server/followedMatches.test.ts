import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAlerts } from '../../server/alerts/createAlerts';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import type { GetAlertsResponse, GetMatchesResponse } from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, startBackend } from './support/backend';
import { postingRecord, uniqueBoard } from './support/jobs';
import { validProfile } from './support/profiles';
import { guestSession } from './support/sessions';

describe.each(DATABASES)('matches of followed companies on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  /** Two open backend postings: one fits every skill, one (on its own board) fewer of them. */
  async function twoPostings() {
    const seenAt = new Date();
    const other = uniqueBoard('greenhouse', 'other');
    const followed = uniqueBoard('ashby', 'followed');
    const store = async (board: typeof other, description: string) => {
      const record = postingRecord(board, { description }, seenAt);
      const [id] = (await ingestBoard(app.db, board, [record], seenAt)).newJobIds;
      return id;
    };
    return {
      followed,
      strongId: await store(other, 'We build services in TypeScript on PostgreSQL.'),
      weakId: await store(followed, 'We build services in TypeScript, PostgreSQL, Go and Rust.'),
    };
  }

  async function matchedIds(token: string, ids: readonly (number | undefined)[]) {
    const response = await call(app, 'GET', '/v1/matches', { token });
    expect(response.statusCode).toBe(200);
    return response
      .json<GetMatchesResponse>()
      .matches.filter((match) => ids.includes(match.jobId))
      .map(({ jobId, score }) => ({ jobId, score }));
  }

  it('lists a followed company first when boosted, and it alone in "only" mode', async () => {
    const { followed, strongId, weakId } = await twoPostings();
    const { token } = await guestSession();
    await call(app, 'PUT', '/v1/profile', {
      token,
      body: validProfile({
        targetRoles: ['Backend Engineer'],
        skills: ['TypeScript', 'PostgreSQL'],
        where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] },
      }),
    });
    const ids = [strongId, weakId];

    const before = await matchedIds(token, ids);
    expect(before.map((match) => match.jobId)).toEqual([strongId, weakId]);
    const [strong, weak] = before;
    expect(strong?.score).toBeGreaterThan(weak?.score ?? Infinity);

    const followedNow = await call(app, 'POST', '/v1/profile/follows', {
      token,
      body: { url: `https://jobs.ashbyhq.com/${followed.token}` },
    });
    expect(followedNow.statusCode).toBe(200);
    // Boosted (the default): the followed company's posting first, every score as it was.
    expect(await matchedIds(token, ids)).toEqual([weak, strong]);

    await call(app, 'PUT', '/v1/profile/follows/mode', { token, body: { mode: 'only' } });
    expect(await matchedIds(token, ids)).toEqual([weak]);
  });

  /** A remote backend seeker with TypeScript and PostgreSQL. */
  async function backendSeeker() {
    const { token } = await guestSession();
    await call(app, 'PUT', '/v1/profile', {
      token,
      body: validProfile({
        targetRoles: ['Backend Engineer'],
        skills: ['TypeScript', 'PostgreSQL'],
        where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] },
      }),
    });
    return token;
  }

  /** Stores a fitting posting on the board and makes its alerts; its job id. */
  async function postWithAlerts(board: ReturnType<typeof uniqueBoard>) {
    const seenAt = new Date();
    const record = postingRecord(board, { description: 'TypeScript and PostgreSQL.' }, seenAt);
    const { newJobIds } = await ingestBoard(app.db, board, [record], seenAt);
    await createAlerts(app.db, app.alertEvents, newJobIds);
    return newJobIds[0];
  }

  async function alertedIds(token: string) {
    const response = await call(app, 'GET', '/v1/alerts', { token });
    expect(response.statusCode).toBe(200);
    return response.json<GetAlertsResponse>().alerts.map((alert) => alert.jobId);
  }

  it('in "only" mode, alerts only on followed companies, as its matches do', async () => {
    const token = await backendSeeker();
    const followed = uniqueBoard('ashby', 'followed');
    await call(app, 'POST', '/v1/profile/follows', {
      token,
      body: { url: `https://jobs.ashbyhq.com/${followed.token}` },
    });
    await call(app, 'PUT', '/v1/profile/follows/mode', { token, body: { mode: 'only' } });

    const onFollowed = await postWithAlerts(followed);
    const elsewhere = await postWithAlerts(uniqueBoard('greenhouse', 'other'));

    const alerted = await alertedIds(token);
    expect(alerted).toContain(onFollowed);
    expect(alerted).not.toContain(elsewhere);
  });

  it('in "only" mode with no company followed yet, alerts from every board', async () => {
    const token = await backendSeeker();
    const mode = await call(app, 'PUT', '/v1/profile/follows/mode', {
      token,
      body: { mode: 'only' },
    });
    expect(mode.statusCode).toBe(200);

    const anywhere = await postWithAlerts(uniqueBoard('greenhouse', 'anywhere'));

    expect(await alertedIds(token)).toContain(anywhere);
  });
});

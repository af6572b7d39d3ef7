import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import type { GetMatchesResponse } from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { fixtureRecords, uniqueBoard } from './support/jobs';
import { validProfile } from './support/profiles';
import { guestSession } from './support/sessions';

describe.each(DATABASES)('GET /v1/matches on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  it('needs a token', async () => {
    const response = await call(app, 'GET', '/v1/matches');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('token-missing');
  });

  it('answers profileMissing and no matches before a profile is saved', async () => {
    const { token } = await guestSession();
    const response = await call(app, 'GET', '/v1/matches', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json<GetMatchesResponse>()).toEqual({
      slot: 1,
      active: true,
      profileMissing: true,
      matches: [],
    });
  });

  it("answers the user's matches best first, with score, reasons, skills, times and apply link", async () => {
    const seenAt = new Date('2026-11-22T12:00:00.000Z');
    const board = uniqueBoard('greenhouse', 'acme');
    const [, remoteFrontend] = (
      await ingestBoard(app.db, board, fixtureRecords('acme', board, seenAt), seenAt)
    ).newJobIds;
    const { token } = await guestSession();
    await call(app, 'PUT', '/v1/profile', {
      token,
      body: validProfile({
        targetRoles: ['Frontend Engineer'],
        skills: ['React', 'TS'],
        where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] },
        seniority: 'mid',
        minSalary: { amount: 120_000, currency: 'USD', period: 'year' },
      }),
    });

    const response = await call(app, 'GET', '/v1/matches', { token });
    expect(response.statusCode).toBe(200);
    const { profileMissing, matches } = response.json<GetMatchesResponse>();
    expect(profileMissing).toBe(false);
    const match = matches.find((candidate) => candidate.jobId === remoteFrontend);
    expect(match).toMatchObject({
      title: 'Frontend Engineer (Remote - US)',
      company: 'Acme Robotics',
      usEligibility: 'remote-us',
      coveredSkills: ['React', 'TypeScript'],
      missingSkills: ['GraphQL', 'Vite', 'Playwright', 'End-to-End Testing'],
      firstSeenAt: seenAt.toISOString(),
      applyUrl: 'https://job-boards.greenhouse.io/acme/jobs/7012345002',
    });
    expect(match?.reasons.map((reason) => reason.kind)).toEqual([
      'skills',
      'title',
      'location',
      'seniority',
      'salary',
      'visa',
    ]);
    expect(match?.score).toBe(match?.reasons.reduce((sum, reason) => sum + reason.points, 0));
    expect(matches.map((candidate) => candidate.score)).toEqual(
      [...matches.map((candidate) => candidate.score)].sort((a, b) => b - a),
    );
  });
});

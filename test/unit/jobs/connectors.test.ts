import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { byTitle, jobsOf } from '../../support/boardJobs';
import { backoffDelayMs, afterFailure, INITIAL_BACKOFF } from '../../../server/jobs/backoff';
import type { BoardRef } from '../../../server/jobs/jobRecord';
import { fetchAshbyBoard } from '../../../server/jobs/sources/ashby';
import { BOARD_FETCHERS } from '../../../server/jobs/sources/fetchBoard';
import { fetchGreenhouseBoard } from '../../../server/jobs/sources/greenhouse';
import { fetchLeverBoard } from '../../../server/jobs/sources/lever';
import { startStandIn, type StandIn } from '../../../dev/jobBoards/standInServer';

/**
 * Each connector over real HTTP against the offline stand-in on 127.0.0.1 (a free port). Run inside
 * a network namespace on the shared machine: unshare -n bash -c 'ip link set lo up && npx vitest run test/unit/jobs'.
 */
let standIn: StandIn;
const seenAt = new Date('2026-11-22T12:00:00.000Z');
const options = () => ({ baseUrl: standIn.url, timeoutMs: 5_000, now: () => seenAt });

const acme: BoardRef = { source: 'greenhouse', token: 'acme' };
const northwind: BoardRef = { source: 'greenhouse', token: 'northwind' };
const globex: BoardRef = { source: 'lever', token: 'globex' };
const quantumleaf: BoardRef = { source: 'lever', token: 'quantumleaf' };
const initech: BoardRef = { source: 'ashby', token: 'initech' };
const tidewater: BoardRef = { source: 'ashby', token: 'tidewater' };
const zego: BoardRef = { source: 'workable', token: 'zego' };
const vitol: BoardRef = { source: 'smartrecruiters', token: 'Vitol' };
const channable: BoardRef = { source: 'recruitee', token: 'channable' };

beforeAll(async () => {
  standIn = await startStandIn({ publishEveryMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});
afterEach(() => {
  for (const board of standIn.boards()) standIn.setFault(board, null);
});

describe('Greenhouse connector', () => {
  it('reads a board into job records with plain-text descriptions from escaped HTML', async () => {
    const jobs = jobsOf(await fetchGreenhouseBoard(acme, options()));
    expect(jobs.map((job) => job.externalId)).toEqual(['7012345001', '7012345002', '7012345003']);
    const backend = byTitle(jobs, 'Senior Backend Engineer');
    expect(backend).toMatchObject({
      company: 'Acme Robotics',
      board: acme,
      locations: ['San Francisco, CA'],
      remote: false,
      usEligibility: 'us',
      seniority: 'senior',
      // The range is only in the description's text.
      salary: { minUsd: 185000, maxUsd: 235000 },
      pay: { currency: 'USD', min: 185000, max: 235000, period: 'year' },
      postedAt: '2026-11-02T14:15:00.000Z',
      firstSeenAt: '2026-11-22T12:00:00.000Z',
      applyUrl: 'https://job-boards.greenhouse.io/acme/jobs/7012345001',
    });
    expect(backend.description).toContain(
      "What you'll do\n\n- Design and run services in Go and Python",
    );
    expect(backend.description).toContain('- Own our PostgreSQL & Redis data layer');
    expect(backend.description).not.toMatch(/[<>]|&(amp|lt|gt|quot|#39);/);
    expect(backend.skills).toEqual(
      expect.arrayContaining(['Go', 'Python', 'Kubernetes', 'PostgreSQL', 'Apache Kafka', 'CI/CD']),
    );
  });

  it('leaves script and style bodies out of the description', async () => {
    const frontend = byTitle(
      jobsOf(await fetchGreenhouseBoard(acme, options())),
      'Frontend Engineer',
    );
    expect(frontend.description).not.toContain('trackView');
    expect(frontend.description).not.toContain('color:red');
    expect(frontend).toMatchObject({ remote: true, usEligibility: 'remote-us' });
  });

  it('drops a posting without a title, counts why, and keeps the rest', async () => {
    const result = await fetchGreenhouseBoard(northwind, options());
    expect(result).toMatchObject({ ok: true, dropped: { 'missing-title': 1 } });
    expect(jobsOf(result).map((job) => job.title)).toEqual([
      'Staff Data Engineer',
      'Machine Learning Engineer',
    ]);
  });
});

describe('Lever connector', () => {
  it('reads every page with skip/limit', async () => {
    const jobs = jobsOf(await fetchLeverBoard(globex, { ...options(), pageSize: 2 }));
    expect(jobs.map((job) => job.externalId.slice(-2))).toEqual(['01', '02', '03', '04', '05']);
  });

  it('converts an hourly USD wage to a yearly range', async () => {
    const contract = byTitle(jobsOf(await fetchLeverBoard(globex, options())), 'Contract QA');
    expect(contract.salary).toEqual({ minUsd: 135_200, maxUsd: 166_400 });
    expect(contract.usEligibility).toBe('remote-us');
  });

  it('ignores a salary in Canadian dollars and places Toronto outside the US', async () => {
    const toronto = byTitle(
      jobsOf(await fetchLeverBoard(globex, options())),
      'Backend Engineer II',
    );
    expect(toronto).toMatchObject({ salary: null, usEligibility: 'not-us', seniority: 'mid' });
  });

  it('joins the description, the lists and the closing text', async () => {
    const sre = byTitle(
      jobsOf(await fetchLeverBoard(globex, options())),
      'Senior Site Reliability',
    );
    expect(sre.description).toContain("What you'll do\n- Run Kubernetes, Prometheus and Grafana");
    expect(sre.description).toContain('Globex is an equal opportunity employer.');
    expect(sre.locations).toEqual(['New York, NY', 'Austin, TX']);
    expect(sre.postedAt).toBe('2026-11-03T16:00:00.000Z');
  });

  it('reads remote US or Canada as US-eligible and a worldwide remote role as worldwide', async () => {
    const principal = byTitle(
      jobsOf(await fetchLeverBoard(quantumleaf, options())),
      'Principal Android',
    );
    expect(principal).toMatchObject({ usEligibility: 'remote-us', seniority: 'principal' });
    const advocate = byTitle(
      jobsOf(await fetchLeverBoard(globex, options())),
      'Developer Advocate',
    );
    expect(advocate.usEligibility).toBe('remote-worldwide');
  });
});

describe('Ashby connector', () => {
  it('reads the yearly USD salary from the compensation summary, not the equity', async () => {
    const fullStack = byTitle(
      jobsOf(await fetchAshbyBoard(initech, options())),
      'Senior Full-Stack',
    );
    expect(fullStack).toMatchObject({
      salary: { minUsd: 160_000, maxUsd: 190_000 },
      locations: ['Austin, TX', 'Denver, CO'],
      remote: false,
      usEligibility: 'us',
      applyUrl: 'https://jobs.ashbyhq.com/initech/3d2c1b0a-aaaa-4bbb-8ccc-300000000001/application',
    });
  });

  it('uses the HTML description when there is no plain one, and calls "we hire worldwide" remote-worldwide', async () => {
    const security = byTitle(
      jobsOf(await fetchAshbyBoard(initech, options())),
      'Security Engineer',
    );
    expect(security.description).toBe(
      'About the role\n\nWork from anywhere — we hire worldwide.\n\n- Application security & threat modeling\n- AWS IAM, Okta, SOC 2',
    );
    expect(security.usEligibility).toBe('remote-worldwide');
  });

  it('ignores a salary in rupees and drops the posting without a title', async () => {
    const result = await fetchAshbyBoard(tidewater, options());
    expect(result).toMatchObject({ ok: true, dropped: { 'missing-title': 1 } });
    expect(byTitle(jobsOf(result), 'Lead DevOps')).toMatchObject({
      salary: null,
      pay: { currency: 'INR', period: 'year' },
      usEligibility: 'not-us',
      countries: ['IN'],
      // A lead engineer leads work, not people: a senior engineer.
      seniority: 'senior',
    });
  });
});

describe('failures every connector reports as typed results', () => {
  const boards = [acme, globex, initech, zego, vitol, channable];

  it.each(boards)('$source: malformed JSON', async (board) => {
    standIn.setFault(board, { kind: 'malformed' });
    const result = await BOARD_FETCHERS[board.source](board, options());
    expect(result).toMatchObject({ ok: false, failure: { kind: 'malformed' } });
  });

  it.each(boards)('$source: 429 with Retry-After, which the back-off honours', async (board) => {
    standIn.setFault(board, { kind: 'rate-limit', retryAfterSeconds: 300 });
    const result = await BOARD_FETCHERS[board.source](board, options());
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'rate-limited', status: 429, retryAfterMs: 300_000 },
    });
    if (result.ok || result.failure.kind !== 'rate-limited')
      throw new Error('expected a rate limit');
    expect(backoffDelayMs(afterFailure(INITIAL_BACKOFF), result.failure.retryAfterMs)).toBe(
      300_000,
    );
  });

  it.each(boards)('$source: 5xx', async (board) => {
    standIn.setFault(board, { kind: 'server-error', status: 503 });
    const result = await BOARD_FETCHERS[board.source](board, options());
    expect(result).toEqual({ ok: false, failure: { kind: 'server-error', status: 503 } });
  });

  it.each(boards)('$source: a board that never answers times out', async (board) => {
    standIn.setFault(board, { kind: 'hang' });
    const result = await BOARD_FETCHERS[board.source](board, { ...options(), timeoutMs: 300 });
    expect(result).toEqual({ ok: false, failure: { kind: 'timeout', afterMs: 300 } });
  });

  it.each(boards)('$source: an unknown board is not found', async (board) => {
    const result = await BOARD_FETCHERS[board.source](
      { ...board, token: 'no-such-board' },
      options(),
    );
    expect(result).toEqual({ ok: false, failure: { kind: 'not-found', status: 404 } });
  });

  it('a closed port is a network failure', async () => {
    const closed = await startStandIn({ publishEveryMs: 0 });
    const url = closed.url;
    await closed.close();
    const result = await fetchGreenhouseBoard(acme, { baseUrl: url, timeoutMs: 2_000 });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'network' } });
  });
});

describe('the stand-in publishing', () => {
  it.each([acme, globex, initech, zego, vitol, channable])(
    '$source: a posting published now is what the connector sees next',
    async (board) => {
      const before = jobsOf(await BOARD_FETCHERS[board.source](board, options()));
      const published = standIn.publish(board);
      const after = jobsOf(await BOARD_FETCHERS[board.source](board, options()));
      expect(after).toHaveLength(before.length + 1);
      const fresh = after.find((job) => job.externalId === published.id);
      expect(fresh?.title).toBe(published.title);
      expect(fresh?.skills.length).toBeGreaterThan(0);
    },
  );

  it('publishes over HTTP from loopback through the admin endpoint', async () => {
    const response = await fetch(`${standIn.url}/__admin/publish`, {
      method: 'POST',
      body: JSON.stringify({ source: 'lever', board: 'quantumleaf' }),
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(201);
    const published = (await response.json()) as { id: string; board: BoardRef };
    expect(published.board).toEqual(quantumleaf);
    const jobs = jobsOf(await fetchLeverBoard(quantumleaf, options()));
    expect(jobs.map((job) => job.externalId)).toContain(published.id);
  });

  it('a restarted stand-in publishes ids its last run never used', async () => {
    // The backend keeps its database across restarts and takes a known id for an old posting.
    const idsOfARun = async (startedAt: string) => {
      const run = await startStandIn({ publishEveryMs: 0, now: () => new Date(startedAt) });
      try {
        return [acme, globex, initech].flatMap((board) =>
          [1, 2, 3].map(() => run.publish(board).id),
        );
      } finally {
        await run.close();
      }
    };
    const first = await idsOfARun('2026-11-26T10:00:00.000Z');
    const second = await idsOfARun('2026-11-26T10:05:00.000Z');
    expect(new Set(first).size).toBe(first.length);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
  });

  it('publishes on its own timer', async () => {
    const timed = await startStandIn({ publishEveryMs: 50 });
    try {
      const before = jobsOf(
        await fetchAshbyBoard(initech, { baseUrl: timed.url, timeoutMs: 5_000 }),
      ).length;
      await expect
        .poll(
          async () =>
            jobsOf(await fetchAshbyBoard(initech, { baseUrl: timed.url, timeoutMs: 5_000 })).length,
          {
            timeout: 5_000,
            interval: 100,
          },
        )
        .toBeGreaterThan(before);
    } finally {
      await timed.close();
    }
  });
});

describe('dedupe key', () => {
  it('stays the same when the same board is read again later', async () => {
    const first = jobsOf(await fetchLeverBoard(globex, options()));
    const later = jobsOf(
      await fetchLeverBoard(globex, { ...options(), now: () => new Date('2026-12-01T00:00:00Z') }),
    );
    expect(later.map((job) => job.dedupeKey)).toEqual(first.map((job) => job.dedupeKey));
    expect(later[0]?.firstSeenAt).toBe('2026-12-01T00:00:00.000Z');
    expect(new Set(first.map((job) => job.dedupeKey)).size).toBe(first.length);
  });
});

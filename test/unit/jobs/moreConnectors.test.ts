import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { byTitle, jobsOf } from '../../support/boardJobs';
import type { BoardRef } from '../../../server/jobs/jobRecord';
import { fetchRecruiteeBoard, recruiteeOffersUrl } from '../../../server/jobs/sources/recruitee';
import { fetchSmartRecruitersBoard } from '../../../server/jobs/sources/smartrecruiters';
import { DetailsCache } from '../../../server/jobs/sources/smartRecruitersDetails';
import { fetchWorkableBoard } from '../../../server/jobs/sources/workable';
import { REAL_API_BASE_URLS } from '../../../server/jobs/settings';
import { startStandIn, type StandIn } from '../../../dev/jobBoards/standInServer';

/**
 * The Workable, SmartRecruiters and Recruitee connectors over real HTTP against the offline
 * stand-in, which serves answers recorded from the real APIs (see dev/jobBoards/fixtures/README.md).
 */
let standIn: StandIn;
const seenAt = new Date('2026-11-22T12:00:00.000Z');
const options = () => ({ baseUrl: standIn.url, timeoutMs: 5_000, now: () => seenAt });

const zego: BoardRef = { source: 'workable', token: 'zego' };
const huggingface: BoardRef = { source: 'workable', token: 'huggingface' };
const vitol: BoardRef = { source: 'smartrecruiters', token: 'Vitol' };
const channable: BoardRef = { source: 'recruitee', token: 'channable' };

beforeAll(async () => {
  standIn = await startStandIn({ publishEveryMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});

describe('Workable connector', () => {
  it('reads the widget answer: the account name, places, dates and the HTML description', async () => {
    const jobs = jobsOf(await fetchWorkableBoard(zego, options()));
    expect(jobs.map((job) => job.externalId)).toEqual(['B76C11B977', '450EC5C378']);
    const analytics = byTitle(jobs, 'Analytics Engineer');
    expect(analytics).toMatchObject({
      company: 'Zego',
      locations: ['London, England, United Kingdom'],
      countries: ['GB'],
      cities: ['London, GB'],
      remote: false,
      usEligibility: 'not-us',
      pay: null,
      salary: null,
      postedAt: '2026-07-10T00:00:00.000Z',
      firstSeenAt: '2026-11-22T12:00:00.000Z',
      applyUrl: 'https://apply.workable.com/j/B76C11B977',
    });
    expect(analytics.description).toMatch(/^About Zego\n\nInsurance hasn't changed much/);
    // The recording project cut the HTML short mid-tag ("<str ...[trimmed]"); every whole tag goes.
    expect(analytics.description).not.toMatch(/<\/?(p|strong)>|&(amp|nbsp);/);
    // "Associate" in Workable's experience field.
    expect(byTitle(jobs, 'Claims Handler').seniority).toBe('junior');
  });

  it('reads telecommuting in the US as remote-US and in Paris as not from the US', async () => {
    const jobs = jobsOf(await fetchWorkableBoard(huggingface, options()));
    expect(byTitle(jobs, 'Low-Level Senior Software Engineer, Xet Storage - US')).toMatchObject({
      remote: true,
      usEligibility: 'remote-us',
      usStates: ['NY'],
      seniority: 'senior',
    });
    expect(byTitle(jobs, 'Low-level Senior Software Engineer, Xet Storage - EMEA')).toMatchObject({
      remote: true,
      countries: ['FR'],
      usEligibility: 'not-us',
    });
  });
});

describe('SmartRecruiters connector', () => {
  it('reads every page with offset/limit and each posting details', async () => {
    const jobs = jobsOf(
      await fetchSmartRecruitersBoard(vitol, {
        ...options(),
        pageSize: 2,
        detailsCache: new DetailsCache(),
      }),
    );
    expect(jobs.map((job) => job.externalId)).toEqual([
      '744000133666057',
      '744000133449673',
      '744000133312429',
      '744000132586410',
      '744000132552099',
    ]);
    const platform = byTitle(jobs, 'Platform Engineer');
    expect(platform).toMatchObject({
      company: 'Vitol',
      locations: ['Singapore'],
      countries: ['SG'],
      usEligibility: 'not-us',
      minYears: 3,
      postedAt: '2026-06-23T17:40:25.923Z',
      applyUrl: 'https://jobs.smartrecruiters.com/Vitol/744000133666057-platform-engineer',
    });
    expect(platform.description).toContain('Job Description\n\nAs part of Vitol’s global Cloud');
    expect(platform.description).toContain('Qualifications\n\n- 3+ years of experience');
    expect(platform.skills).toEqual(expect.arrayContaining(['Terraform', 'Python', 'Redis']));
    expect(byTitle(jobs, 'Project Accounting Analyst')).toMatchObject({
      locations: ['Houston, TX, United States'],
      cities: ['Houston, TX, US'],
      usEligibility: 'us',
    });
  });

  it('reads a canton code as a region of Switzerland, not a US state', async () => {
    const jobs = jobsOf(
      await fetchSmartRecruitersBoard(vitol, { ...options(), detailsCache: new DetailsCache() }),
    );
    // fullLocation "Geneva, GE, Switzerland": GE is the canton, not Georgia.
    expect(byTitle(jobs, 'Software Engineer')).toMatchObject({
      locations: ['Geneva, GE, Switzerland'],
      countries: ['CH'],
      usStates: [],
      usEligibility: 'not-us',
    });
  });

  it('asks for a posting details once, not on every poll', async () => {
    const cache = new DetailsCache();
    const requests = vi.spyOn(globalThis, 'fetch');
    try {
      const first = jobsOf(
        await fetchSmartRecruitersBoard(vitol, { ...options(), detailsCache: cache }),
      );
      // The list, then each posting's details.
      expect(requests).toHaveBeenCalledTimes(1 + first.length);
      const again = jobsOf(
        await fetchSmartRecruitersBoard(vitol, { ...options(), detailsCache: cache }),
      );
      expect(requests).toHaveBeenCalledTimes(2 + first.length);
      expect(again.map((job) => job.description)).toEqual(first.map((job) => job.description));
      const published = standIn.publish(vitol);
      const later = jobsOf(
        await fetchSmartRecruitersBoard(vitol, { ...options(), detailsCache: cache }),
      );
      expect(requests).toHaveBeenCalledTimes(4 + first.length);
      expect(later.find((job) => job.externalId === published.id)?.description).toContain('Stack');
    } finally {
      requests.mockRestore();
    }
  });

  it('keeps within its limit by forgetting the boards read longest ago', () => {
    const cache = new DetailsCache(3);
    const details = (count: number) =>
      new Map(Array.from({ length: count }, (_, i) => [`${i}`, { description: '', url: null }]));
    cache.keep('a', details(2));
    cache.keep('b', details(1));
    cache.keep('c', details(2));
    expect([cache.of('a').size, cache.of('b').size, cache.of('c').size]).toEqual([0, 1, 2]);
    expect(cache.size).toBe(3);
  });
});

describe('SmartRecruiters details that fail', () => {
  let server: Server;
  let baseUrl: string;
  let brokenStatus = 200;
  const list = {
    offset: 0,
    limit: 100,
    totalFound: 3,
    content: ['open', 'closed', 'broken'].map((id) => ({ id, name: `Engineer ${id}` })),
  };
  beforeAll(async () => {
    server = createServer((request, response) => {
      const id = /\/postings\/([^/?]+)$/.exec(request.url ?? '')?.[1];
      const status = id === 'closed' ? 404 : id === 'broken' ? brokenStatus : 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(id === undefined ? list : { id, jobAd: { sections: {} } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('drops a posting whose details are gone and counts it as closed', async () => {
    brokenStatus = 200;
    const result = await fetchSmartRecruitersBoard(
      { source: 'smartrecruiters', token: 'acme' },
      { baseUrl, timeoutMs: 5_000, detailsCache: new DetailsCache() },
    );
    expect(result.ok && result.jobs.map((job) => job.externalId)).toEqual(['open', 'broken']);
    expect(result.ok && result.dropped).toEqual({ closed: 1 });
  });

  it('fails the board on a 5xx but keeps what it read for the next poll', async () => {
    brokenStatus = 503;
    const cache = new DetailsCache();
    const result = await fetchSmartRecruitersBoard(
      { source: 'smartrecruiters', token: 'acme' },
      { baseUrl, timeoutMs: 5_000, detailsCache: cache },
    );
    expect(result).toEqual({ ok: false, failure: { kind: 'server-error', status: 503 } });
    expect(cache.size).toBe(1);
  });
});

describe('Recruitee connector', () => {
  it('reads a company host from the real base URL and a path from any other', () => {
    expect(recruiteeOffersUrl(REAL_API_BASE_URLS.recruitee, 'Channable')).toBe(
      'https://channable.recruitee.com/api/offers/',
    );
    expect(recruiteeOffersUrl('http://127.0.0.1:4010/', 'channable')).toBe(
      'http://127.0.0.1:4010/recruitee/channable/api/offers/',
    );
  });

  it('reads offers: hybrid flag, locations, pay in euros kept out of US dollars', async () => {
    const [offer, ...rest] = jobsOf(await fetchRecruiteeBoard(channable, options()));
    expect(rest).toEqual([]);
    expect(offer).toMatchObject({
      title: 'Customer Success Manager Benelux - Dutch speaking',
      company: 'Channable',
      externalId: '2751915',
      locations: ['Utrecht, Netherlands'],
      workplace: 'hybrid',
      remote: false,
      countries: ['NL'],
      usEligibility: 'not-us',
      pay: { currency: 'EUR', min: 3750, max: 5250, period: 'month' },
      salary: null,
      seniority: 'mid',
      postedAt: '2026-09-18T13:27:28.000Z',
      applyUrl: 'https://jobs.channable.com/o/customer-success-manager-benelux-dutch-speaking-3',
    });
    // The description and the requirements, both.
    expect(offer?.description).toContain('Channable is a fast-growing B2B SaaS platform');
    expect(offer?.description).toContain('Your role');
  });
});

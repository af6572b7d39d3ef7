import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/schema';
import type { BoardRef, JobRecord } from '../../server/jobs/jobRecord';
import { yearlyPayOf } from '../../server/jobs/normalise/salary';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import { DATABASES, startBackend } from './support/backend';
import { fixtureRecords, uniqueBoard } from './support/jobs';

const firstFetch = new Date('2026-11-22T12:00:00.000Z');
const secondFetch = new Date('2026-11-22T12:05:00.000Z');
const thirdFetch = new Date('2026-11-22T12:10:00.000Z');

describe.each(DATABASES)('storing fetched job boards on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());

  const rowsOf = (board: BoardRef) =>
    app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.source, board.source), eq(jobs.board, board.token)))
      .orderBy(jobs.externalId);

  it('stores a recorded Greenhouse board as normalised rows and reports every posting as new', async () => {
    const board = uniqueBoard('greenhouse', 'acme');
    const records = fixtureRecords('acme', board, firstFetch);
    const result = await ingestBoard(app.db, board, records, firstFetch);
    expect(result).toMatchObject({ inserted: 3, updated: 0, reopened: 0, unchanged: 0, closed: 0 });
    const rows = await rowsOf(board);
    expect(result.newJobIds).toEqual(expect.arrayContaining(rows.map((row) => row.id)));
    const backend = rows.find((row) => row.externalId === '7012345001');
    expect(backend).toMatchObject({
      title: 'Senior Backend Engineer, Fleet Platform',
      company: 'Acme Robotics',
      locations: ['San Francisco, CA'],
      usPlaces: ['CA', 'CA/san francisco'],
      remote: false,
      usEligibility: 'us',
      seniority: 'senior',
      closedAt: null,
      firstSeenAt: firstFetch,
      postedAt: new Date('2026-11-02T14:15:00.000Z'),
      applyUrl: 'https://job-boards.greenhouse.io/acme/jobs/7012345001',
    });
    expect(backend?.skills).toEqual(
      expect.arrayContaining(['Go', 'Python', 'Kubernetes', 'PostgreSQL']),
    );
    expect(backend?.description).not.toMatch(/<|&lt;/);
  });

  it('keeps pay from Lever and Ashby as whole yearly figures in its currency', async () => {
    const globex = uniqueBoard('lever', 'globex');
    const initech = uniqueBoard('ashby', 'initech');
    await ingestBoard(app.db, globex, fixtureRecords('globex', globex, firstFetch), firstFetch);
    await ingestBoard(app.db, initech, fixtureRecords('initech', initech, firstFetch), firstFetch);
    const rows = [...(await rowsOf(globex)), ...(await rowsOf(initech))];
    const records = [
      ...fixtureRecords('globex', globex, firstFetch),
      ...fixtureRecords('initech', initech, firstFetch),
    ];
    for (const record of records) {
      const row = rows.find((candidate) => candidate.externalId === record.externalId);
      const stated = record.salary
        ? {
            currency: 'USD',
            min: Math.round(record.salary.minUsd),
            max: Math.round(record.salary.maxUsd),
          }
        : yearlyPayOf(record.pay);
      expect(
        row && { currency: row.salaryCurrency, min: row.salaryMinYearly, max: row.salaryMaxYearly },
      ).toEqual(stated ?? { currency: null, min: null, max: null });
    }
    // Pay in another currency is kept in it, not dropped.
    expect(rows.some((row) => row.salaryCurrency !== null && row.salaryCurrency !== 'USD')).toBe(
      true,
    );
    expect(rows.some((row) => row.salaryMaxYearly !== null)).toBe(true);
    expect(rows.some((row) => row.salaryMaxYearly === null)).toBe(true);
  });

  it('re-ingesting the same answer changes nothing: no duplicates, no new ids, first seen time kept', async () => {
    const board = uniqueBoard('lever', 'globex');
    await ingestBoard(app.db, board, fixtureRecords('globex', board, firstFetch), firstFetch);
    const again = await ingestBoard(
      app.db,
      board,
      fixtureRecords('globex', board, secondFetch),
      secondFetch,
    );
    expect(again).toEqual({
      inserted: 0,
      updated: 0,
      reopened: 0,
      unchanged: 5,
      closed: 0,
      newJobIds: [],
    });
    const rows = await rowsOf(board);
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.firstSeenAt.getTime() === firstFetch.getTime())).toBe(true);
  });

  it('updates a changed posting in place and keeps its first seen time', async () => {
    const board = uniqueBoard('ashby', 'initech');
    await ingestBoard(app.db, board, fixtureRecords('initech', board, firstFetch), firstFetch);
    const edited = fixtureRecords('initech', board, secondFetch).map((record): JobRecord =>
      record.externalId.endsWith('300000000001')
        ? { ...record, title: `${record.title} (Payments)`, skills: [...record.skills, 'Rust'] }
        : record,
    );
    const result = await ingestBoard(app.db, board, edited, secondFetch);
    expect(result).toMatchObject({ inserted: 0, updated: 1, unchanged: 2, newJobIds: [] });
    const row = (await rowsOf(board)).find((candidate) =>
      candidate.externalId.endsWith('300000000001'),
    );
    expect(row?.title).toBe('Senior Full-Stack Engineer (Payments)');
    expect(row?.skills).toContain('Rust');
    expect(row?.firstSeenAt).toEqual(firstFetch);
  });

  it('closes a posting that vanished from its board and reopens it when it comes back', async () => {
    const board = uniqueBoard('greenhouse', 'acme');
    const all = fixtureRecords('acme', board, firstFetch);
    await ingestBoard(app.db, board, all, firstFetch);

    const withoutIntern = all.filter((record) => record.externalId !== '7012345003');
    const closing = await ingestBoard(app.db, board, withoutIntern, secondFetch);
    expect(closing).toMatchObject({ inserted: 0, closed: 1, unchanged: 2, newJobIds: [] });
    const intern = async () => (await rowsOf(board)).find((row) => row.externalId === '7012345003');
    expect((await intern())?.closedAt).toEqual(secondFetch);
    const closedAgain = await ingestBoard(app.db, board, withoutIntern, thirdFetch);
    expect(closedAgain.closed).toBe(0);
    expect((await intern())?.closedAt).toEqual(secondFetch);

    const back = await ingestBoard(
      app.db,
      board,
      fixtureRecords('acme', board, thirdFetch),
      thirdFetch,
    );
    expect(back).toMatchObject({ inserted: 0, reopened: 1, closed: 0, newJobIds: [] });
    expect(await intern()).toMatchObject({ closedAt: null, firstSeenAt: firstFetch });
  });

  it('a new posting on a known board is new, and only its id is reported', async () => {
    const board = uniqueBoard('greenhouse', 'northwind');
    const [, ...rest] = fixtureRecords('northwind', board, firstFetch);
    await ingestBoard(app.db, board, rest, firstFetch);
    const [first] = fixtureRecords('northwind', board, secondFetch);
    if (first === undefined) throw new Error('fixture has no postings');
    const result = await ingestBoard(
      app.db,
      board,
      fixtureRecords('northwind', board, secondFetch),
      secondFetch,
    );
    const [row] = await app.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, result.newJobIds[0] ?? -1));
    expect(result).toMatchObject({ inserted: 1, unchanged: rest.length });
    expect(row).toMatchObject({ externalId: first.externalId, firstSeenAt: secondFetch });
  });

  it('an empty answer closes the whole board; other boards are untouched', async () => {
    const board = uniqueBoard('lever', 'quantumleaf');
    const other = uniqueBoard('lever', 'quantumleaf');
    await ingestBoard(app.db, board, fixtureRecords('quantumleaf', board, firstFetch), firstFetch);
    await ingestBoard(app.db, other, fixtureRecords('quantumleaf', other, firstFetch), firstFetch);
    const result = await ingestBoard(app.db, board, [], secondFetch);
    expect(result.closed).toBe((await rowsOf(board)).length);
    expect((await rowsOf(board)).every((row) => row.closedAt !== null)).toBe(true);
    expect((await rowsOf(other)).every((row) => row.closedAt === null)).toBe(true);
  });

  it('stores a posting listed twice in one answer once', async () => {
    const board = uniqueBoard('ashby', 'tidewater');
    const records = fixtureRecords('tidewater', board, firstFetch);
    const result = await ingestBoard(app.db, board, [...records, ...records], firstFetch);
    expect(result.inserted).toBe(records.length);
    expect(await rowsOf(board)).toHaveLength(records.length);
  });

  it('refuses postings of another board', async () => {
    const board = uniqueBoard('greenhouse', 'acme');
    const records = fixtureRecords('acme', uniqueBoard('greenhouse', 'acme'), firstFetch);
    await expect(ingestBoard(app.db, board, records, firstFetch)).rejects.toThrow(/in greenhouse/);
  });
});

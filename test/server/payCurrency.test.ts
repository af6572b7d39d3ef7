import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { profilesForJob } from '../../server/alerts/profilesForJob';
import { sql } from 'drizzle-orm';
import { SALARY_PERIODS, type MinSalary, type PutProfileResponse } from '../../contract';
import { yearlyFloor } from '../../server/matching/payFit';
import type { Pay } from '../../server/jobs/jobRecord';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, selectRows } from './support/backend';
import { postingRecord, uniqueBoard } from './support/jobs';
import { idsOf, reasonFor, REMOTE_ONLY, useMatchingBackend } from './support/matchingWorld';
import { validProfile } from './support/profiles';
import { guestSession } from './support/sessions';

/** Six thousand euros a month: 72,000 a year. */
const EUROS_A_MONTH: MinSalary = { amount: 6_000, currency: 'EUR', period: 'month' };

const yearly = (currency: string, min: number, max: number): Pay => ({
  currency,
  min,
  max,
  period: 'year',
});

describe.each(DATABASES)('a pay floor in its own currency, on %s', (database) => {
  const { app, seeker, ingest, matchesOf } = useMatchingBackend(database);
  afterEach(disposeTestAuths);
  afterAll(disposeTestAuths);

  /** Remote Elixir postings paying in euros (below and reaching the floor), dollars, or nothing. */
  async function postings() {
    const board = uniqueBoard('lever', 'pay-currency');
    const posting = (pay: Pay | null) =>
      postingRecord(board, {
        title: 'Elixir Engineer',
        locations: ['Remote'],
        description: 'Services in Elixir and Phoenix framework on PostgreSQL.',
        salary: null,
        pay,
      });
    const [eurosBelow, eurosReaching, dollars, unstated] = await ingest(board, [
      posting(yearly('EUR', 55_000, 70_000)),
      posting(yearly('EUR', 65_000, 80_000)),
      posting(yearly('USD', 50_000, 60_000)),
      posting(null),
    ]);
    return { eurosBelow, eurosReaching, dollars, unstated };
  }

  const elixir = (minSalary: MinSalary | null) =>
    seeker({
      where: { ...REMOTE_ONLY, remoteWorldwide: true },
      skills: ['Elixir', 'Phoenix', 'PostgreSQL'],
      targetRoles: ['Elixir Engineer'],
      minSalary,
    });

  it('compares a monthly floor in euros with yearly pay in euros only, and keeps pay in dollars aside', async () => {
    const jobs = await postings();
    const matches = await matchesOf(await elixir(EUROS_A_MONTH));
    const ids = idsOf(matches);
    expect(ids).not.toContain(jobs.eurosBelow);
    expect(ids).toEqual(expect.arrayContaining([jobs.eurosReaching, jobs.dollars, jobs.unstated]));
    expect(reasonFor(matches, jobs.eurosReaching, 'salary')).toMatchObject({
      fit: 'meets-floor',
      salary: { currency: 'EUR', min: 65_000, max: 80_000 },
      text: 'Pays €65,000–€80,000 a year, its top reaching your minimum of €6,000 a month.',
    });
    expect(reasonFor(matches, jobs.dollars, 'salary')).toMatchObject({
      fit: 'other-currency',
      salary: { currency: 'USD', min: 50_000, max: 60_000 },
      text: 'Pays $50,000–$60,000 a year; your minimum is in euros.',
    });
    expect(reasonFor(matches, jobs.unstated, 'salary')).toMatchObject({
      fit: 'not-stated',
      text: 'The posting states no pay.',
    });
  });

  it('alerts a seeker with a floor in euros to a posting in dollars, never to one in euros below it', async () => {
    const [inEuros, inDollars, none] = await Promise.all([
      elixir(EUROS_A_MONTH),
      elixir({ amount: 100_000, currency: 'USD', period: 'year' }),
      elixir(null),
    ]);
    const jobs = await postings();
    const fitting = async (jobId: number | undefined) =>
      (await profilesForJob(app().db, jobId ?? 0))
        .map((fit) => fit.uid)
        .filter((uid) => [inEuros, inDollars, none].includes(uid))
        .sort();
    expect(await fitting(jobs.eurosBelow)).toEqual([inDollars, none].sort());
    expect(await fitting(jobs.eurosReaching)).toEqual([inDollars, inEuros, none].sort());
    expect(await fitting(jobs.dollars)).toEqual([inEuros, none].sort());
  });

  it('stores each floor as the yearly amount matching compares (the column and yearlyFloor agree)', async () => {
    for (const period of SALARY_PERIODS) {
      const floor: MinSalary = { amount: 45, currency: 'EUR', period };
      const uid = await elixir(floor);
      const [row] = await selectRows<{ yearly: string | number }>(
        app().db,
        sql`select min_salary_yearly as yearly from profiles where uid = ${uid}`,
      );
      expect(Number(row?.yearly), period).toBe(yearlyFloor(floor));
    }
  });

  it('saves a floor with its currency and period, and refuses a currency that is none', async () => {
    const { token } = await guestSession();
    const put = (minSalary: MinSalary | null) =>
      call(app(), 'PUT', '/v1/profile', { token, body: validProfile({ minSalary }) });
    const hourly = { amount: 45, currency: 'CAD', period: 'hour' } as const;
    const saved = await put(hourly);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PutProfileResponse>().profile.minSalary).toEqual(hourly);
    const refused = await put({ ...hourly, currency: 'ABC' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('currency-unknown');
    const read = await call(app(), 'GET', '/v1/profile', { token });
    expect(read.json<PutProfileResponse>().profile.minSalary).toEqual(hourly);
  });
});

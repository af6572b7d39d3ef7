import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { profilesForJob } from '../../server/alerts/profilesForJob';
import type { PutProfileResponse, WorkLocations } from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf } from './support/backend';
import { postingRecord, uniqueBoard } from './support/jobs';
import { idsOf, reasonFor, useMatchingBackend } from './support/matchingWorld';
import { validProfile } from './support/profiles';
import { guestSession } from './support/sessions';

const REMOTE_NEAR = { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] };
const livingIn = (country: string): WorkLocations => ({ ...REMOTE_NEAR, country });

describe.each(DATABASES)('where a seeker lives, on %s', (database) => {
  const { app, seeker, ingest, matchesOf } = useMatchingBackend(database);
  afterEach(disposeTestAuths);
  afterAll(disposeTestAuths);

  /** Remote postings limited in several ways, all asking for the seeker's skill. */
  async function remotePostings() {
    const board = uniqueBoard('lever', 'residence');
    const remote = (where: string) =>
      postingRecord(board, {
        title: 'Elixir Engineer',
        locations: [where],
        description: 'Services in Elixir and Phoenix framework.',
      });
    const [europe, germany, us, apac, anywhere, northAmerica] = await ingest(board, [
      remote('Remote - Europe'),
      remote('Remote (Germany)'),
      remote('Remote - US'),
      remote('Remote - APAC'),
      remote('Remote'),
      remote('Remote - North America'),
    ]);
    return { europe, germany, us, apac, anywhere, northAmerica };
  }

  const elixir = (where: WorkLocations) =>
    seeker({ where, skills: ['Elixir'], minSalary: null, targetRoles: ['Elixir Engineer'] });

  it('shows a seeker in Germany the remote jobs open to Germany or Europe, never those locked elsewhere', async () => {
    const jobs = await remotePostings();
    const matches = await matchesOf(await elixir(livingIn('DE')));
    const ids = idsOf(matches);
    expect(ids).toEqual(expect.arrayContaining([jobs.europe, jobs.germany, jobs.anywhere]));
    for (const locked of [jobs.us, jobs.apac, jobs.northAmerica]) expect(ids).not.toContain(locked);
    expect(reasonFor(matches, jobs.europe, 'location')).toMatchObject({
      fit: 'remote-region',
      text: 'Remote, open to where you live.',
    });
  });

  it('keeps a US resident, named or not, to remote jobs in the US and from anywhere', async () => {
    const jobs = await remotePostings();
    for (const where of [REMOTE_NEAR, livingIn('US')]) {
      const ids = idsOf(await matchesOf(await elixir(where)));
      expect(ids).toEqual(expect.arrayContaining([jobs.us, jobs.northAmerica, jobs.anywhere]));
      for (const locked of [jobs.europe, jobs.germany, jobs.apac])
        expect(ids).not.toContain(locked);
    }
  });

  it('a seeker abroad who takes only remote from anywhere sees no region-locked job', async () => {
    const jobs = await remotePostings();
    const where = { ...livingIn('CA'), remoteUs: false, remoteWorldwide: true };
    const ids = idsOf(await matchesOf(await elixir(where)));
    expect(ids).toContain(jobs.anywhere);
    for (const locked of [jobs.us, jobs.northAmerica, jobs.europe])
      expect(ids).not.toContain(locked);
  });

  it('alerts the seekers a new remote posting is open to, by where they live', async () => {
    const [inGermany, inUs, inCanada, inBrazil] = await Promise.all([
      elixir(livingIn('DE')),
      elixir(REMOTE_NEAR),
      elixir(livingIn('CA')),
      elixir(livingIn('BR')),
    ]);
    const jobs = await remotePostings();
    const fitting = async (jobId: number | undefined) =>
      (await profilesForJob(app().db, jobId ?? 0))
        .map((fit) => fit.uid)
        .filter((uid) => [inGermany, inUs, inCanada, inBrazil].includes(uid))
        .sort();
    expect(await fitting(jobs.europe)).toEqual([inGermany]);
    expect(await fitting(jobs.us)).toEqual([inUs]);
    expect(await fitting(jobs.northAmerica)).toEqual([inCanada, inUs].sort());
    expect(await fitting(jobs.apac)).toEqual([]);
    expect(await fitting(jobs.anywhere)).toEqual([inBrazil, inCanada, inGermany, inUs].sort());
  });

  it('saves the country, answers the US when none is sent, and refuses a code that is no country', async () => {
    const { token } = await guestSession();
    const put = (where: WorkLocations) =>
      call(app(), 'PUT', '/v1/profile', { token, body: validProfile({ where }) });
    const withoutCountry = await put(REMOTE_NEAR);
    expect(withoutCountry.json<PutProfileResponse>().profile.where.country).toBe('US');
    const inGermany = await put(livingIn('DE'));
    expect(inGermany.json<PutProfileResponse>().profile.where.country).toBe('DE');
    for (const [country, code] of [
      ['ZZ', 'country-unknown'],
      ['de', 'invalid-request'],
      ['DEU', 'invalid-request'],
    ]) {
      const refused = await put(livingIn(country ?? ''));
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).code).toBe(code);
    }
    const read = await call(app(), 'GET', '/v1/profile', { token });
    expect(read.json<PutProfileResponse>().profile.where.country).toBe('DE');
  });
});

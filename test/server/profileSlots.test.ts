import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAlerts } from '../../server/alerts/createAlerts';
import { MIN_ALERT_SCORE } from '../../server/alerts/profilesForJob';
import { alerts, cvs, profiles } from '../../server/db/schema';
import type { PostingDraft } from '../../server/jobs/normalise/toJobRecord';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import type {
  AlertProfileInput,
  GetAlertsResponse,
  GetMatchesResponse,
  GetProfileResponse,
  GetProfilesResponse,
  ProfileSlot,
} from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { multipartFile } from './support/cvFiles';
import { postingRecord, uniqueBoard } from './support/jobs';
import { validProfile } from './support/profiles';
import { accountSession, guestSession, type TestSession } from './support/sessions';
import {
  checkoutCompleted,
  newParties,
  nowSeconds,
  sendEvent,
  subscriptionEvent,
  type Parties,
} from './support/stripeEvents';

const REMOTE_ONLY = { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] };
/** Two profiles no posting fits both of: Elixir services, Haskell compilers. */
const ELIXIR = validProfile({
  targetRoles: ['Backend Engineer'],
  skills: ['Elixir', 'PostgreSQL'],
  where: REMOTE_ONLY,
  minSalary: null,
});
const HASKELL = validProfile({
  targetRoles: ['Compiler Engineer'],
  skills: ['Haskell', 'OCaml'],
  where: REMOTE_ONLY,
  minSalary: null,
});
const ELIXIR_JOB: Partial<PostingDraft> = {
  title: 'Senior Backend Engineer',
  description: 'Services in Elixir and Phoenix framework on PostgreSQL.',
  locations: ['Remote - US'],
  salary: { minUsd: 170_000, maxUsd: 210_000 },
};
const HASKELL_JOB: Partial<PostingDraft> = {
  title: 'Senior Compiler Engineer',
  description: 'Our compiler is written in Haskell and OCaml.',
  locations: ['Remote - US'],
  salary: { minUsd: 170_000, maxUsd: 210_000 },
};

describe.each(DATABASES)('alert profile slots and the plan on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  const withSlot = (path: string, slot: ProfileSlot | string) => `${path}?slot=${slot}`;

  function putProfile(token: string, slot: ProfileSlot, body: AlertProfileInput) {
    return call(app, 'PUT', withSlot('/v1/profile', slot), { token, body });
  }

  function putCv(token: string, slot: ProfileSlot, text: string) {
    const { payload, headers } = multipartFile('cv.txt', Buffer.from(text), 'file', 'text/plain');
    return app.inject({
      method: 'PUT',
      url: withSlot('/v1/profile/cv', slot),
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  }

  async function getJson<T>(token: string, url: string): Promise<T> {
    const response = await call(app, 'GET', url, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  async function storedSlots(uid: string) {
    const rows = await app.db
      .select({ slot: profiles.slot, active: profiles.active })
      .from(profiles)
      .where(eq(profiles.uid, uid))
      .orderBy(profiles.slot);
    const cvRows = await app.db
      .select({ slot: cvs.slot })
      .from(cvs)
      .where(eq(cvs.uid, uid))
      .orderBy(cvs.slot);
    return { profiles: rows, cvs: cvRows.map((row) => row.slot) };
  }

  async function proAccount(): Promise<TestSession & { parties: Parties }> {
    const account = await accountSession('slots');
    const parties = newParties();
    const response = await sendEvent(app, checkoutCompleted(account.uid, parties));
    expect(response.json()).toMatchObject({ outcome: 'applied' });
    return { ...account, parties };
  }

  async function cancel(parties: Parties) {
    const event = subscriptionEvent('customer.subscription.deleted', parties, {
      created: nowSeconds() + 1,
    });
    expect((await sendEvent(app, event)).json()).toMatchObject({ outcome: 'applied' });
  }

  /** Stores one posting as a poll does and makes its alerts; answers its id. */
  async function postOne(changes: Partial<PostingDraft>): Promise<number> {
    const board = uniqueBoard('greenhouse', 'slots');
    const { newJobIds } = await ingestBoard(
      app.db,
      board,
      [postingRecord(board, changes)],
      new Date(),
    );
    await createAlerts(app.db, app.alertEvents, newJobIds);
    const [id] = newJobIds;
    if (id === undefined) throw new Error('the posting was not new');
    return id;
  }

  async function alertsOf(uid: string) {
    return app.db
      .select({ jobId: alerts.jobId, slot: alerts.slot, score: alerts.score })
      .from(alerts)
      .where(eq(alerts.uid, uid));
  }

  const matchIds = async (token: string, slot: ProfileSlot) =>
    (await getJson<GetMatchesResponse>(token, withSlot('/v1/matches', slot))).matches.map(
      (match) => match.jobId,
    );

  it('Free: slot 1 saves; slot 2 is refused for profile and CV, and nothing is stored', async () => {
    const guest = await guestSession();
    expect((await putProfile(guest.token, 1, ELIXIR)).statusCode).toBe(200);
    const refused = await putProfile(guest.token, 2, HASKELL);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('plan-profile-limit');
    const cvRefused = await putCv(guest.token, 2, 'Haskell all day.');
    expect(cvRefused.statusCode).toBe(403);
    expect(errorOf(cvRefused).code).toBe('plan-profile-limit');
    expect(await storedSlots(guest.uid)).toEqual({
      profiles: [{ slot: 1, active: true }],
      cvs: [],
    });
    const listed = await getJson<GetProfilesResponse>(guest.token, '/v1/profiles');
    expect(listed.limit).toBe(1);
    expect(listed.profiles.map(({ slot, active }) => ({ slot, active }))).toEqual([
      { slot: 1, active: true },
    ]);
    const empty = await getJson<GetProfileResponse>(guest.token, withSlot('/v1/profile', 2));
    expect(empty).toEqual({ slot: 2, profile: null, cv: null, active: false });
  });

  it.each(['0', '4', 'abc', '1.5', '', '1&slot=2'])(
    'refuses ?slot=%s on every profile, CV and matches path',
    async (slot) => {
      const { token } = await guestSession();
      const file = multipartFile('cv.txt', Buffer.from('Elixir'), 'file', 'text/plain');
      const requests = [
        call(app, 'GET', withSlot('/v1/profile', slot), { token }),
        call(app, 'PUT', withSlot('/v1/profile', slot), { token, body: ELIXIR }),
        call(app, 'DELETE', withSlot('/v1/profile', slot), { token }),
        call(app, 'DELETE', withSlot('/v1/profile/cv', slot), { token }),
        call(app, 'GET', withSlot('/v1/matches', slot), { token }),
        app.inject({
          method: 'PUT',
          url: withSlot('/v1/profile/cv', slot),
          payload: file.payload,
          headers: { ...file.headers, authorization: `Bearer ${token}` },
        }),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.statusCode, response.body).toBe(400);
        expect(errorOf(response).code).toBe('profile-slot-invalid');
      }
    },
  );

  it('Pro: slots 2 and 3 save with their own CVs, are listed, and each has its own matches', async () => {
    const pro = await proAccount();
    expect((await putProfile(pro.token, 1, ELIXIR)).statusCode).toBe(200);
    const second = await putProfile(pro.token, 2, HASKELL);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ slot: 2, profile: { skills: ['Haskell', 'OCaml'] } });
    expect((await putProfile(pro.token, 3, validProfile())).statusCode).toBe(200);
    const cv = await putCv(pro.token, 2, 'Ten years of Haskell, OCaml and Rust.');
    expect(cv.statusCode, cv.body).toBe(200);
    // Suggested from the slot's own profile: Rust is new to slot 2, Haskell is not.
    expect(cv.json<{ suggestedSkills: string[] }>().suggestedSkills).toEqual(['Rust']);

    const listed = await getJson<GetProfilesResponse>(pro.token, '/v1/profiles');
    expect(listed.limit).toBe(3);
    expect(
      listed.profiles.map(({ slot, active, profile, cv: summary }) => ({
        slot,
        active,
        roles: profile?.targetRoles,
        cv: summary?.fileName ?? null,
      })),
    ).toEqual([
      { slot: 1, active: true, roles: ['Backend Engineer'], cv: null },
      { slot: 2, active: true, roles: ['Compiler Engineer'], cv: 'cv.txt' },
      { slot: 3, active: true, roles: ['Backend Engineer'], cv: null },
    ]);
    const two = await getJson<GetProfileResponse>(pro.token, withSlot('/v1/profile', 2));
    expect(two).toMatchObject({ slot: 2, active: true, profile: { skills: ['Haskell', 'OCaml'] } });
    expect(two.cv?.fileName).toBe('cv.txt');

    const elixirJob = await postOne(ELIXIR_JOB);
    const haskellJob = await postOne(HASKELL_JOB);
    const first = await getJson<GetMatchesResponse>(pro.token, withSlot('/v1/matches', 1));
    expect(first).toMatchObject({ slot: 1, active: true, profileMissing: false });
    expect(first.matches.map((match) => match.jobId)).toContain(elixirJob);
    expect(first.matches.map((match) => match.jobId)).not.toContain(haskellJob);
    const ofTwo = await matchIds(pro.token, 2);
    expect(ofTwo).toContain(haskellJob);
    expect(ofTwo).not.toContain(elixirJob);
    // Without ?slot, slot 1.
    expect(await getJson<GetMatchesResponse>(pro.token, '/v1/matches')).toEqual(first);
    // Each posting alerted once, for the profile it fits.
    expect(await alertsOf(pro.uid)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ jobId: elixirJob, slot: 1 }),
        expect.objectContaining({ jobId: haskellJob, slot: 2 }),
      ]),
    );
  });

  it('Pro ended: slots 2 and 3 are kept but inactive (no matches, no alerts, no saves), deletable; slot 1 untouched', async () => {
    const pro = await proAccount();
    await putProfile(pro.token, 1, ELIXIR);
    await putProfile(pro.token, 2, HASKELL);
    await putProfile(pro.token, 3, HASKELL);
    await cancel(pro.parties);

    expect(await storedSlots(pro.uid)).toEqual({
      profiles: [
        { slot: 1, active: true },
        { slot: 2, active: false },
        { slot: 3, active: false },
      ],
      cvs: [],
    });
    const listed = await getJson<GetProfilesResponse>(pro.token, '/v1/profiles');
    expect(listed.limit).toBe(1);
    expect(listed.profiles.map(({ slot, active }) => ({ slot, active }))).toEqual([
      { slot: 1, active: true },
      { slot: 2, active: false },
      { slot: 3, active: false },
    ]);
    const two = await getJson<GetProfileResponse>(pro.token, withSlot('/v1/profile', 2));
    expect(two).toMatchObject({
      slot: 2,
      active: false,
      profile: { skills: ['Haskell', 'OCaml'] },
    });

    const haskellJob = await postOne(HASKELL_JOB);
    const elixirJob = await postOne(ELIXIR_JOB);
    expect(await getJson<GetMatchesResponse>(pro.token, withSlot('/v1/matches', 2))).toEqual({
      slot: 2,
      active: false,
      profileMissing: false,
      matches: [],
    });
    expect(await matchIds(pro.token, 1)).toContain(elixirJob);
    const made = await alertsOf(pro.uid);
    expect(made.map((alert) => alert.jobId)).not.toContain(haskellJob);
    expect(made).toEqual([expect.objectContaining({ jobId: elixirJob, slot: 1 })]);

    const refused = await putProfile(pro.token, 2, ELIXIR);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('plan-profile-limit');
    expect((await putCv(pro.token, 3, 'Haskell')).statusCode).toBe(403);
    const kept = await getJson<GetProfileResponse>(pro.token, withSlot('/v1/profile', 2));
    expect(kept.profile?.skills).toEqual(['Haskell', 'OCaml']);

    const deleted = await call(app, 'DELETE', withSlot('/v1/profile', 2), { token: pro.token });
    expect(deleted.json()).toEqual({ deleted: true });
    const again = await call(app, 'DELETE', withSlot('/v1/profile', 2), { token: pro.token });
    expect(again.json()).toEqual({ deleted: false });
    expect((await storedSlots(pro.uid)).profiles.map((row) => row.slot)).toEqual([1, 3]);
    const one = await getJson<GetProfileResponse>(pro.token, '/v1/profile');
    expect(one).toMatchObject({
      slot: 1,
      active: true,
      profile: { skills: ['Elixir', 'PostgreSQL'] },
    });
  });

  it('upgrading again makes the kept slots active again: matches and alerts return', async () => {
    const pro = await proAccount();
    await putProfile(pro.token, 2, HASKELL);
    await cancel(pro.parties);
    expect((await storedSlots(pro.uid)).profiles).toEqual([{ slot: 2, active: false }]);

    const renewed = newParties();
    const checkout = checkoutCompleted(pro.uid, renewed, { created: nowSeconds() + 2 });
    expect((await sendEvent(app, checkout)).json()).toMatchObject({ outcome: 'applied' });
    expect((await storedSlots(pro.uid)).profiles).toEqual([{ slot: 2, active: true }]);
    const haskellJob = await postOne(HASKELL_JOB);
    expect(await matchIds(pro.token, 2)).toContain(haskellJob);
    expect(await alertsOf(pro.uid)).toEqual([
      expect.objectContaining({ jobId: haskellJob, slot: 2 }),
    ]);
    expect((await putProfile(pro.token, 2, ELIXIR)).statusCode).toBe(200);
  });

  it('a posting two profiles fit makes one alert, for the profile it fits best', async () => {
    const pro = await proAccount();
    // Both match the title; slot 3 covers more of the posting's skills.
    await putProfile(pro.token, 1, { ...ELIXIR, skills: ['Elixir'] });
    await putProfile(pro.token, 3, { ...ELIXIR, skills: ['Elixir', 'PostgreSQL', 'Phoenix'] });
    const jobId = await postOne(ELIXIR_JOB);
    const scoreIn = async (slot: ProfileSlot) => {
      const { matches } = await getJson<GetMatchesResponse>(
        pro.token,
        withSlot('/v1/matches', slot),
      );
      return matches.find((match) => match.jobId === jobId)?.score ?? 0;
    };
    const [weaker, stronger] = [await scoreIn(1), await scoreIn(3)];
    expect(weaker).toBeGreaterThanOrEqual(MIN_ALERT_SCORE);
    expect(stronger).toBeGreaterThan(weaker);
    expect(await alertsOf(pro.uid)).toEqual([{ jobId, slot: 3, score: stronger }]);
    const read = await getJson<GetAlertsResponse>(pro.token, '/v1/alerts');
    expect(read.alerts).toEqual([expect.objectContaining({ jobId, slot: 3, score: stronger })]);
  });

  it('deleting the account deletes every slot', async () => {
    const pro = await proAccount();
    await putProfile(pro.token, 1, ELIXIR);
    await putProfile(pro.token, 2, HASKELL);
    await putCv(pro.token, 3, 'Haskell');
    await cancel(pro.parties);
    const response = await call(app, 'DELETE', '/v1/account', { token: pro.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedSlots(pro.uid)).toEqual({ profiles: [], cvs: [] });
  });
});

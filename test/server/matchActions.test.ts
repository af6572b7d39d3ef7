import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deleteUserData } from '../../server/account/deleteUserData';
import { createAlerts } from '../../server/alerts/createAlerts';
import { alerts } from '../../server/db/schema';
import {
  dismissedSuggestions,
  hiddenCompanies,
  matchActions,
} from '../../server/db/matchActionTables';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import {
  HIDDEN_COMPANIES_LIMIT,
  type CarryOverMode,
  type GetMatchesResponse,
  type MatchSuggestion,
  type MatchActionsResponse,
  type PutMatchActionRequest,
} from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { postingRecord, uniqueBoard } from './support/jobs';
import { validProfile } from './support/profiles';
import { accountSession, guestSession } from './support/sessions';

const NOTHING: PutMatchActionRequest = { saved: false, appliedOn: null, hidden: null };
const REMOTE_ONLY = { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] };
const ELIXIR_PROFILE = validProfile({ skills: ['Elixir', 'PostgreSQL'], where: REMOTE_ONLY });

describe.each(DATABASES)('saving, applying to and hiding matches on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  /** Stores postings as a poll does, without making their alerts yet: their ids. */
  async function postings(count: number, company = `Co ${randomUUID()}`): Promise<number[]> {
    const board = uniqueBoard('greenhouse', 'actions');
    const records = Array.from({ length: count }, (_, index) =>
      postingRecord(board, {
        title: `Senior Backend Engineer ${index}`,
        company,
        description: 'Services in Elixir and Phoenix framework on PostgreSQL.',
        locations: ['Remote - US'],
        salary: { minUsd: 170_000, maxUsd: 210_000 },
      }),
    );
    const { newJobIds } = await ingestBoard(app.db, board, records, new Date());
    return [...newJobIds];
  }

  const act = (token: string, jobId: number, body: Partial<PutMatchActionRequest>, query = '') =>
    call(app, 'PUT', `/v1/matches/${jobId}/action${query}`, {
      token,
      body: { ...NOTHING, ...body },
    });
  const actions = async (token: string) => {
    const response = await call(app, 'GET', '/v1/matches/actions', { token });
    expect(response.statusCode).toBe(200);
    return response.json<MatchActionsResponse>();
  };
  const matchIds = async (token: string) => {
    const response = await call(app, 'GET', '/v1/matches', { token });
    return response.json<GetMatchesResponse>().matches.map((match) => match.jobId);
  };

  it('keeps saved, applied (the day) and hidden jobs per profile, and forgets a job with nothing kept', async () => {
    const [saved, applied, hidden] = await postings(3);
    const { token } = await guestSession();
    const first = await act(token, saved!, { saved: true });
    expect(first.statusCode).toBe(200);
    await act(token, applied!, { saved: true, appliedOn: '2026-11-20' });
    const last = await act(token, hidden!, { hidden: 'pay' });
    const body = last.json<MatchActionsResponse>();
    expect(
      body.actions.map((action) => [action.jobId, action.saved, action.appliedOn, action.hidden]),
    ).toEqual([
      [hidden, false, null, 'pay'],
      [applied, true, '2026-11-20', null],
      [saved, true, null, null],
    ]);
    expect(body.actions[0]).toMatchObject({ company: expect.any(String), closed: false });
    expect(await actions(token)).toEqual(body);

    await act(token, saved!, NOTHING);
    expect((await actions(token)).actions.map((action) => action.jobId)).toEqual([hidden, applied]);
    // Another slot's profile keeps its own (slot 2 needs Pro).
    const other = await act(token, saved!, { saved: true }, '?slot=2');
    expect(errorOf(other).code).toBe('plan-profile-limit');
  });

  it('refuses an unknown job, an unknown reason, a false day and extra fields with typed codes', async () => {
    const [jobId] = await postings(1);
    const { token } = await guestSession();
    const unknown = await act(token, 2 ** 40, { saved: true });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('match-job-unknown');
    const reason = await call(app, 'PUT', `/v1/matches/${jobId}/action`, {
      token,
      body: { ...NOTHING, hidden: 'boring' },
    });
    expect(reason.statusCode).toBe(400);
    expect(errorOf(reason).code).toBe('match-hide-reason-invalid');
    const day = await act(token, jobId!, { appliedOn: '2026-02-30' });
    expect(errorOf(day).code).toBe('match-applied-date-invalid');
    const future = await act(token, jobId!, { appliedOn: '2999-01-01' });
    expect(errorOf(future).code).toBe('match-applied-date-invalid');
    const extra = await call(app, 'PUT', `/v1/matches/${jobId}/action`, {
      token,
      body: { ...NOTHING, saved: true, uid: 'someone-else' },
    });
    expect(extra.statusCode).toBe(400);
    expect((await actions(token)).actions).toEqual([]);
  });

  it('shows each user only their own actions', async () => {
    const [jobId] = await postings(1);
    const first = await guestSession();
    const second = await guestSession();
    await act(first.token, jobId!, { saved: true });
    expect((await actions(second.token)).actions).toEqual([]);
    expect((await actions(first.token)).actions).toHaveLength(1);
  });

  it('leaves a hidden job out of the matches', async () => {
    const [kept, hidden] = await postings(2);
    const { token } = await guestSession();
    await call(app, 'PUT', '/v1/profile', { token, body: ELIXIR_PROFILE });
    expect(await matchIds(token)).toEqual(expect.arrayContaining([kept, hidden]));
    await act(token, hidden!, { hidden: 'role' });
    const after = await matchIds(token);
    expect(after).toContain(kept);
    expect(after).not.toContain(hidden);
  });

  it('never alerts a user to a job they hid, while others still get it', async () => {
    const [jobId] = await postings(1);
    const hider = await guestSession();
    const other = await guestSession();
    for (const { token } of [hider, other]) {
      await call(app, 'PUT', '/v1/profile', { token, body: ELIXIR_PROFILE });
    }
    await act(hider.token, jobId!, { hidden: 'company' });
    await createAlerts(app.db, app.alertEvents, [jobId!]);
    const alerted = async (uid: string) =>
      (await app.db.select().from(alerts).where(eq(alerts.uid, uid))).map((row) => row.jobId);
    expect(await alerted(other.uid)).toEqual([jobId]);
    expect(await alerted(hider.uid)).toEqual([]);
    // An alert made before the hide goes with it: no digest or push may carry it later.
    await act(other.token, jobId!, { hidden: 'pay' });
    expect(await alerted(other.uid)).toEqual([]);
  });

  it('suggests hiding a company hidden twice, and the profile field behind pay hides, changing nothing', async () => {
    const company = `Skipped ${randomUUID()}`;
    const [first, second] = await postings(2, company);
    const [pay1, pay2] = await postings(2);
    const { token } = await guestSession();
    await act(token, first!, { hidden: 'company' });
    expect((await actions(token)).suggestions).toEqual([]);
    await act(token, second!, { hidden: 'company' });
    await act(token, pay1!, { hidden: 'pay' });
    await act(token, pay2!, { hidden: 'pay' });
    expect((await actions(token)).suggestions).toEqual([
      { kind: 'hide-company', company, hides: 2 },
      { kind: 'profile-field', field: 'minSalary', hides: 2 },
    ]);
  });

  it.each<[CarryOverMode, string[]]>([
    ['replace', ['guest']],
    ['merge', ['guest', 'account']],
    ['leave', ['account']],
  ])(
    '%s: carries the guest’s actions as the mode says, and the guest’s are gone',
    async (mode, kept) => {
      const [guestJob, accountJob] = await postings(2);
      const guest = await guestSession();
      const account = await accountSession();
      await act(guest.token, guestJob!, { hidden: 'level' });
      await act(account.token, accountJob!, { saved: true });
      await hideCompany(guest.token, 'Guest Skips');
      await hideCompany(account.token, 'Account Skips');
      const response = await call(app, 'POST', '/v1/carry-over', {
        token: account.token,
        body: { guestIdToken: guest.token, mode },
      });
      expect(response.statusCode).toBe(200);
      const ids = { guest: guestJob, account: accountJob };
      expect((await actions(account.token)).actions.map((action) => action.jobId).sort()).toEqual(
        kept.map((who) => ids[who as keyof typeof ids]).sort(),
      );
      expect(
        await app.db.select().from(matchActions).where(eq(matchActions.uid, guest.uid)),
      ).toEqual([]);
      const names = { guest: 'Guest Skips', account: 'Account Skips' };
      expect(
        (await actions(account.token)).hiddenCompanies.map((row) => row.company).sort(),
      ).toEqual(kept.map((who) => names[who as keyof typeof names]).sort());
      expect(
        await app.db.select().from(hiddenCompanies).where(eq(hiddenCompanies.uid, guest.uid)),
      ).toEqual([]);
    },
  );

  const hideCompany = (token: string, company: string, hidden = true) =>
    call(app, 'PUT', '/v1/matches/companies', { token, body: { company, hidden } });
  const dismiss = (token: string, suggestion: MatchSuggestion) =>
    call(app, 'POST', '/v1/matches/suggestions/dismiss', { token, body: suggestion });
  const alerted = async (uid: string) =>
    (await app.db.select().from(alerts).where(eq(alerts.uid, uid))).map((row) => row.jobId).sort();

  it('keeps a dismissed suggestion away, across a carry-over, until its hides grow', async () => {
    const company = `Dismissed ${randomUUID()}`;
    const [first, second, third] = await postings(3, company);
    const guest = await guestSession();
    await act(guest.token, first!, { hidden: 'company' });
    await act(guest.token, second!, { hidden: 'company' });
    const offered: MatchSuggestion = { kind: 'hide-company', company, hides: 2 };
    expect((await actions(guest.token)).suggestions).toEqual([offered]);
    const dismissed = await dismiss(guest.token, offered);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json<MatchActionsResponse>().suggestions).toEqual([]);
    expect((await actions(guest.token)).suggestions).toEqual([]);

    const account = await accountSession();
    await call(app, 'POST', '/v1/carry-over', {
      token: account.token,
      body: { guestIdToken: guest.token, mode: 'merge' },
    });
    expect((await actions(account.token)).suggestions).toEqual([]);
    await act(account.token, third!, { hidden: 'company' });
    expect((await actions(account.token)).suggestions).toEqual([{ ...offered, hides: 3 }]);
  });

  it('hides every job of a company, listed and later, from matches and alerts, until shown again', async () => {
    const company = `Hidden Co ${randomUUID()}`;
    const [listed] = await postings(1, company);
    const [elsewhere] = await postings(1);
    const hider = await guestSession();
    const other = await guestSession();
    for (const { token } of [hider, other]) {
      await call(app, 'PUT', '/v1/profile', { token, body: ELIXIR_PROFILE });
    }
    await createAlerts(app.db, app.alertEvents, [listed!, elsewhere!]);
    expect(await alerted(hider.uid)).toEqual([listed, elsewhere].sort());

    // Spaces and ASCII case do not matter; the alert made already goes with the rule.
    const hidden = await hideCompany(hider.token, `  ${company.toUpperCase()}  `);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<MatchActionsResponse>().hiddenCompanies).toEqual([
      { company: company.toUpperCase(), hiddenAt: expect.any(String) },
    ]);
    expect(await alerted(hider.uid)).toEqual([elsewhere]);
    const shown = await matchIds(hider.token);
    expect(shown).toContain(elsewhere);
    expect(shown).not.toContain(listed);
    const alertsPage = await call(app, 'GET', '/v1/alerts', { token: hider.token });
    expect(alertsPage.json<{ alerts: { jobId: number }[] }>().alerts.map((a) => a.jobId)).toEqual([
      elsewhere,
    ]);

    const [later] = await postings(1, company);
    await createAlerts(app.db, app.alertEvents, [later!]);
    expect(await alerted(hider.uid)).toEqual([elsewhere]);
    expect(await alerted(other.uid)).toEqual([listed, elsewhere, later].sort());
    expect(await matchIds(hider.token)).not.toContain(later);
    // An alert a concurrent round committed after the rule: no page, e-mail or push reads it.
    await app.db.insert(alerts).values({ uid: hider.uid, jobId: later!, score: 80, slot: 1 });
    const racing = await call(app, 'GET', '/v1/alerts', { token: hider.token });
    expect(racing.json<{ alerts: { jobId: number }[] }>().alerts.map((a) => a.jobId)).toEqual([
      elsewhere,
    ]);
    await app.db.delete(alerts).where(eq(alerts.jobId, later!));

    const unhidden = await hideCompany(hider.token, company, false);
    expect(unhidden.json<MatchActionsResponse>().hiddenCompanies).toEqual([]);
    expect(await matchIds(hider.token)).toEqual(expect.arrayContaining([listed, later]));
    const [afterwards] = await postings(1, company);
    await createAlerts(app.db, app.alertEvents, [afterwards!]);
    expect(await alerted(hider.uid)).toContain(afterwards);
  });

  it('refuses a blank or long company, one company too many, and a suggestion not offered', async () => {
    const { token, uid } = await guestSession();
    expect(errorOf(await hideCompany(token, ' \t ')).code).toBe('match-company-invalid');
    const long = await hideCompany(token, 'x'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).code).toBe('match-company-invalid');
    const nul = await hideCompany(token, 'Nul\u0000Co');
    expect(nul.statusCode).toBe(400);
    expect(errorOf(nul).code).toBe('match-company-invalid');
    const extra = await call(app, 'PUT', '/v1/matches/companies', {
      token,
      body: { company: 'Acme', hidden: true, uid: 'someone-else' },
    });
    expect(extra.statusCode).toBe(400);
    await app.db.insert(hiddenCompanies).values(
      Array.from({ length: HIDDEN_COMPANIES_LIMIT }, (_, index) => ({
        uid,
        slot: 1 as const,
        companyKey: `co ${index}`,
        company: `Co ${index}`,
      })),
    );
    const over = await hideCompany(token, 'One More');
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).code).toBe('hidden-companies-limit');
    // Hiding one hidden already is no change, so not refused.
    expect((await hideCompany(token, 'CO 7')).statusCode).toBe(200);

    const unknown = await dismiss(token, { kind: 'profile-field', field: 'places', hides: 2 });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('match-suggestion-unknown');
    const wrong = await call(app, 'POST', '/v1/matches/suggestions/dismiss', {
      token,
      body: { kind: 'hide-company', hides: 2 },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('is deleted with the user’s data', async () => {
    const [jobId] = await postings(1);
    const { token, uid } = await guestSession();
    await act(token, jobId!, { saved: true });
    await hideCompany(token, 'Gone Co');
    await app.db
      .insert(dismissedSuggestions)
      .values({ uid, slot: 1, key: 'field:places', hides: 2 });
    await deleteUserData(app.db, [uid]);
    expect(await app.db.select().from(matchActions).where(eq(matchActions.uid, uid))).toEqual([]);
    expect(await app.db.select().from(hiddenCompanies).where(eq(hiddenCompanies.uid, uid))).toEqual(
      [],
    );
    expect(
      await app.db.select().from(dismissedSuggestions).where(eq(dismissedSuggestions.uid, uid)),
    ).toEqual([]);
  });
});

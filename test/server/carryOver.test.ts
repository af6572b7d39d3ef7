import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { carryOvers, cvs, followedBoards, profiles } from '../../server/db/schema';
import type {
  CarryOverMode,
  CarryOverResponse,
  FollowsResponse,
  GetProfileResponse,
} from '../../contract';
import { accountExists } from '../support/emulatorAdmin';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { multipartFile } from './support/cvFiles';
import { validProfile } from './support/profiles';
import {
  accountSession,
  editedToken,
  guestSession,
  testAdminAuth,
  type TestSession,
} from './support/sessions';

describe.each(DATABASES)('carrying a guest’s work over to an account on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  async function uploadCv(token: string, text: string) {
    const { payload, headers } = multipartFile('cv.txt', Buffer.from(text));
    const response = await app.inject({
      method: 'PUT',
      url: '/v1/profile/cv',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  }

  async function guestWithWork(): Promise<TestSession> {
    const guest = await guestSession();
    await call(app, 'PUT', '/v1/profile', {
      token: guest.token,
      body: validProfile({
        targetRoles: ['Guest role'],
        skills: ['Rust'],
        where: { remoteUs: false, remoteWorldwide: true, usStates: ['NY'], usCities: [] },
        seniority: 'junior',
        minSalary: { amount: 90_000, currency: 'USD', period: 'year' },
        needsVisaSponsorship: true,
      }),
    });
    await uploadCv(guest.token, 'Guest CV: Rust');
    return guest;
  }

  async function accountWithWork() {
    const account = await accountSession();
    await call(app, 'PUT', '/v1/profile', {
      token: account.token,
      body: validProfile({ targetRoles: ['Account role'], skills: ['Go'], minSalary: null }),
    });
    await uploadCv(account.token, 'Account CV: Go');
    return account;
  }

  function carryOver(accountToken: string, guestIdToken: string, mode: CarryOverMode) {
    return call(app, 'POST', '/v1/carry-over', {
      token: accountToken,
      body: { guestIdToken, mode },
    });
  }

  async function view(uid: string) {
    const [profile] = await app.db.select().from(profiles).where(eq(profiles.uid, uid));
    const [cv] = await app.db.select().from(cvs).where(eq(cvs.uid, uid));
    return { profile, cv };
  }

  it('replace: the guest’s profile and CV replace the account’s; the guest is gone', async () => {
    const guest = await guestWithWork();
    const account = await accountWithWork();
    const response = await carryOver(account.token, guest.token, 'replace');
    expect(response.statusCode).toBe(200);
    expect(response.json<CarryOverResponse>()).toMatchObject({
      mode: 'replace',
      carriedProfile: true,
      carriedCv: true,
    });

    const mine = (
      await call(app, 'GET', '/v1/profile', { token: account.token })
    ).json<GetProfileResponse>();
    expect(mine.profile).toMatchObject({
      targetRoles: ['Guest role'],
      skills: ['Rust'],
      seniority: 'junior',
    });
    expect((await view(account.uid)).cv?.text).toBe('Guest CV: Rust');
    expect(mine.cv?.proposals?.skills).toEqual(['Rust']);
    expect(await view(guest.uid)).toEqual({ profile: undefined, cv: undefined });
    expect(await accountExists(guest.uid)).toBe(false);
  });

  it('merge: lists joined, flags OR-ed, the account’s scalars kept unless empty, the account’s CV kept', async () => {
    const guest = await guestWithWork();
    const account = await accountWithWork();
    const response = await carryOver(account.token, guest.token, 'merge');
    expect(response.json<CarryOverResponse>()).toMatchObject({
      mode: 'merge',
      carriedProfile: true,
      carriedCv: false,
    });
    const { profile } = (
      await call(app, 'GET', '/v1/profile', { token: account.token })
    ).json<GetProfileResponse>();
    expect(profile).toMatchObject({
      targetRoles: ['Account role', 'Guest role'],
      skills: ['Go', 'Rust'],
      where: {
        remoteUs: true,
        remoteWorldwide: true,
        usStates: ['CA', 'NY'],
        usCities: [{ city: 'Austin', state: 'TX' }],
      },
      seniority: 'senior',
      minSalary: { amount: 90_000, currency: 'USD', period: 'year' },
      needsVisaSponsorship: true,
    });
    expect((await view(account.uid)).cv?.text).toBe('Account CV: Go');
    expect(await view(guest.uid)).toEqual({ profile: undefined, cv: undefined });
  });

  it('merge into an account with nothing takes the guest’s work whole', async () => {
    const guest = await guestWithWork();
    const account = await accountSession();
    const body = (await carryOver(account.token, guest.token, 'merge')).json<CarryOverResponse>();
    expect(body).toMatchObject({ carriedProfile: true, carriedCv: true });
    expect((await view(account.uid)).profile?.targetRoles).toEqual(['Guest role']);
  });

  it('leave: the guest’s work is discarded and the account is unchanged', async () => {
    const guest = await guestWithWork();
    const account = await accountWithWork();
    const before = await view(account.uid);
    const body = (await carryOver(account.token, guest.token, 'leave')).json<CarryOverResponse>();
    expect(body).toMatchObject({ mode: 'leave', carriedProfile: false, carriedCv: false });
    expect(await view(account.uid)).toEqual(before);
    expect(await view(guest.uid)).toEqual({ profile: undefined, cv: undefined });
    expect(await accountExists(guest.uid)).toBe(false);
  });

  it.each([
    ['replace', ['guestco'], 'only'],
    ['merge', ['accountco', 'guestco'], 'boost'],
    ['leave', ['accountco'], 'boost'],
  ] as const)(
    '%s: carries the followed companies as the mode says, and the guest’s are gone',
    async (mode, tokens, followMode) => {
      const guest = await guestSession();
      const account = await accountSession();
      const follow = (token: string, company: string) =>
        call(app, 'POST', '/v1/profile/follows', {
          token,
          body: { url: `https://jobs.ashbyhq.com/${company}` },
        });
      await follow(guest.token, 'guestco');
      await follow(guest.token, 'accountco');
      await call(app, 'PUT', '/v1/profile/follows/mode', {
        token: guest.token,
        body: { mode: 'only' },
      });
      await follow(account.token, 'accountco');
      await call(app, 'PUT', '/v1/profile/follows/mode', {
        token: account.token,
        body: { mode: 'boost' },
      });
      await call(app, 'DELETE', '/v1/profile/follows/ashby/accountco', { token: guest.token });

      expect((await carryOver(account.token, guest.token, mode)).statusCode).toBe(200);
      const carried = await call(app, 'GET', '/v1/profile/follows', { token: account.token });
      const body = carried.json<FollowsResponse>();
      expect(body.companies.map((company) => company.token).sort()).toEqual(tokens);
      expect(body.mode).toBe(followMode);
      expect(
        await app.db.select().from(followedBoards).where(eq(followedBoards.uid, guest.uid)),
      ).toEqual([]);
    },
  );

  it('answers a retry by the same account with the same result, and refuses a replay by another account', async () => {
    const guest = await guestWithWork();
    const account = await accountSession();
    const first = await carryOver(account.token, guest.token, 'replace');
    const retry = await carryOver(account.token, guest.token, 'replace');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());

    const other = await accountWithWork();
    const before = await view(other.uid);
    const replay = await carryOver(other.token, guest.token, 'replace');
    expect(replay.statusCode).toBe(409);
    expect(errorOf(replay).code).toBe('carry-over-already-done');
    expect(await view(other.uid)).toEqual(before);
  });

  it('refuses a registered user’s token in the guest slot, and a guest as the account', async () => {
    const account = await accountWithWork();
    const registered = await accountWithWork();
    const refused = await carryOver(account.token, registered.token, 'replace');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('carry-over-not-a-guest');
    expect((await view(registered.uid)).profile?.uid).toBe(registered.uid);

    const guest = await guestWithWork();
    const otherGuest = await guestWithWork();
    const asGuest = await carryOver(guest.token, otherGuest.token, 'replace');
    expect(errorOf(asGuest).code).toBe('carry-over-account-is-guest');
    expect((await view(otherGuest.uid)).profile).toBeDefined();
  });

  it('refuses a forged guest token, a bare uid, and the token of a guest that no longer exists', async () => {
    const account = await accountWithWork();
    const victim = await guestWithWork();
    const before = await view(account.uid);

    const garbage = await carryOver(account.token, 'forged.token.value', 'replace');
    expect(errorOf(garbage).code).toBe('carry-over-guest-invalid');

    const bareUid = await call(app, 'POST', '/v1/carry-over', {
      token: account.token,
      body: { guestUid: victim.uid, mode: 'replace' },
    });
    expect(bareUid.statusCode).toBe(400);
    expect(errorOf(bareUid).code).toBe('unknown-field');

    // Claims edited to name a uid with no user: refused by the revocation round trip here, and by
    // the signature check in production (where an edited token never gets that far).
    const edited = editedToken(victim.token, { sub: 'no-such-guest', user_id: 'no-such-guest' });
    expect(errorOf(await carryOver(account.token, edited, 'replace')).code).toBe(
      'carry-over-guest-invalid',
    );

    const gone = await guestWithWork();
    await testAdminAuth().deleteUser(gone.uid);
    expect(errorOf(await carryOver(account.token, gone.token, 'replace')).code).toBe(
      'carry-over-guest-invalid',
    );

    expect(await view(account.uid)).toEqual(before);
    expect((await view(victim.uid)).profile).toBeDefined();
    expect(
      await app.db.select().from(carryOvers).where(eq(carryOvers.accountUid, account.uid)),
    ).toEqual([]);
  });

  it('keeps both copies when the transaction fails, and says so', async () => {
    const guest = await guestWithWork();
    const account = await accountWithWork();
    const before = { guest: await view(guest.uid), account: await view(account.uid) };
    // A real database failure inside the transaction: a trigger that refuses writes to this account's CV.
    const table = `block_${account.uid.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
    await app.db.execute(`CREATE FUNCTION ${table}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.uid = '${account.uid}' THEN RAISE EXCEPTION 'blocked for the test'; END IF; RETURN NEW; END $$`);
    await app.db.execute(
      `CREATE TRIGGER ${table} BEFORE INSERT OR UPDATE ON cvs FOR EACH ROW EXECUTE FUNCTION ${table}()`,
    );
    try {
      const response = await carryOver(account.token, guest.token, 'replace');
      expect(response.statusCode).toBe(500);
      expect(errorOf(response).code).toBe('carry-over-failed');
    } finally {
      await app.db.execute(`DROP TRIGGER ${table} ON cvs`);
      await app.db.execute(`DROP FUNCTION ${table}()`);
    }
    expect({ guest: await view(guest.uid), account: await view(account.uid) }).toEqual(before);
    expect(await accountExists(guest.uid)).toBe(true);
    expect(
      await app.db.select().from(carryOvers).where(eq(carryOvers.guestUid, guest.uid)),
    ).toEqual([]);

    const retried = await carryOver(account.token, guest.token, 'replace');
    expect(retried.json<CarryOverResponse>()).toMatchObject({
      carriedProfile: true,
      carriedCv: true,
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, toPromise, waitFor } from 'xstate';
import type {
  GetAlertsResponse,
  GetMatchesResponse,
  GetProfileResponse,
  ProfileSlot,
} from '../../contract';
import type { BackendClient } from '../../src/machines/backend/backendClient';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import {
  createMatchesActors,
  matchesMachine,
  type MatchesResult,
} from '../../src/machines/matches/matchesMachine';
import { CHECKED_AT, frontendAlert, frontendMatch, savedProfile } from '../support/matchFixtures';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

const found: MatchesResult = {
  active: true,
  profileMissing: false,
  matches: [frontendMatch],
  newAlerts: [],
  watching: null,
  profiles: [],
  checkedAt: CHECKED_AT,
};

function fakeMachine(answer: MatchesResult = found) {
  const load = vi.fn<(input: { uid: string; slot: ProfileSlot }) => Promise<MatchesResult>>(
    async () => answer,
  );
  const actor = createActor(
    matchesMachine.provide({
      actors: {
        loadMatches: fromPromise(({ input }) => load(input)),
        markAlertsSeen: fromPromise(async () => {}),
        streamAlerts: fromCallback(() => {}),
      },
    }),
  ).start();
  return { actor, load };
}

type Actor = ReturnType<typeof fakeMachine>['actor'];
const settled = (actor: Actor) => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));

/** Slot 1's matches as `GET /v1/matches` answers them. */
const answer = (matches: GetMatchesResponse['matches'], profileMissing = false) => ({
  slot: 1 as const,
  active: true,
  profileMissing,
  matches,
});

/** Slot 1 as `GET /v1/profiles` lists it. */
const listed = (profile: GetProfileResponse['profile']): GetProfileResponse[] =>
  profile === null ? [] : [{ slot: 1, active: true, profile, cv: null }];

/** A client whose every method but those the matches use fails the test if called. */
function fakeClient(
  matches: GetMatchesResponse,
  profiles: () => Promise<GetProfileResponse[]>,
  alerts: () => Promise<GetAlertsResponse> = async () => ({ profileMissing: false, alerts: [] }),
) {
  const unexpected = () => Promise.reject(new Error('not used by the matches'));
  const client: BackendClient = {
    getMatches: vi.fn(async () => matches),
    listProfiles: vi.fn(async () => ({ profiles: await profiles(), limit: 3 })),
    getProfile: unexpected,
    deleteProfile: unexpected,
    alerts: vi.fn(alerts),
    markAlertsSeen: unexpected,
    streamAlerts: unexpected,
    putProfile: unexpected,
    putCv: unexpected,
    deleteCv: unexpected,
    carryOver: unexpected,
    deleteAccount: unexpected,
    getPlan: unexpected,
    getFollows: unexpected,
    follow: unexpected,
    unfollow: unexpected,
    setFollowMode: unexpected,
    getMatchActions: unexpected,
    putMatchAction: unexpected,
    putHiddenCompany: unexpected,
    dismissSuggestion: unexpected,
  };
  return client;
}

async function runActor(client: BackendClient): Promise<MatchesResult> {
  const logic = createMatchesActors(client).loadMatches;
  const actor = createActor(logic, { input: { uid: 'alice', slot: 1 } }).start();
  return (await waitFor(actor, (snapshot) => snapshot.status === 'done')).output!;
}

describe('the matches machine', () => {
  it('waits for a user, then loads that user’s matches', async () => {
    const { actor, load } = fakeMachine();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled(actor);
    expect(actor.getSnapshot().matches({ open: { list: 'loaded' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      uid: 'alice',
      matches: [frontendMatch],
      checkedAt: CHECKED_AT,
      error: null,
    });
    expect(load).toHaveBeenCalledWith({ uid: 'alice', slot: 1 });
  });

  it('refreshes with the list still there, tagged refreshing rather than loading', async () => {
    const { actor, load } = fakeMachine();
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    const again = deferred<MatchesResult>();
    load.mockReturnValueOnce(again.promise);
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context.matches).toEqual([frontendMatch]);
    again.resolve({ ...found, matches: [], checkedAt: '2026-11-22T23:00:00.000Z' });
    await settled(actor);
    expect(actor.getSnapshot().matches({ open: { list: 'loaded' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      matches: [],
      checkedAt: '2026-11-22T23:00:00.000Z',
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails with the catalogue’s message, and RETRY loads again', async () => {
    const { actor, load } = fakeMachine();
    load.mockRejectedValueOnce(new BackendFailure('network-error'));
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    expect(actor.getSnapshot().matches({ open: { list: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'network-error',
      message: new BackendFailure('network-error').message,
    });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled(actor);
    expect(actor.getSnapshot().matches({ open: { list: 'loaded' } })).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the earlier matches when a refresh fails, and turns the unexpected into internal-error', async () => {
    const { actor, load } = fakeMachine();
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    load.mockRejectedValueOnce(new TypeError('boom'));
    actor.send({ type: 'REFRESH' });
    await settled(actor);
    expect(actor.getSnapshot().matches({ open: { list: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe('internal-error');
    expect(actor.getSnapshot().context.matches).toEqual([frontendMatch]);
  });

  it('ignores REFRESH and RETRY while loading, and a LOAD for the same user', async () => {
    const { actor, load } = fakeMachine();
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'RETRY' });
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets the previous user’s matches when the user changes, even mid-load', async () => {
    const { actor, load } = fakeMachine();
    const alice = deferred<MatchesResult>();
    load.mockReturnValueOnce(alice.promise);
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    actor.send({ type: 'LOAD', uid: 'bob', slot: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ uid: 'bob', matches: [] });
    alice.resolve(found);
    await settled(actor);
    expect(load).toHaveBeenLastCalledWith({ uid: 'bob', slot: 1 });
    expect(actor.getSnapshot().context.uid).toBe('bob');
  });

  it('loads another profile’s matches when the slot changes, and not again for the same', async () => {
    const { actor, load } = fakeMachine();
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    actor.send({ type: 'LOAD', uid: 'alice', slot: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ uid: 'alice', slot: 2, matches: [] });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settled(actor);
    actor.send({ type: 'LOAD', uid: 'alice', slot: 2 });
    expect(load.mock.calls.map(([input]) => input)).toEqual([
      { uid: 'alice', slot: 1 },
      { uid: 'alice', slot: 2 },
    ]);
    expect(actor.getSnapshot().context.matches).toEqual([frontendMatch]);
  });
});

describe('the matches actor on the backend client', () => {
  it('asks for the slot’s matches and names what that profile watches when it has none', async () => {
    const empty = fakeClient(answer([]), async () => listed(savedProfile));
    expect(await runActor(empty)).toMatchObject({
      matches: [],
      watching: savedProfile,
      profiles: listed(savedProfile),
      active: true,
    });
    expect(empty.getMatches).toHaveBeenCalledWith(1);

    const some = fakeClient(answer([frontendMatch]), async () => listed(savedProfile));
    const result = await runActor(some);
    expect(result).toMatchObject({ matches: [frontendMatch], watching: null });
    expect(Number.isNaN(Date.parse(result.checkedAt))).toBe(false);
  });

  it('takes the unseen alerts as new, and answers without them when they cannot be read', async () => {
    const seen = { ...frontendAlert, alertId: 2, jobId: 9, new: false };
    const client = fakeClient(
      answer([frontendMatch]),
      async () => listed(savedProfile),
      async () => ({ profileMissing: false, alerts: [frontendAlert, seen] }),
    );
    expect(await runActor(client)).toMatchObject({ newAlerts: [frontendAlert] });
    const failing = fakeClient(
      answer([frontendMatch]),
      async () => listed(savedProfile),
      () => Promise.reject(new BackendFailure('network-error')),
    );
    expect(await runActor(failing)).toMatchObject({ matches: [frontendMatch], newAlerts: [] });
  });

  it('catches up with the recent alerts, seen or not, and fails when they cannot be read', async () => {
    const seen = { ...frontendAlert, alertId: 2, jobId: 9, new: false };
    const profiles = async () => listed(savedProfile);
    const catchUp = (client: BackendClient) => {
      const actor = createActor(createMatchesActors(client).catchUpAlerts, {
        input: { uid: 'alice' },
      });
      const output = toPromise(actor);
      actor.start();
      return output;
    };
    const client = fakeClient(answer([frontendMatch]), profiles, async () => ({
      profileMissing: false,
      alerts: [frontendAlert, seen],
    }));
    expect(await catchUp(client)).toEqual([frontendAlert, seen]);
    const failing = fakeClient(answer([frontendMatch]), profiles, () =>
      Promise.reject(new BackendFailure('network-error')),
    );
    await expect(catchUp(failing)).rejects.toEqual(new BackendFailure('network-error'));
  });

  it('still answers the matches when the profiles cannot be listed, offering none', async () => {
    const client = fakeClient(answer([]), () =>
      Promise.reject(new BackendFailure('network-error')),
    );
    expect(await runActor(client)).toMatchObject({ matches: [], watching: null, profiles: [] });
  });

  it('says nothing is watched when the slot holds no profile', async () => {
    const client = fakeClient(answer([], true), async () => []);
    expect(await runActor(client)).toMatchObject({ profileMissing: true, watching: null });
  });

  it('passes on a slot the plan does not cover as inactive', async () => {
    const client = fakeClient({ ...answer([]), active: false }, async () => []);
    expect(await runActor(client)).toMatchObject({ active: false, matches: [] });
  });
});

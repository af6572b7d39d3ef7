import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, waitFor, type AnyActorLogic } from 'xstate';
import type {
  AlertProfile,
  AlertProfileInput,
  CvSummary,
  ProfileSlot,
  PutProfileResponse,
} from '../../contract';
import type { BackendClient } from '../../src/machines/backend/backendClient';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import { createProfileActors, type ProfileLoaded } from '../../src/machines/profile/profileMachine';
import {
  cvOf,
  fakeProfileBackend,
  noFollows,
  SAVED_AT,
  type Held,
} from '../support/fakeProfileBackend';

const input: AlertProfileInput = {
  targetRoles: ['Frontend engineer'],
  skills: ['TypeScript'],
  where: { remoteUs: true, remoteWorldwide: false, usStates: ['TX'], usCities: [] },
  seniority: 'senior',
  minSalary: { amount: 150_000, currency: 'USD', period: 'year' },
  needsVisaSponsorship: false,
};
const savedProfile: AlertProfile = { ...input, updatedAt: SAVED_AT };
const cvFile = new File(['TypeScript and React'], 'cv.txt', { type: 'text/plain' });
const cv: CvSummary = cvOf(cvFile);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The machine over the fake backend, started. */
function fakeBackend(held: Record<string, Held> = {}, limit = 3) {
  const { calls, logic } = fakeProfileBackend(held, limit);
  return { actor: createActor(logic).start(), calls };
}

/** What the load answers for a user whose only profile is `held`, in slot 1. */
function loadedOf(held: Held, limit = 3): ProfileLoaded {
  return {
    current: { slot: 1, active: true, ...held },
    all: { profiles: [{ slot: 1, active: true, ...held }], limit },
    follows: noFollows(1),
  };
}

const settled = (actor: ReturnType<typeof fakeBackend>['actor']) =>
  waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));

describe('the profile machine', () => {
  it('waits for a user, then loads that user’s profile and CV', async () => {
    const { actor, calls } = fakeBackend({ alice: { profile: savedProfile, cv } });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('changing')).toBe(false);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ uid: 'alice', profile: savedProfile, cv });
    expect(calls.load).toHaveBeenCalledWith({ uid: 'alice', slot: 1 });
  });

  it('saves the form’s values, shows saving, then saved', async () => {
    const { actor, calls } = fakeBackend();
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    actor.send({ type: 'SAVE', input });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    await settled(actor);
    expect(actor.getSnapshot().hasTag('changing')).toBe(false);
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context.profile).toEqual(savedProfile);
    expect(calls.save).toHaveBeenCalledWith({ uid: 'alice', slot: 1, input });
  });

  it('keeps the profile and names the error when saving fails; saving again works', async () => {
    const { actor, calls } = fakeBackend();
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    calls.save.mockRejectedValueOnce(new BackendFailure('too-many-items'));
    actor.send({ type: 'SAVE', input });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'too-many-items',
      message: 'A list has too many entries.',
    });
    expect(actor.getSnapshot().context.failedOperation).toBe('save');
    actor.send({ type: 'SAVE', input });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('turns anything unexpected into a readable internal error', async () => {
    const { actor, calls } = fakeBackend();
    calls.load.mockRejectedValueOnce(new TypeError('boom'));
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.code).toBe('internal-error');
  });

  it('fails to load with the error, and RETRY loads again', async () => {
    const { actor, calls } = fakeBackend({ alice: { profile: savedProfile, cv: null } });
    calls.load.mockRejectedValueOnce(new BackendFailure('network-error'));
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.code).toBe('network-error');
    actor.send({ type: 'RETRY' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.profile).toEqual(savedProfile);
    expect(calls.load).toHaveBeenCalledTimes(2);
  });

  it('uploads a CV and offers its suggested skills the profile lacks; removes it again', async () => {
    const { actor, calls } = fakeBackend();
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    const file = cvFile;
    actor.send({ type: 'UPLOAD_CV', file });
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    await settled(actor);
    expect(calls.upload).toHaveBeenCalledWith({ uid: 'alice', slot: 1, file });
    expect(actor.getSnapshot().context.cv).toEqual(cv);
    expect(actor.getSnapshot().context.suggestedSkills).toEqual([
      'React',
      'PostgreSQL',
      'TypeScript',
    ]);

    // Saving a profile that lists TypeScript leaves the others suggested.
    actor.send({ type: 'SAVE', input });
    await settled(actor);
    expect(actor.getSnapshot().context.suggestedSkills).toEqual(['React', 'PostgreSQL']);

    actor.send({ type: 'REMOVE_CV' });
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    await settled(actor);
    expect(calls.remove).toHaveBeenCalledWith({ uid: 'alice', slot: 1 });
    expect(actor.getSnapshot().context.cv).toBeNull();
    expect(actor.getSnapshot().context.suggestedSkills).toEqual([]);
  });

  it('ignores REMOVE_CV without a CV, and a LOAD for the same user', async () => {
    const { actor, calls } = fakeBackend();
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    actor.send({ type: 'REMOVE_CV' });
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.remove).not.toHaveBeenCalled();
    expect(calls.load).toHaveBeenCalledTimes(1);
  });

  it('forgets the previous user’s data and reloads when the user changes, even mid-save', async () => {
    const { actor, calls } = fakeBackend({ alice: { profile: savedProfile, cv } });
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    const save = deferred<PutProfileResponse>();
    calls.save.mockReturnValueOnce(save.promise);
    const bobLoad = deferred<ProfileLoaded>();
    calls.load.mockReturnValueOnce(bobLoad.promise);
    actor.send({ type: 'SAVE', input });
    actor.send({ type: 'LOAD', uid: 'bob', slot: 1 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ uid: 'bob', profile: null, cv: null });

    // Alice's late answer changes nothing for Bob.
    save.resolve({ slot: 1, profile: savedProfile });
    bobLoad.resolve(loadedOf({ profile: null, cv: null }));
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ uid: 'bob', profile: null, cv: null });
  });

  it('restarts loading when the user changes while the first load is running', async () => {
    const { actor, calls } = fakeBackend({ bob: { profile: savedProfile, cv: null } });
    const aliceLoad = deferred<ProfileLoaded>();
    calls.load.mockReturnValueOnce(aliceLoad.promise);
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    actor.send({ type: 'LOAD', uid: 'bob', slot: 1 });
    aliceLoad.resolve(loadedOf({ profile: null, cv }));
    await settled(actor);
    expect(calls.load).toHaveBeenLastCalledWith({ uid: 'bob', slot: 1 });
    expect(actor.getSnapshot().context).toMatchObject({
      uid: 'bob',
      profile: savedProfile,
      cv: null,
    });
  });
});

describe('the profile machine with several profiles', () => {
  const other: AlertProfile = { ...savedProfile, targetRoles: ['Backend engineer'] };

  it('loads the slot asked for and the list of every profile with the plan’s limit', async () => {
    const { actor, calls } = fakeBackend({
      alice: { profile: savedProfile, cv },
      'alice/2': { profile: other, cv: null },
    });
    actor.send({ type: 'LOAD', uid: 'alice', slot: 2 });
    await settled(actor);
    expect(calls.load).toHaveBeenCalledWith({ uid: 'alice', slot: 2 });
    expect(actor.getSnapshot().context).toMatchObject({
      slot: 2,
      profile: other,
      cv: null,
      active: true,
      limit: 3,
      slots: [
        { slot: 1, active: true, profile: savedProfile, cv },
        { slot: 2, active: true, profile: other, cv: null },
      ],
    });
  });

  it('loads another slot of the same user keeping the list shown, and not the same slot twice', async () => {
    const { actor, calls } = fakeBackend({ alice: { profile: savedProfile, cv } });
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    const slot2 = deferred<ProfileLoaded>();
    calls.load.mockReturnValueOnce(slot2.promise);
    actor.send({ type: 'LOAD', uid: 'alice', slot: 2 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ slot: 2, profile: null, cv: null });
    expect(actor.getSnapshot().context.slots.map((entry) => entry.slot)).toEqual([1]);
    actor.send({ type: 'LOAD', uid: 'alice', slot: 2 });
    slot2.resolve({
      current: { slot: 2, active: true, profile: null, cv: null },
      all: loadedOf({ profile: savedProfile, cv }).all,
      follows: noFollows(2),
    });
    await settled(actor);
    expect(calls.load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('saves into its slot and lists the new profile; deleting it empties the slot', async () => {
    const { actor, calls } = fakeBackend({ alice: { profile: other, cv: null } });
    actor.send({ type: 'LOAD', uid: 'alice', slot: 2 });
    await settled(actor);
    actor.send({ type: 'DELETE_PROFILE' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.deleteProfile).not.toHaveBeenCalled();

    actor.send({ type: 'SAVE', input });
    await settled(actor);
    expect(calls.save).toHaveBeenCalledWith({ uid: 'alice', slot: 2, input });
    expect(actor.getSnapshot().context.slots).toEqual([
      { slot: 1, active: true, profile: other, cv: null },
      { slot: 2, active: true, profile: savedProfile, cv: null },
    ]);

    actor.send({ type: 'UPLOAD_CV', file: cvFile });
    await settled(actor);
    expect(actor.getSnapshot().context.slots[1]).toMatchObject({ slot: 2, cv });

    actor.send({ type: 'DELETE_PROFILE' });
    expect(actor.getSnapshot().hasTag('deletingProfile')).toBe(true);
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    await settled(actor);
    expect(calls.deleteProfile).toHaveBeenCalledWith({ uid: 'alice', slot: 2 });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({
      slot: 2,
      profile: null,
      cv: null,
      suggestedSkills: [],
      slots: [{ slot: 1, active: true, profile: other, cv: null }],
    });
  });

  it('shows a slot above the plan’s limit as inactive, and deletes it', async () => {
    const { actor, calls } = fakeBackend({ 'alice/3': { profile: other, cv } }, 1);
    actor.send({ type: 'LOAD', uid: 'alice', slot: 3 });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ active: false, profile: other, limit: 1 });
    actor.send({ type: 'DELETE_PROFILE' });
    await settled(actor);
    expect(calls.deleteProfile).toHaveBeenCalledWith({ uid: 'alice', slot: 3 });
    expect(actor.getSnapshot().context).toMatchObject({ active: false, profile: null, slots: [] });
  });

  it('names the plan’s limit when the backend refuses a slot, keeping the profile', async () => {
    const { actor, calls } = fakeBackend({}, 1);
    actor.send({ type: 'LOAD', uid: 'alice', slot: 2 });
    await settled(actor);
    calls.save.mockRejectedValueOnce(new BackendFailure('plan-profile-limit'));
    actor.send({ type: 'SAVE', input });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      failedOperation: 'save',
      error: {
        code: 'plan-profile-limit',
        message: 'The Free plan has one alert profile and one CV. Get Pro for three of each.',
      },
      slots: [],
    });
  });

  it('keeps the profile and names the error when deleting fails', async () => {
    const { actor, calls } = fakeBackend({ alice: { profile: other, cv } });
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await settled(actor);
    calls.deleteProfile.mockRejectedValueOnce(new BackendFailure('network-error'));
    actor.send({ type: 'DELETE_PROFILE' });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      failedOperation: 'deleteProfile',
      error: { code: 'network-error' },
      profile: other,
      cv,
    });
  });

  it('loads the slot from the one list of profiles: what it holds, or empty and active up to the plan\u2019s limit', async () => {
    const second = { slot: 2 as const, active: false, profile: savedProfile, cv };
    const client = {
      getProfile: vi.fn(),
      listProfiles: vi.fn(async () => ({ profiles: [second], limit: 1 })),
      getFollows: vi.fn(async (slot?: ProfileSlot) => noFollows(slot ?? 1)),
    } satisfies Partial<BackendClient>;
    const actors = createProfileActors(client as unknown as BackendClient);
    const load = (slot: ProfileSlot) =>
      toPromise(createActor(actors.loadProfile, { input: { uid: 'alice', slot } }).start());
    const all = { profiles: [second], limit: 1 };
    expect(await load(2)).toEqual({ current: second, all, follows: noFollows(2) });
    expect(await load(1)).toEqual({
      current: { slot: 1, active: true, profile: null, cv: null },
      all,
      follows: noFollows(1),
    });
    expect(await load(3)).toEqual({
      current: { slot: 3, active: false, profile: null, cv: null },
      all,
      follows: noFollows(3),
    });
    expect(client.listProfiles).toHaveBeenCalledTimes(3);
    expect(client.getProfile).not.toHaveBeenCalled();
  });

  it('gives the backend client the slot on every call that changes a profile', async () => {
    const client = {
      putProfile: vi.fn(async () => ({ slot: 2 as const, profile: savedProfile })),
      putCv: vi.fn(async () => ({ cv, suggestedSkills: [] })),
      deleteCv: vi.fn(async () => ({ deleted: true })),
      deleteProfile: vi.fn(async () => ({ deleted: true })),
    } satisfies Partial<BackendClient>;
    const actors = createProfileActors(client as unknown as BackendClient);
    const run = (logic: AnyActorLogic, input: unknown) =>
      toPromise(createActor(logic, { input }).start());
    const where = { uid: 'alice', slot: 2 as const };
    await run(actors.saveProfile, { ...where, input });
    await run(actors.uploadCv, { ...where, file: new File(['x'], 'cv.txt') });
    await run(actors.removeCv, where);
    await run(actors.deleteProfile, where);
    expect(client.putProfile).toHaveBeenCalledWith(input, 2);
    expect(client.putCv).toHaveBeenCalledWith(expect.any(File), 2);
    expect(client.deleteCv).toHaveBeenCalledWith(2);
    expect(client.deleteProfile).toHaveBeenCalledWith(2);
  });
});

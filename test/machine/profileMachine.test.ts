import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type {
  AlertProfile,
  AlertProfileInput,
  CvSummary,
  GetProfileResponse,
  PutCvResponse,
} from '../../src/backendApi';
import { BackendFailure } from '../../src/machines/backendClient';
import { profileMachine } from '../../src/machines/profileMachine';

const input: AlertProfileInput = {
  targetRoles: ['Frontend engineer'],
  skills: ['TypeScript'],
  where: { remoteUs: true, remoteWorldwide: false, usStates: ['TX'], usCities: [] },
  seniority: 'senior',
  minSalaryUsd: 150_000,
  needsVisaSponsorship: false,
};
const savedProfile: AlertProfile = { ...input, updatedAt: '2026-11-22T22:00:00.000Z' };
const cv: CvSummary = {
  fileName: 'cv.pdf',
  sizeBytes: 2048,
  mediaType: 'application/pdf',
  textLength: 900,
  uploadedAt: '2026-11-22T22:00:00.000Z',
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function fakeBackend(profiles: Record<string, GetProfileResponse> = {}) {
  const calls = {
    load: vi.fn(async ({ uid }: { uid: string }) => profiles[uid] ?? { profile: null, cv: null }),
    save: vi.fn<
      (input: { uid: string; input: AlertProfileInput }) => Promise<{ profile: AlertProfile }>
    >(async () => ({
      profile: savedProfile,
    })),
    upload: vi.fn<(input: { uid: string; file: File }) => Promise<PutCvResponse>>(async () => ({
      cv,
      suggestedSkills: ['React', 'TypeScript'],
    })),
    remove: vi.fn<(input: { uid: string }) => Promise<{ deleted: boolean }>>(async () => ({
      deleted: true,
    })),
  };
  const logic = profileMachine.provide({
    actors: {
      loadProfile: fromPromise(({ input }) => calls.load(input)),
      saveProfile: fromPromise(({ input }) => calls.save(input)),
      uploadCv: fromPromise(({ input }) => calls.upload(input)),
      removeCv: fromPromise(({ input }) => calls.remove(input)),
    },
  });
  const actor = createActor(logic).start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof fakeBackend>['actor']) =>
  waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));

describe('the profile machine', () => {
  it('waits for a user, then loads that user’s profile and CV', async () => {
    const { actor, calls } = fakeBackend({ alice: { profile: savedProfile, cv } });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'LOAD', uid: 'alice' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ uid: 'alice', profile: savedProfile, cv });
    expect(calls.load).toHaveBeenCalledWith({ uid: 'alice' });
  });

  it('saves the form’s values, shows saving, then saved', async () => {
    const { actor, calls } = fakeBackend();
    actor.send({ type: 'LOAD', uid: 'alice' });
    await settled(actor);
    actor.send({ type: 'SAVE', input });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context.profile).toEqual(savedProfile);
    expect(calls.save).toHaveBeenCalledWith({ uid: 'alice', input });
  });

  it('keeps the profile and names the error when saving fails; saving again works', async () => {
    const { actor, calls } = fakeBackend();
    actor.send({ type: 'LOAD', uid: 'alice' });
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
    actor.send({ type: 'LOAD', uid: 'alice' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.code).toBe('internal-error');
  });

  it('fails to load with the error, and RETRY loads again', async () => {
    const { actor, calls } = fakeBackend({ alice: { profile: savedProfile, cv: null } });
    calls.load.mockRejectedValueOnce(new BackendFailure('network-error'));
    actor.send({ type: 'LOAD', uid: 'alice' });
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
    actor.send({ type: 'LOAD', uid: 'alice' });
    await settled(actor);
    const file = new File(['TypeScript and React'], 'cv.txt', { type: 'text/plain' });
    actor.send({ type: 'UPLOAD_CV', file });
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    await settled(actor);
    expect(calls.upload).toHaveBeenCalledWith({ uid: 'alice', file });
    expect(actor.getSnapshot().context.cv).toEqual(cv);
    expect(actor.getSnapshot().context.suggestedSkills).toEqual(['React', 'TypeScript']);

    // Saving a profile that lists TypeScript leaves only React suggested.
    actor.send({ type: 'SAVE', input });
    await settled(actor);
    expect(actor.getSnapshot().context.suggestedSkills).toEqual(['React']);

    actor.send({ type: 'REMOVE_CV' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled(actor);
    expect(calls.remove).toHaveBeenCalledWith({ uid: 'alice' });
    expect(actor.getSnapshot().context.cv).toBeNull();
    expect(actor.getSnapshot().context.suggestedSkills).toEqual([]);
  });

  it('ignores REMOVE_CV without a CV, and a LOAD for the same user', async () => {
    const { actor, calls } = fakeBackend();
    actor.send({ type: 'LOAD', uid: 'alice' });
    await settled(actor);
    actor.send({ type: 'REMOVE_CV' });
    actor.send({ type: 'LOAD', uid: 'alice' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.remove).not.toHaveBeenCalled();
    expect(calls.load).toHaveBeenCalledTimes(1);
  });

  it('forgets the previous user’s data and reloads when the user changes, even mid-save', async () => {
    const { actor, calls } = fakeBackend({ alice: { profile: savedProfile, cv } });
    actor.send({ type: 'LOAD', uid: 'alice' });
    await settled(actor);
    const save = deferred<{ profile: AlertProfile }>();
    calls.save.mockReturnValueOnce(save.promise);
    const bobLoad = deferred<GetProfileResponse>();
    calls.load.mockReturnValueOnce(bobLoad.promise);
    actor.send({ type: 'SAVE', input });
    actor.send({ type: 'LOAD', uid: 'bob' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ uid: 'bob', profile: null, cv: null });

    // Alice's late answer changes nothing for Bob.
    save.resolve({ profile: savedProfile });
    bobLoad.resolve({ profile: null, cv: null });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ uid: 'bob', profile: null, cv: null });
  });

  it('restarts loading when the user changes while the first load is running', async () => {
    const { actor, calls } = fakeBackend({ bob: { profile: savedProfile, cv: null } });
    const aliceLoad = deferred<GetProfileResponse>();
    calls.load.mockReturnValueOnce(aliceLoad.promise);
    actor.send({ type: 'LOAD', uid: 'alice' });
    actor.send({ type: 'LOAD', uid: 'bob' });
    aliceLoad.resolve({ profile: null, cv });
    await settled(actor);
    expect(calls.load).toHaveBeenLastCalledWith({ uid: 'bob' });
    expect(actor.getSnapshot().context).toMatchObject({
      uid: 'bob',
      profile: savedProfile,
      cv: null,
    });
  });
});

import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import {
  PROFILE_SLOTS,
  type AlertProfileInput,
  type CvSummary,
  type GetProfileResponse,
  type ProfileSlot,
  type PutCvResponse,
  type PutProfileResponse,
} from '../../contract';
import { BackendFailure } from '../../src/machines/backendErrors';
import { profileMachine, type ProfileLoaded } from '../../src/machines/profileMachine';

export const SAVED_AT = '2026-11-22T22:00:00.000Z';

export interface SlotInput {
  uid: string;
  slot: ProfileSlot;
}

export type Held = Pick<GetProfileResponse, 'profile' | 'cv'>;

/** The CV summary the fake backend makes of an uploaded file. */
export function cvOf(file: File): CvSummary {
  return {
    fileName: file.name,
    sizeBytes: file.size,
    mediaType: 'text/plain',
    textLength: 20,
    uploadedAt: SAVED_AT,
  };
}

/**
 * The profile machine's actors over an in-memory backend, as the real one behaves: what each user
 * holds by slot (`held` keyed by `uid` for slot 1, or `uid/slot`), slots above `limit` inactive
 * and refused (`plan-profile-limit`) on save. Every call is a mock the test can inspect or override.
 */
export function fakeProfileBackend(held: Record<string, Held> = {}, limit = 3) {
  const store = new Map(
    Object.entries(held).map(([key, value]) => [key.includes('/') ? key : `${key}/1`, value]),
  );
  const heldIn = ({ uid, slot }: SlotInput): Held =>
    store.get(`${uid}/${slot}`) ?? { profile: null, cv: null };
  const put = (where: SlotInput, change: Partial<Held>) => {
    const next = { ...heldIn(where), ...change };
    if (next.profile === null && next.cv === null) store.delete(`${where.uid}/${where.slot}`);
    else store.set(`${where.uid}/${where.slot}`, next);
  };
  const answer = (where: SlotInput): GetProfileResponse => ({
    slot: where.slot,
    active: where.slot <= limit,
    ...heldIn(where),
  });
  const refuseAboveLimit = (where: SlotInput) => {
    if (where.slot > limit) throw new BackendFailure('plan-profile-limit');
  };
  const calls = {
    load: vi.fn(async (where: SlotInput): Promise<ProfileLoaded> => {
      const profiles = PROFILE_SLOTS.map((slot) => answer({ uid: where.uid, slot })).filter(
        (entry) => entry.profile !== null || entry.cv !== null,
      );
      return { current: answer(where), all: { profiles, limit } };
    }),
    save: vi.fn(
      async ({
        input,
        ...where
      }: SlotInput & { input: AlertProfileInput }): Promise<PutProfileResponse> => {
        refuseAboveLimit(where);
        const profile = { ...input, updatedAt: SAVED_AT };
        put(where, { profile });
        return { slot: where.slot, profile };
      },
    ),
    upload: vi.fn(
      async ({ file, ...where }: SlotInput & { file: File }): Promise<PutCvResponse> => {
        refuseAboveLimit(where);
        const cv = cvOf(file);
        put(where, { cv });
        return { cv, suggestedSkills: ['React', 'PostgreSQL', 'TypeScript'] };
      },
    ),
    remove: vi.fn(async (where: SlotInput) => {
      const deleted = heldIn(where).cv !== null;
      put(where, { cv: null });
      return { deleted };
    }),
    deleteProfile: vi.fn(async (where: SlotInput) => {
      const { profile, cv } = heldIn(where);
      store.delete(`${where.uid}/${where.slot}`);
      return { deleted: profile !== null || cv !== null };
    }),
  };
  const logic = profileMachine.provide({
    actors: {
      loadProfile: fromPromise(({ input }) => calls.load(input)),
      saveProfile: fromPromise(({ input }) => calls.save(input)),
      uploadCv: fromPromise(({ input }) => calls.upload(input)),
      removeCv: fromPromise(({ input }) => calls.remove(input)),
      deleteProfile: fromPromise(({ input }) => calls.deleteProfile(input)),
    },
  });
  return { calls, logic, heldIn };
}

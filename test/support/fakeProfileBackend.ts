import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import {
  FOLLOWED_COMPANIES_LIMIT,
  PROFILE_SLOTS,
  type AlertProfileInput,
  type CvSummary,
  type FollowsResponse,
  type GetProfileResponse,
  type ProfileSlot,
  type PutCvResponse,
  type PutProfileResponse,
} from '../../contract';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import {
  profileMachine,
  type FollowChange,
  type ProfileLoaded,
} from '../../src/machines/profile/profileMachine';

export const SAVED_AT = '2026-11-22T22:00:00.000Z';

export interface SlotInput {
  uid: string;
  slot: ProfileSlot;
}

export type Held = Pick<GetProfileResponse, 'profile' | 'cv'>;

/** What a slot follows before anything is followed. */
export const noFollows = (slot: ProfileSlot): FollowsResponse => ({
  slot,
  mode: 'boost',
  companies: [],
  limit: FOLLOWED_COMPANIES_LIMIT,
});

/** The fake's careers URL reading: Lever's board addresses, the catalogue's refusals for others. */
function leverToken(url: string): string {
  if (!URL.canParse(url)) throw new BackendFailure('follow-url-invalid');
  const { hostname, pathname } = new URL(url);
  if (hostname !== 'jobs.lever.co') throw new BackendFailure('follow-url-unknown-host');
  const token = pathname.split('/')[1] ?? '';
  if (token === '') throw new BackendFailure('follow-url-no-company');
  return token;
}

/** The CV summary the fake backend makes of an uploaded file. */
export function cvOf(file: File): CvSummary {
  return {
    fileName: file.name,
    sizeBytes: file.size,
    mediaType: 'text/plain',
    textLength: 20,
    uploadedAt: SAVED_AT,
    proposals: null,
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
  const followed = new Map<string, FollowsResponse>();
  const followsIn = (where: SlotInput) =>
    followed.get(`${where.uid}/${where.slot}`) ?? noFollows(where.slot);
  const changed = (where: SlotInput, change: FollowChange): FollowsResponse => {
    const now = followsIn(where);
    if (change.kind === 'mode') return { ...now, mode: change.mode };
    if (change.kind === 'unfollow') {
      const kept = now.companies.filter((company) => company.token !== change.token);
      return { ...now, companies: kept };
    }
    const token = leverToken(change.url);
    if (now.companies.some((company) => company.token === token)) return now;
    const company = {
      source: 'lever' as const,
      token,
      name: token,
      followedAt: SAVED_AT,
      lastPolledAt: null,
      openPostings: 0,
    };
    return { ...now, companies: [...now.companies, company] };
  };
  const refuseAboveLimit = (where: SlotInput) => {
    if (where.slot > limit) throw new BackendFailure('plan-profile-limit');
  };
  const calls = {
    load: vi.fn(async (where: SlotInput): Promise<ProfileLoaded> => {
      const profiles = PROFILE_SLOTS.map((slot) => answer({ uid: where.uid, slot })).filter(
        (entry) => entry.profile !== null || entry.cv !== null,
      );
      return { current: answer(where), all: { profiles, limit }, follows: followsIn(where) };
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
    changeFollows: vi.fn(async ({ change, ...where }: SlotInput & { change: FollowChange }) => {
      const next = changed(where, change);
      followed.set(`${where.uid}/${where.slot}`, next);
      return next;
    }),
  };
  const logic = profileMachine.provide({
    actors: {
      loadProfile: fromPromise(({ input }) => calls.load(input)),
      saveProfile: fromPromise(({ input }) => calls.save(input)),
      uploadCv: fromPromise(({ input }) => calls.upload(input)),
      removeCv: fromPromise(({ input }) => calls.remove(input)),
      deleteProfile: fromPromise(({ input }) => calls.deleteProfile(input)),
      changeFollows: fromPromise(({ input }) => calls.changeFollows(input)),
    },
  });
  return { calls, logic, heldIn };
}

import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  CV_MAX_BYTES,
  type AlertProfile,
  type AlertProfileInput,
  type CvSummary,
  type DeleteCvResponse,
  type DeleteProfileResponse,
  type FollowMode,
  type FollowsResponse,
  type FollowSource,
  type GetProfileResponse,
  type GetProfilesResponse,
  type ProfileSlot,
  type PutCvResponse,
  type PutProfileResponse,
} from '../../../contract';
import type { BackendClient } from '../backend/backendClient';
import { BackendFailure, backendErrorOf } from '../backend/backendErrors';
import { EMPTY_PROFILE_CONTEXT } from './emptyProfileContext';
import type { BackendError } from '../backend/clientErrors';

export type ProfileOperation = 'load' | 'save' | 'upload' | 'remove' | 'deleteProfile' | 'follow';

/** One slot as the profile list shows it (`GET /v1/profiles` lists only slots that hold something). */
export type SlotSummary = GetProfileResponse;

export interface ProfileContext {
  /** Whose profile this is; null until the first LOAD. */
  uid: string | null;
  /** Which of the user's profiles this is (the page's `?slot=N`). */
  slot: ProfileSlot;
  profile: AlertProfile | null;
  cv: CvSummary | null;
  /** Whether the plan covers this slot; an inactive one can be read and deleted, not saved. */
  active: boolean;
  /** Every slot that holds a profile or a CV, by slot, kept up to date by each operation. */
  slots: SlotSummary[];
  /** How many slots the plan covers (1 on Free, 3 on Pro). */
  limit: number;
  /** The companies this slot's profile follows and how its matches treat them; null until loaded. */
  follows: FollowsResponse | null;
  /** Skills the last uploaded CV suggests that the profile does not list yet. */
  suggestedSkills: string[];
  error: BackendError | null;
  /** The operation that failed, so RETRY knows what to repeat. */
  failedOperation: ProfileOperation | null;
}

export type ProfileEvent =
  | { type: 'LOAD'; uid: string; slot: ProfileSlot }
  | { type: 'SAVE'; input: AlertProfileInput }
  /** The start step's save: it replaces a profile the slot holds only when `replacing` says so. */
  | { type: 'START_PROFILE'; input: AlertProfileInput; replacing: boolean }
  | { type: 'UPLOAD_CV'; file: File }
  | { type: 'REMOVE_CV' }
  | { type: 'DELETE_PROFILE' }
  | { type: 'FOLLOW'; url: string }
  | { type: 'UNFOLLOW'; source: FollowSource; token: string }
  | { type: 'SET_FOLLOW_MODE'; mode: FollowMode }
  | { type: 'RETRY' };

/** One change to the slot's followed companies. */
export type FollowChange =
  | { kind: 'follow'; url: string }
  | { kind: 'unfollow'; source: FollowSource; token: string }
  | { kind: 'mode'; mode: FollowMode };

/**
 * What the UI asks: `busy` while any call runs; `changing` while a change to this slot is on its
 * way to the backend (its answer is dropped if another slot loads, so the page holds still).
 */
export type ProfileTag =
  'loading' | 'saving' | 'uploading' | 'deletingProfile' | 'following' | 'changing' | 'busy';

/** The user and the slot a call is for. */
interface SlotInput {
  uid: string;
  slot: ProfileSlot;
}

/** What loading a slot brings: that slot, and the list of every slot with the plan's limit. */
export interface ProfileLoaded {
  current: GetProfileResponse;
  all: GetProfilesResponse;
  follows: FollowsResponse;
}

/** The real actors come from the backend client through `profileMachine.provide({ actors })`. */
function notProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`The profile actor "${name}" was not provided.`));
}

/** The actors a running app gives the machine; uid and slot are whose profile the call is for. */
export function createProfileActors(client: BackendClient) {
  return {
    // One request: the list holds every slot that holds something, with its `active` flag, and
    // the plan's limit (an empty slot is active up to it, as the backend answers for one slot).
    loadProfile: fromPromise<ProfileLoaded, SlotInput>(async ({ input }) => {
      const [all, follows] = await Promise.all([
        client.listProfiles(),
        client.getFollows(input.slot),
      ]);
      const current = all.profiles.find((entry) => entry.slot === input.slot) ?? {
        slot: input.slot,
        profile: null,
        cv: null,
        active: input.slot <= all.limit,
      };
      return { current, all, follows };
    }),
    saveProfile: fromPromise<PutProfileResponse, SlotInput & { input: AlertProfileInput }>(
      ({ input }) => client.putProfile(input.input, input.slot),
    ),
    uploadCv: fromPromise<PutCvResponse, SlotInput & { file: File }>(({ input }) =>
      client.putCv(input.file, input.slot),
    ),
    removeCv: fromPromise<DeleteCvResponse, SlotInput>(({ input }) => client.deleteCv(input.slot)),
    deleteProfile: fromPromise<DeleteProfileResponse, SlotInput>(({ input }) =>
      client.deleteProfile(input.slot),
    ),
    changeFollows: fromPromise<FollowsResponse, SlotInput & { change: FollowChange }>(
      ({ input: { change, slot } }) => {
        if (change.kind === 'follow') return client.follow(change.url, slot);
        if (change.kind === 'unfollow') return client.unfollow(change, slot);
        return client.setFollowMode(change.mode, slot);
      },
    ),
  };
}

function slotInputOf(context: ProfileContext): SlotInput {
  if (context.uid === null) throw new Error('The profile machine has no user yet.');
  return { uid: context.uid, slot: context.slot };
}

/** The slot list with this slot as the context now holds it (left out when it holds nothing). */
function withCurrentSlot(
  context: ProfileContext,
  change: Pick<ProfileContext, 'profile' | 'cv'>,
): SlotSummary[] {
  const { slot, active } = context;
  const others = context.slots.filter((summary) => summary.slot !== slot);
  const held = change.profile !== null || change.cv !== null;
  const slots = held ? [...others, { slot, active, ...change }] : others;
  return slots.sort((a, b) => a.slot - b.slot);
}

/** Events the form can send whenever the profile is shown and nothing is running. */
const READY_EVENTS = {
  SAVE: { target: 'saving' },
  START_PROFILE: { target: 'saving', guard: 'replacesOnlyWhenConfirmed' },
  // A file the backend would refuse for its size is refused here, with the catalogue's message.
  UPLOAD_CV: [{ guard: 'isCvTooLarge', actions: 'refuseCvTooLarge' }, { target: 'uploading' }],
  REMOVE_CV: { target: 'removingCv', guard: 'hasCv' },
  DELETE_PROFILE: { target: 'deletingProfile', guard: 'holdsSomething' },
  FOLLOW: { target: 'changingFollows' },
  UNFOLLOW: { target: 'changingFollows' },
  SET_FOLLOW_MODE: { target: 'changingFollows' },
} as const;

/** The change a follow event asks for. */
function followChangeOf(event: ProfileEvent): FollowChange {
  if (event.type === 'FOLLOW') return { kind: 'follow', url: event.url };
  if (event.type === 'UNFOLLOW')
    return { kind: 'unfollow', source: event.source, token: event.token };
  if (event.type === 'SET_FOLLOW_MODE') return { kind: 'mode', mode: event.mode };
  throw new Error(`Not a change to followed companies: ${event.type}`);
}

/**
 * One of the current user's alert profiles (`slot`) and its CV on the backend, with the list of
 * all the user's profiles. LOAD with another uid drops everything of the previous user (and any
 * call in flight for them) and loads afresh; LOAD with another slot of the same user keeps the
 * list shown while the slot loads.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    tags: {} as ProfileTag,
  },
  actors: {
    loadProfile: fromPromise<ProfileLoaded, SlotInput>(notProvided('loadProfile')),
    saveProfile: fromPromise<PutProfileResponse, SlotInput & { input: AlertProfileInput }>(
      notProvided('saveProfile'),
    ),
    uploadCv: fromPromise<PutCvResponse, SlotInput & { file: File }>(notProvided('uploadCv')),
    removeCv: fromPromise<DeleteCvResponse, SlotInput>(notProvided('removeCv')),
    deleteProfile: fromPromise<DeleteProfileResponse, SlotInput>(notProvided('deleteProfile')),
    changeFollows: fromPromise<FollowsResponse, SlotInput & { change: FollowChange }>(
      notProvided('changeFollows'),
    ),
  },
  actions: {
    takeUserAndSlot: assign(({ context, event }) => {
      assertEvent(event, 'LOAD');
      // The same user's list stays while another slot loads: the profile nav does not jump.
      const kept = event.uid === context.uid ? { slots: context.slots, limit: context.limit } : {};
      return { ...EMPTY_PROFILE_CONTEXT, ...kept, uid: event.uid, slot: event.slot };
    }),
    clearError: assign({ error: null, failedOperation: null }),
    refuseCvTooLarge: assign({
      error: () => backendErrorOf(new BackendFailure('cv-too-large')),
      failedOperation: 'upload',
    }),
    recordFailure: assign(({ event }, params: { operation: ProfileOperation }) => ({
      error: backendErrorOf('error' in event ? event.error : event),
      failedOperation: params.operation,
    })),
  },
  guards: {
    isAnotherUserOrSlot: ({ context, event }) => {
      assertEvent(event, 'LOAD');
      return event.uid !== context.uid || event.slot !== context.slot;
    },
    hasCv: ({ context }) => context.cv !== null,
    isCvTooLarge: ({ event }) => {
      assertEvent(event, 'UPLOAD_CV');
      return event.file.size > CV_MAX_BYTES;
    },
    replacesOnlyWhenConfirmed: ({ context, event }) => {
      assertEvent(event, 'START_PROFILE');
      return context.profile === null || event.replacing;
    },
    holdsSomething: ({ context }) => context.profile !== null || context.cv !== null,
    loadFailed: ({ context }) => context.failedOperation === 'load',
  },
}).createMachine({
  id: 'profile',
  initial: 'idle',
  context: EMPTY_PROFILE_CONTEXT,
  on: {
    LOAD: {
      guard: 'isAnotherUserOrSlot',
      target: '.loading',
      reenter: true,
      actions: 'takeUserAndSlot',
    },
  },
  states: {
    idle: {},
    loading: {
      tags: ['loading', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => slotInputOf(context),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            profile: event.output.current.profile,
            cv: event.output.current.cv,
            active: event.output.current.active,
            slots: event.output.all.profiles,
            limit: event.output.all.limit,
            follows: event.output.follows,
          })),
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: { operation: 'load' } },
        },
      },
    },
    ready: { on: READY_EVENTS },
    saved: { on: READY_EVENTS },
    saving: {
      tags: ['saving', 'changing', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context, event }) => {
          assertEvent(event, ['SAVE', 'START_PROFILE']);
          return { ...slotInputOf(context), input: event.input };
        },
        onDone: {
          target: 'saved',
          actions: assign(({ context, event }) => ({
            profile: event.output.profile,
            slots: withCurrentSlot(context, { profile: event.output.profile, cv: context.cv }),
            suggestedSkills: context.suggestedSkills.filter(
              (skill) => !event.output.profile.skills.includes(skill),
            ),
          })),
        },
        onError: {
          target: 'ready',
          actions: { type: 'recordFailure', params: { operation: 'save' } },
        },
      },
    },
    uploading: {
      tags: ['uploading', 'changing', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'uploadCv',
        src: 'uploadCv',
        input: ({ context, event }) => {
          assertEvent(event, 'UPLOAD_CV');
          return { ...slotInputOf(context), file: event.file };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            cv: event.output.cv,
            slots: withCurrentSlot(context, { profile: context.profile, cv: event.output.cv }),
            suggestedSkills: event.output.suggestedSkills,
          })),
        },
        onError: {
          target: 'ready',
          actions: { type: 'recordFailure', params: { operation: 'upload' } },
        },
      },
    },
    removingCv: {
      tags: ['changing', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'removeCv',
        src: 'removeCv',
        input: ({ context }) => slotInputOf(context),
        onDone: {
          target: 'ready',
          actions: assign(({ context }) => ({
            cv: null,
            slots: withCurrentSlot(context, { profile: context.profile, cv: null }),
            suggestedSkills: [],
          })),
        },
        onError: {
          target: 'ready',
          actions: { type: 'recordFailure', params: { operation: 'remove' } },
        },
      },
    },
    deletingProfile: {
      tags: ['deletingProfile', 'changing', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'deleteProfile',
        src: 'deleteProfile',
        input: ({ context }) => slotInputOf(context),
        onDone: {
          target: 'ready',
          actions: assign(({ context }) => ({
            profile: null,
            cv: null,
            slots: withCurrentSlot(context, { profile: null, cv: null }),
            suggestedSkills: [],
          })),
        },
        onError: {
          target: 'ready',
          actions: { type: 'recordFailure', params: { operation: 'deleteProfile' } },
        },
      },
    },
    changingFollows: {
      tags: ['following', 'changing', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'changeFollows',
        src: 'changeFollows',
        input: ({ context, event }) => ({
          ...slotInputOf(context),
          change: followChangeOf(event),
        }),
        onDone: { target: 'ready', actions: assign({ follows: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: { type: 'recordFailure', params: { operation: 'follow' } },
        },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', guard: 'loadFailed' } },
    },
  },
});

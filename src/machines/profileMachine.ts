import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  AlertProfile,
  AlertProfileInput,
  CvSummary,
  DeleteCvResponse,
  GetProfileResponse,
  PutCvResponse,
  PutProfileResponse,
} from '../backendApi';
import { backendErrorOf, type BackendClient, type BackendError } from './backendClient';

export type ProfileOperation = 'load' | 'save' | 'upload' | 'remove';

export interface ProfileContext {
  /** Whose profile this is; null until the first LOAD. */
  uid: string | null;
  profile: AlertProfile | null;
  cv: CvSummary | null;
  /** Skills the last uploaded CV suggests that the profile does not list yet. */
  suggestedSkills: string[];
  error: BackendError | null;
  /** The operation that failed, so RETRY knows what to repeat. */
  failedOperation: ProfileOperation | null;
}

export type ProfileEvent =
  | { type: 'LOAD'; uid: string }
  | { type: 'SAVE'; input: AlertProfileInput }
  | { type: 'UPLOAD_CV'; file: File }
  | { type: 'REMOVE_CV' }
  | { type: 'RETRY' };

export type ProfileTag = 'loading' | 'saving' | 'uploading' | 'busy';

interface UidInput {
  uid: string;
}

/** The real actors come from the backend client through `profileMachine.provide({ actors })`. */
function notProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`The profile actor "${name}" was not provided.`));
}

/** The actors a running app gives the machine; the uid is the user the call is for. */
export function createProfileActors(client: BackendClient) {
  return {
    loadProfile: fromPromise<GetProfileResponse, UidInput>(() => client.getProfile()),
    saveProfile: fromPromise<PutProfileResponse, UidInput & { input: AlertProfileInput }>(
      ({ input }) => client.putProfile(input.input),
    ),
    uploadCv: fromPromise<PutCvResponse, UidInput & { file: File }>(({ input }) =>
      client.putCv(input.file),
    ),
    removeCv: fromPromise<DeleteCvResponse, UidInput>(() => client.deleteCv()),
  };
}

const EMPTY_CONTEXT: ProfileContext = {
  uid: null,
  profile: null,
  cv: null,
  suggestedSkills: [],
  error: null,
  failedOperation: null,
};

function uidOf(context: ProfileContext): string {
  if (context.uid === null) throw new Error('The profile machine has no user yet.');
  return context.uid;
}

/** Events the form can send whenever the profile is shown and nothing is running. */
const READY_EVENTS = {
  SAVE: { target: 'saving' },
  UPLOAD_CV: { target: 'uploading' },
  REMOVE_CV: { target: 'removingCv', guard: 'hasCv' },
} as const;

/**
 * The current user's alert profile and CV on the backend. LOAD with another uid drops everything
 * of the previous user (and any call in flight for them) and loads afresh.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    tags: {} as ProfileTag,
  },
  actors: {
    loadProfile: fromPromise<GetProfileResponse, UidInput>(notProvided('loadProfile')),
    saveProfile: fromPromise<PutProfileResponse, UidInput & { input: AlertProfileInput }>(
      notProvided('saveProfile'),
    ),
    uploadCv: fromPromise<PutCvResponse, UidInput & { file: File }>(notProvided('uploadCv')),
    removeCv: fromPromise<DeleteCvResponse, UidInput>(notProvided('removeCv')),
  },
  actions: {
    forgetUserAndTake: assign(({ event }) => {
      assertEvent(event, 'LOAD');
      return { ...EMPTY_CONTEXT, uid: event.uid };
    }),
    clearError: assign({ error: null, failedOperation: null }),
    recordFailure: assign(({ event }, params: { operation: ProfileOperation }) => ({
      error: backendErrorOf('error' in event ? event.error : event),
      failedOperation: params.operation,
    })),
  },
  guards: {
    isAnotherUser: ({ context, event }) => {
      assertEvent(event, 'LOAD');
      return event.uid !== context.uid;
    },
    hasCv: ({ context }) => context.cv !== null,
    loadFailed: ({ context }) => context.failedOperation === 'load',
  },
}).createMachine({
  id: 'profile',
  initial: 'idle',
  context: EMPTY_CONTEXT,
  on: {
    LOAD: {
      guard: 'isAnotherUser',
      target: '.loading',
      reenter: true,
      actions: 'forgetUserAndTake',
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
        input: ({ context }) => ({ uid: uidOf(context) }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ profile: event.output.profile, cv: event.output.cv })),
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
      tags: ['saving', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context, event }) => {
          assertEvent(event, 'SAVE');
          return { uid: uidOf(context), input: event.input };
        },
        onDone: {
          target: 'saved',
          actions: assign(({ context, event }) => ({
            profile: event.output.profile,
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
      tags: ['uploading', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'uploadCv',
        src: 'uploadCv',
        input: ({ context, event }) => {
          assertEvent(event, 'UPLOAD_CV');
          return { uid: uidOf(context), file: event.file };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            cv: event.output.cv,
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
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'removeCv',
        src: 'removeCv',
        input: ({ context }) => ({ uid: uidOf(context) }),
        onDone: { target: 'ready', actions: assign({ cv: null, suggestedSkills: [] }) },
        onError: {
          target: 'ready',
          actions: { type: 'recordFailure', params: { operation: 'remove' } },
        },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', guard: 'loadFailed' } },
    },
  },
});

import type { ProfileContext } from './profileMachine';

/**
 * The profile machine's context before a user is known; its own module (no XState) so a view can
 * show it before the machine's code has loaded.
 */
export const EMPTY_PROFILE_CONTEXT: ProfileContext = Object.freeze({
  uid: null,
  slot: 1,
  profile: null,
  cv: null,
  active: true,
  slots: [],
  limit: 1,
  follows: null,
  suggestedSkills: [],
  error: null,
  failedOperation: null,
});

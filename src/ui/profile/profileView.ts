import type { SnapshotFrom } from 'xstate';
import type { profileMachine, ProfileContext } from '../../machines/profile/profileMachine';

export type ProfileStatus = SnapshotFrom<typeof profileMachine>['value'];

/** What components read of the profile machine: its state and its data. */
export interface ProfileView extends ProfileContext {
  status: ProfileStatus;
  /** A save, an upload, a removal or a deletion of this slot is running. */
  changing: boolean;
}

/** Before the runtime has loaded (and while server rendering): nothing known yet. */
export const IDLE_PROFILE_VIEW: ProfileView = Object.freeze({
  status: 'idle',
  changing: false,
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

export function toProfileView(snapshot: SnapshotFrom<typeof profileMachine>): ProfileView {
  return { ...snapshot.context, status: snapshot.value, changing: snapshot.hasTag('changing') };
}

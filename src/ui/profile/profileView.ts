import type { SnapshotFrom } from 'xstate';
import { EMPTY_PROFILE_CONTEXT } from '../../machines/profile/emptyProfileContext';
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
  ...EMPTY_PROFILE_CONTEXT,
  status: 'idle',
  changing: false,
});

export function toProfileView(snapshot: SnapshotFrom<typeof profileMachine>): ProfileView {
  return { ...snapshot.context, status: snapshot.value, changing: snapshot.hasTag('changing') };
}

import { useCallback, useContext, useSyncExternalStore } from 'react';
import type { ProfileEvent } from '../../machines/profileMachine';
import { ProfileStoreContext, type ProfileStore } from './profileStore';
import { IDLE_PROFILE_VIEW, type ProfileView } from './profileView';

function useProfileStore(): ProfileStore {
  const store = useContext(ProfileStoreContext);
  if (!store) throw new Error('Profile hooks need a <ProfileProvider> above them.');
  return store;
}

/** The profile machine's current view; the server render and hydration see it idle. */
export function useProfileView(): ProfileView {
  const store = useProfileStore();
  return useSyncExternalStore(store.subscribe, store.getView, () => IDLE_PROFILE_VIEW);
}

/** The only way components change the profile. Stable across renders. */
export function useProfileSend(): (event: ProfileEvent) => void {
  const store = useProfileStore();
  return useCallback((event: ProfileEvent) => store.send(event), [store]);
}

import { createContext } from 'react';
import type { ProfileEvent } from '../../machines/profile/profileMachine';
import { createViewStore, type ViewStore } from '../machineView/viewStore';
import { IDLE_PROFILE_VIEW, type ProfileView } from './profileView';

/** The profile provider's external store: React reads it, the connection writes it. */
export type ProfileStore = ViewStore<ProfileView, ProfileEvent>;

export function createProfileStore(): ProfileStore {
  return createViewStore<ProfileView, ProfileEvent>(IDLE_PROFILE_VIEW);
}

export const ProfileStoreContext = createContext<ProfileStore | null>(null);

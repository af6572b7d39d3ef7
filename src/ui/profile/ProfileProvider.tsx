import type { ReactNode } from 'react';
import type { ProfileSlot } from '../../../contract';
import { clientErrorOf } from '../../machines/backend/clientErrors';
import { useUserMachine } from '../machineView/useUserMachine';
import { ProfileContext, type StartProfile } from './profileActor';
import { IDLE_PROFILE_VIEW, type ProfileView } from './profileView';

/** The default: the profile machine loads with the session runtime's chunk, after hydration. */
const startBrowserProfile: StartProfile = async () => {
  const runtime = await import('../session/browserSessionRuntime');
  return runtime.startBrowserProfile();
};

const VIEWS: { idle: ProfileView; failed: ProfileView } = {
  idle: IDLE_PROFILE_VIEW,
  failed: { ...IDLE_PROFILE_VIEW, status: 'failed', error: clientErrorOf('network-error') },
};

export interface ProfileProviderProps {
  children: ReactNode;
  /** Which of the user's profiles to show (the page's `?slot=N`); slot 1 when not given. */
  slot?: ProfileSlot;
  /** Replaces the browser runtime (tests). Read once, when the provider mounts. */
  startProfile?: StartProfile;
}

/**
 * Runs the profile machine for the session's current user while its children are shown: it
 * loads that user's profile in `slot`, again when the slot changes, and another user's when the
 * session changes hands.
 */
export function ProfileProvider({
  children,
  slot = 1,
  startProfile = startBrowserProfile,
}: ProfileProviderProps) {
  const binding = useUserMachine(startProfile, 'profile', VIEWS, slot);
  return <ProfileContext.Provider value={binding}>{children}</ProfileContext.Provider>;
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { messageFor } from '../../machines/backendClient';
import { useCarryOverOffer, useSessionUser } from '../session';
import type { ProfileConnection, StartProfile } from './profileConnection';
import { createProfileStore, ProfileStoreContext } from './profileStore';
import { IDLE_PROFILE_VIEW } from './profileView';

/** The default: the profile machine loads with the session runtime's chunk, after hydration. */
const startBrowserProfile: StartProfile = async () => {
  const runtime = await import('../session/browserSessionRuntime');
  return runtime.startBrowserProfileConnection();
};

export interface ProfileProviderProps {
  children: ReactNode;
  /** Replaces the browser runtime (tests). Read once, when the provider mounts. */
  startProfile?: StartProfile;
}

/**
 * Runs the profile machine for the session's current user while its children are shown: it
 * loads that user's profile, and another user's when the session changes hands.
 */
export function ProfileProvider({
  children,
  startProfile = startBrowserProfile,
}: ProfileProviderProps) {
  const [store] = useState(createProfileStore);
  const startProfileRef = useRef(startProfile);
  const [connected, setConnected] = useState(false);
  const uid = useSessionUser()?.uid ?? null;
  // While the person chooses what happens to a replaced guest's work, the account's profile is
  // about to change: load it once the choice is carried out.
  const choosingCarryOver = useCarryOverOffer() !== null;

  useEffect(() => {
    let cancelled = false;
    let connection: ProfileConnection | null = null;
    // A microtask later, so a StrictMode remount (effect, cleanup, effect) starts only one machine.
    Promise.resolve()
      .then(() => (cancelled ? null : startProfileRef.current()))
      .then(
        (started) => {
          if (cancelled || !started) return;
          connection = started;
          store.setSender((event) => started.send(event));
          started.start((view) => store.publish(view));
          setConnected(true);
        },
        (error: unknown) => {
          if (cancelled) return;
          console.error('[profile] The profile code could not be loaded.', String(error));
          store.publish({
            ...IDLE_PROFILE_VIEW,
            status: 'failed',
            error: { code: 'network-error', message: messageFor('network-error') },
          });
        },
      );
    return () => {
      cancelled = true;
      store.setSender(null);
      connection?.stop();
      setConnected(false);
    };
  }, [store]);

  useEffect(() => {
    if (connected && uid !== null && !choosingCarryOver) store.send({ type: 'LOAD', uid });
  }, [store, connected, uid, choosingCarryOver]);

  return <ProfileStoreContext.Provider value={store}>{children}</ProfileStoreContext.Provider>;
}

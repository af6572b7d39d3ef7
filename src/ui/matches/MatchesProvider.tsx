import type { ReactNode } from 'react';
import type { ProfileSlot } from '../../../contract';
import { clientErrorOf } from '../../machines/backend/clientErrors';
import { useUserMachine } from '../machineView/useUserMachine';
import { MatchesContext, type StartMatches } from './matchesActor';
import { IDLE_MATCHES_VIEW, type MatchesView } from './matchesView';

/** The default: the matches machine loads with the session runtime's chunk, after hydration. */
const startBrowserMatches: StartMatches = async () => {
  const runtime = await import('../session/browserSessionRuntime');
  return runtime.startBrowserMatches();
};

const VIEWS: { idle: MatchesView; failed: MatchesView } = {
  idle: IDLE_MATCHES_VIEW,
  failed: { ...IDLE_MATCHES_VIEW, status: 'failed', error: clientErrorOf('network-error') },
};

export interface MatchesProviderProps {
  children: ReactNode;
  /** Whose matches to show: the profile in this slot (the page's `?slot=N`); 1 when not given. */
  slot?: ProfileSlot;
  /** Replaces the browser runtime (tests). Read once, when the provider mounts. */
  startMatches?: StartMatches;
}

/**
 * Runs the matches machine for the session's current user and one of their profiles (`slot`)
 * while its children are shown.
 */
export function MatchesProvider({
  children,
  slot = 1,
  startMatches = startBrowserMatches,
}: MatchesProviderProps) {
  const binding = useUserMachine(startMatches, 'matches', VIEWS, slot);
  return <MatchesContext.Provider value={binding}>{children}</MatchesContext.Provider>;
}

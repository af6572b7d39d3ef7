import { machineViewHooks } from '../machineView/machineViewHooks';
import { MatchesStoreContext } from './matchesStore';
import { IDLE_MATCHES_VIEW } from './matchesView';

const hooks = machineViewHooks(MatchesStoreContext, IDLE_MATCHES_VIEW, 'MatchesProvider');

/** The matches machine's current view; the server render and hydration see it idle. */
export const useMatchesView = hooks.useView;

/** The only way components change the matches. Stable across renders. */
export const useMatchesSend = hooks.useSend;

import { machineHooks } from '../machineView/machineHooks';
import { MatchesContext } from './matchesActor';
import { toMatchesView } from './matchesView';

const hooks = machineHooks(MatchesContext, toMatchesView, 'MatchesProvider');

/** The matches machine's current view; the server render and hydration see it idle. */
export const useMatchesView = hooks.useView;

/** The only way components change the matches. Stable while the machine runs. */
export const useMatchesSend = hooks.useSend;

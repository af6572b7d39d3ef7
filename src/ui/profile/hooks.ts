import { machineHooks } from '../machineView/machineHooks';
import { ProfileContext } from './profileActor';
import { toProfileView } from './profileView';

const hooks = machineHooks(ProfileContext, toProfileView, 'ProfileProvider');

/** The profile machine's current view; the server render and hydration see it idle. */
export const useProfileView = hooks.useView;

/** The only way components change the profile. Stable while the machine runs. */
export const useProfileSend = hooks.useSend;

import { machineViewHooks } from '../machineView/machineViewHooks';
import { ProfileStoreContext } from './profileStore';
import { IDLE_PROFILE_VIEW } from './profileView';

const hooks = machineViewHooks(ProfileStoreContext, IDLE_PROFILE_VIEW, 'ProfileProvider');

/** The profile machine's current view; the server render and hydration see it idle. */
export const useProfileView = hooks.useView;

/** The only way components change the profile. Stable across renders. */
export const useProfileSend = hooks.useSend;

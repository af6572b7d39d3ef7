import type { ProfileEvent } from '../../machines/profile/profileMachine';
import type { MachineConnection, StartMachine } from '../machineView/machineConnection';
import type { ProfileView } from './profileView';

/** A running profile machine as the provider sees it: views out, events in. */
export type ProfileConnection = MachineConnection<ProfileView, ProfileEvent>;

/** How the provider gets its connection: the browser runtime by default, fakes in tests. */
export type StartProfile = StartMachine<ProfileView, ProfileEvent>;

import { createContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ProfileEvent, profileMachine } from '../../machines/profile/profileMachine';
import type { MachineActor, MachineBinding, StartActor } from '../machineView/machineBinding';
import type { ProfileView } from './profileView';

/** The profile machine's one actor (`createActor(profileMachine.provide(...))`). */
export type ProfileActor = MachineActor<SnapshotFrom<typeof profileMachine>, ProfileEvent>;

/** How the provider gets its actor: the browser runtime by default, fakes in tests. */
export type StartProfile = StartActor<ProfileActor>;

export const ProfileContext = createContext<MachineBinding<
  ProfileActor,
  ProfileView,
  ProfileEvent
> | null>(null);

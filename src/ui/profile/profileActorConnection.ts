import type { profileMachine } from '../../machines/profile/profileMachine';
import { connectActor } from '../machineView/connectActor';
import type { ProfileConnection } from './profileConnection';
import { toProfileView } from './profileView';

/** The only place a profile actor is created (its actors provided with `.provide`). */
export function connectProfileActor(logic: typeof profileMachine): ProfileConnection {
  return connectActor(logic, toProfileView, 'profile');
}

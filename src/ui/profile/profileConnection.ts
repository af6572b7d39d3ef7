import type { ProfileEvent } from '../../machines/profileMachine';
import type { ProfileView } from './profileView';

/** A running profile machine as the provider sees it: views out, events in. */
export interface ProfileConnection {
  /** Starts the machine; `onView` gets every view from then on, the current one first. */
  start(onView: (view: ProfileView) => void): void;
  send(event: ProfileEvent): void;
  stop(): void;
}

/** How the provider gets its connection: the browser runtime by default, fakes in tests. */
export type StartProfile = () => ProfileConnection | Promise<ProfileConnection>;

import { createContext } from 'react';
import type { ProfileEvent } from '../../machines/profileMachine';
import { IDLE_PROFILE_VIEW, type ProfileView } from './profileView';

/** The profile provider's external store: React reads it, the connection writes it. */
export interface ProfileStore {
  getView(): ProfileView;
  subscribe(listener: () => void): () => void;
  publish(view: ProfileView): void;
  send(event: ProfileEvent): void;
  /** Where `send` goes; events sent while there is none (still loading) are dropped. */
  setSender(sender: ((event: ProfileEvent) => void) | null): void;
}

export function createProfileStore(): ProfileStore {
  let view = IDLE_PROFILE_VIEW;
  let sender: ((event: ProfileEvent) => void) | null = null;
  const listeners = new Set<() => void>();
  return {
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(next) {
      view = next;
      listeners.forEach((listener) => listener());
    },
    send: (event) => sender?.(event),
    setSender(next) {
      sender = next;
    },
  };
}

export const ProfileStoreContext = createContext<ProfileStore | null>(null);

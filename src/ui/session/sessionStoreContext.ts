import { createContext } from 'react';
import type { SessionStore } from './sessionStore';

export const SessionStoreContext = createContext<SessionStore | null>(null);

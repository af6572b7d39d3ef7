import { createContext } from 'react';
import type { MatchesEvent } from '../../machines/matches/matchesMachine';
import type { MachineConnection, StartMachine } from '../machineView/machineConnection';
import { createViewStore, type ViewStore } from '../machineView/viewStore';
import { IDLE_MATCHES_VIEW, type MatchesView } from './matchesView';

export type MatchesStore = ViewStore<MatchesView, MatchesEvent>;
export type MatchesConnection = MachineConnection<MatchesView, MatchesEvent>;
export type StartMatches = StartMachine<MatchesView, MatchesEvent>;

export function createMatchesStore(): MatchesStore {
  return createViewStore<MatchesView, MatchesEvent>(IDLE_MATCHES_VIEW);
}

export const MatchesStoreContext = createContext<MatchesStore | null>(null);

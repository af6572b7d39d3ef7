import { createContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { matchesMachine } from '../../machines/matches/matchesMachine';
import type { MatchesEvent } from '../../machines/matches/matchesTypes';
import type { MachineActor, MachineBinding, StartActor } from '../machineView/machineBinding';
import type { MatchesView } from './matchesView';

/** The matches machine's one actor (`createActor(matchesMachine.provide(...))`). */
export type MatchesActor = MachineActor<SnapshotFrom<typeof matchesMachine>, MatchesEvent>;

/** How the provider gets its actor: the browser runtime by default, fakes in tests. */
export type StartMatches = StartActor<MatchesActor>;

export const MatchesContext = createContext<MachineBinding<
  MatchesActor,
  MatchesView,
  MatchesEvent
> | null>(null);

import { createContext } from 'react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session/sessionMachine';
import type { SessionUserEvent } from '../../machines/session/sessionTypes';
import type { MachineActor, MachineBinding, StartActor } from '../machineView/machineBinding';
import type { SessionView } from './restoringView';
import type { SessionKind } from './sessionKindHint';

/**
 * The session machine's one actor (`createActor(sessionMachine.provide({ actors }))`). The lazily
 * loaded runtime creates it, so nothing in the first page load needs xstate or Firebase.
 */
export type SessionActor = MachineActor<
  SnapshotFrom<typeof sessionMachine>,
  EventFromLogic<typeof sessionMachine>
>;

/** How the provider gets its actor, not started: the browser runtime by default, fakes in tests. */
export type StartSession = StartActor<SessionActor>;

export interface SessionBinding extends MachineBinding<
  SessionActor,
  SessionView,
  SessionUserEvent
> {
  /** The session kind this browser saw last time; only a guess until the session is restored. */
  kindHint: SessionKind | null;
}

export const SessionContext = createContext<SessionBinding | null>(null);
